/**
 * The hub's SMPTE 2110 and IP pipe forms (spec 001 §3 Server, §5 ranges), declared as the settings
 * forms' inputs: the values as read, the secondary network only while redundant, the spec's rules
 * inline before anything is sent, and the change sent.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { IpPipeSettings, SmpteSettings } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import { makeServer } from '../../test-utils/servers';
import { IpPipeSection, SmpteSection } from './ServerSettings';

const server = makeServer({ id: 'MMH1' });

const SMPTE: SmpteSettings = {
  serverId: 'MMH1',
  primary: { ip: '10.0.0.2', subnetMask: '255.255.255.0', gateway: null },
  secondary: null,
  ptpDomain: 0,
  genlockOffset: null,
  version: 3,
};

const PIPE: IpPipeSettings = {
  serverId: 'MMH1',
  configured: true,
  enabled: false,
  port: 5000,
  bitrateKbps: null,
  servers: ['pipe-1.example.net'],
  serverCount: 1,
  offset: 0,
  limit: 1000,
  state: 'not_connected',
  version: 2,
};

describe('Servers: SMPTE 2110 and IP pipe', () => {
  it('shows the secondary network only while redundant and sends both', async () => {
    const api = new FakeApi().on('getMmhServerSmpte', SMPTE).on('setMmhServerSmpte', () => ({ ...SMPTE, version: 4 }));
    const { user } = await renderWithApp(<SmpteSection server={server} allowed />, { api, realtime: false });
    expect(await screen.findByTestId('server-smpte-primaryIp')).toHaveValue('10.0.0.2');
    expect(screen.queryByTestId('server-smpte-secondaryIp')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('server-smpte-redundant'));
    await fill(user, screen.getByTestId('server-smpte-secondaryIp'), '10.0.1.2');
    await fill(user, screen.getByTestId('server-smpte-secondaryMask'), '255.255.255.0');
    await fill(user, screen.getByTestId('server-smpte-genlockOffset'), '12');
    await user.click(screen.getByTestId('channel-apply-server-smpte'));
    await waitFor(() => expect(api.calls('setMmhServerSmpte')).toHaveLength(1));
    expect(api.calls('setMmhServerSmpte')[0]?.body).toMatchObject({
      primary: { ip: '10.0.0.2', subnetMask: '255.255.255.0' },
      secondary: { ip: '10.0.1.2', subnetMask: '255.255.255.0' },
      genlockOffset: 12,
    });
  });

  it('refuses a bitrate of 1 Mbps or more inline, then sends the pipe with its servers', async () => {
    const api = new FakeApi().on('getMmhServerIpPipe', PIPE).on('updateMmhServerIpPipe', ({ body }) => ({ ...PIPE, ...body, version: 3 }));
    const { user } = await renderWithApp(<IpPipeSection server={server} allowed />, { api, realtime: false });
    expect(await screen.findByTestId('server-ippipe-port')).toHaveValue('5000');
    expect(screen.getByTestId('server-ippipe-servers')).toHaveValue('pipe-1.example.net');
    await user.click(screen.getByTestId('server-ippipe-enabled'));
    await fill(user, screen.getByTestId('server-ippipe-bitrate'), '1000');
    await user.click(screen.getByTestId('channel-apply-server-ippipe'));
    expect(await screen.findByTestId('server-error-ippipe.bitrateKbps')).toBeInTheDocument();
    expect(api.calls('updateMmhServerIpPipe')).toHaveLength(0);

    await fill(user, screen.getByTestId('server-ippipe-bitrate'), '800');
    await user.click(screen.getByTestId('channel-apply-server-ippipe'));
    await waitFor(() => expect(api.calls('updateMmhServerIpPipe')).toHaveLength(1));
    expect(api.calls('updateMmhServerIpPipe')[0]?.body).toEqual({ enabled: true, port: 5000, bitrateKbps: 800, servers: ['pipe-1.example.net'] });
  });
});
