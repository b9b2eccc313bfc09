/**
 * The IP pipe's server is chosen by name from the servers the user sees (natural order, type, id
 * and status by label), and its id is what is applied.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countChannels } from '@fleet/domain';
import { apiError, FakeApi } from '../../test-utils/fakeApi';
import { makeChannel } from '../../test-utils/channels';
import { makeDetail, makeUnitAlertsConfiguration, makeUnitConfiguration } from '../../test-utils/fixtures';
import { makeServer } from '../../test-utils/servers';
import { renderWithApp } from '../../test-utils/render';
import UnitConfigModal from './UnitConfigModal';

const UNIT = 'LU800-0001';
const SERVERS = [
  makeServer({ id: 'MMH-0010', name: 'Hub-10', serverType: 'mmh_server', status: 'online' }),
  makeServer({ id: 'MMH-0002', name: 'Hub-2', serverType: 'mmh_server', status: 'offline' }),
];

describe('unit configuration, IP pipe: the server', () => {
  it('is chosen by name from the user’s servers in natural order, with type, id and status, and applied by id', async () => {
    const channels = SERVERS.map((s, i) => makeChannel({ channelId: `${s.id}-CH${i}`, serverId: s.id, serverName: s.name }));
    const config = makeUnitConfiguration({ ipPipe: { ...makeUnitConfiguration().ipPipe, enabled: true, serverId: null, port: 5000 } });
    const api = new FakeApi()
      .on('getUnitConfigurationV2', config)
      .on('getUnit', makeDetail({ uniqueId: UNIT, capabilities: { ipPipe: true } }))
      .on('getUnitAlertsConfiguration', makeUnitAlertsConfiguration())
      .on('getUnitGroups', [])
      .on('fetchChannels', { channels, counters: countChannels(channels) })
      // The user's group has no video return channels to add servers from.
      .on('listGroupVrChannels', apiError('NOT_FOUND'))
      .on('getServer', ({ params }) => SERVERS.find((s) => s.id === params.id) ?? SERVERS[0]!)
      .on('updateUnitIpPipe', config);
    const { user } = await renderWithApp(<UnitConfigModal unitId={UNIT} opened onClose={() => undefined} />, {
      roles: ['luc_regular'],
      route: `/list?unit=${UNIT}&config=ipPipe`,
      api,
    });
    const field = await screen.findByTestId('config-ipPipe-serverId');
    // The servers are read (their channels, then each server) before the list can offer them.
    await waitFor(() => expect(api.calls('getServer')).toHaveLength(2));
    await user.click(field);
    const options = await screen.findAllByTestId('config-ipPipe-serverId-option');
    expect(options.map((o) => o.getAttribute('data-server'))).toEqual(['MMH-0002', 'MMH-0010']);
    expect(options[0]).toHaveTextContent('Offline');
    expect(options[0]).toHaveTextContent('Multimedia hub · MMH-0002');
    await user.click(options[1] as HTMLElement);
    expect(field).toHaveValue('Hub-10');
    await user.click(screen.getByTestId('config-apply-ipPipe'));
    await waitFor(() => expect(api.calls('updateUnitIpPipe')).toHaveLength(1));
    expect(api.calls('updateUnitIpPipe')[0]?.body).toMatchObject({ enabled: true, serverId: 'MMH-0010' });
  }, 30_000);
});
