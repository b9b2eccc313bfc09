/**
 * The server detail's refusals (spec 001 §8): an IFB mode change the core refuses (server offline,
 * not idle, no SIP server, no primary inventory) and a certificate the core does not remove (not
 * found, deletion failed, the device busy) show the catalogue's text where the user acted; the IP
 * pipe's server list is read in pages of 1000 (001 §9).
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@fleet/contracts';
import type { ErrorCode, IpPipeSettings } from '@fleet/contracts';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import { makeServer, makeServerConfiguration } from '../../test-utils/servers';
import { IpPipeSection, ServerConfigurationSection } from './ServerSettings';

const server = makeServer({ id: 'MMH1' });

const CONFIGURATION = makeServerConfiguration({ certificates: [{ id: 'c1', name: 'hub.pem', expiresAt: null }] });

describe('Servers: IFB mode change errors', () => {
  it.each<ErrorCode>(['IFB_MODE_SERVER_OFFLINE', 'IFB_MODE_SERVER_NOT_IDLE', 'IFB_MODE_NO_SIP_SERVER', 'IFB_MODE_NO_PRIMARY_INVENTORY'])(
    'shows the refusal %s in the spec words on the configuration form',
    async (code) => {
      const api = new FakeApi().on('getMmhServerConfiguration', CONFIGURATION).on('setMmhServerConfiguration', () => apiError(code));
      const { user } = await renderWithApp(<ServerConfigurationSection server={server} kind="mmh" allowed />, { api, realtime: false });
      const mode = await screen.findByTestId('server-config-ifbMode');
      const other = [...(mode as HTMLSelectElement).options].find((option) => !option.disabled && option.value !== 'V1');
      if (other === undefined) throw new Error('no other IFB mode offered');
      await user.selectOptions(mode, other.value);
      await user.click(screen.getByTestId('channel-apply-server-config'));
      expect(await screen.findByTestId('channel-failure-server-config')).toHaveTextContent(ERROR_CATALOGUE[code].message);
      expect(api.calls('setMmhServerConfiguration')[0]?.body).toMatchObject({ ifbMode: other.value });
    },
  );
});

describe('Servers: certificate removal refused', () => {
  it.each<ErrorCode>(['CERTIFICATE_DELETION_DEVICE_BUSY', 'CERTIFICATE_NOT_FOUND', 'CERTIFICATE_DELETION_FAILED'])(
    'shows the refusal %s in the spec words under the certificates and keeps the certificate',
    async (code) => {
      const api = new FakeApi().on('getMmhServerConfiguration', CONFIGURATION).on('setMmhServerConfiguration', () => apiError(code));
      const { user } = await renderWithApp(<ServerConfigurationSection server={server} kind="mmh" allowed />, { api, realtime: false });
      await user.click(await screen.findByTestId('server-certificate-remove-c1'));
      expect(await screen.findByTestId('server-certificate-error')).toHaveTextContent(ERROR_CATALOGUE[code].message);
      expect(api.calls('setMmhServerConfiguration')[0]?.body).toEqual({ removeCertificateId: 'c1' });
      expect(screen.getByTestId('server-certificate-c1')).toHaveTextContent('hub.pem');
    },
  );
});

describe('Servers: the IP pipe server list page size', () => {
  it('reads the IP pipe with its server list in pages of 1000', async () => {
    const pipe: IpPipeSettings = {
      serverId: 'MMH1',
      configured: true,
      enabled: false,
      port: 5000,
      bitrateKbps: null,
      servers: [],
      serverCount: 0,
      offset: 0,
      limit: 1000,
      state: 'not_connected',
      version: 1,
    };
    const api = new FakeApi().on('getMmhServerIpPipe', pipe);
    await renderWithApp(<IpPipeSection server={server} allowed />, { api, realtime: false });
    await waitFor(() => expect(api.calls('getMmhServerIpPipe')).toHaveLength(1));
    expect(api.calls('getMmhServerIpPipe')[0]?.query.get('limit')).toBe('1000');
    expect(api.calls('getMmhServerIpPipe')[0]?.query.get('offset')).toBe('0');
  });
});
