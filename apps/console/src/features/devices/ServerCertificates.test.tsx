/**
 * The server configuration's certificates (spec 001 §3 Server): one row per certificate with its
 * expiry, removed through the configuration call by those who may change servers; a server
 * without any says so.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServerConfiguration } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import { makeServer, makeServerConfiguration } from '../../test-utils/servers';
import { ServerConfigurationSection } from './ServerSettings';

const server = makeServer({ id: 'MMH1' });

function configuration(certificates: ServerConfiguration['certificates']): ServerConfiguration {
  return makeServerConfiguration({ ifbMode: null, certificates });
}

describe('Servers: the certificates', () => {
  it('lists the certificates and removes one through the configuration call', async () => {
    const api = new FakeApi()
      .on(
        'getMmhServerConfiguration',
        configuration([
          { id: 'c1', name: 'hub.pem', expiresAt: null },
          { id: 'c2', name: 'old.pem', expiresAt: '2030-01-01T00:00:00.000Z' },
        ]),
      )
      .on('setMmhServerConfiguration', configuration([]));
    const { user } = await renderWithApp(<ServerConfigurationSection server={server} kind="mmh" allowed />, { api, realtime: false });
    expect(await screen.findByTestId('server-certificate-c1')).toHaveTextContent('hub.pem—');
    expect(screen.getByTestId('server-certificate-c2')).toHaveTextContent('old.pem');
    await user.click(screen.getByTestId('server-certificate-remove-c2'));
    expect(api.calls('setMmhServerConfiguration')[0]?.body).toMatchObject({ removeCertificateId: 'c2' });
  });

  it('offers no remove to those who may not change servers, and says when there is no certificate', async () => {
    const api = new FakeApi().on('getMmhServerConfiguration', configuration([{ id: 'c1', name: 'hub.pem', expiresAt: null }]));
    const { unmount } = await renderWithApp(<ServerConfigurationSection server={server} kind="mmh" allowed={false} />, { api, realtime: false });
    expect(await screen.findByTestId('server-certificate-c1')).toBeVisible();
    expect(screen.queryByTestId('server-certificate-remove-c1')).not.toBeInTheDocument();
    unmount();
    await renderWithApp(<ServerConfigurationSection server={server} kind="mmh" allowed />, {
      api: new FakeApi().on('getMmhServerConfiguration', configuration([])),
      realtime: false,
    });
    expect(await screen.findByTestId('server-certificates')).toHaveTextContent('No certificates');
  });
});
