import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOPIC, VALIDATION } from '@fleet/contracts';
import type { AdminInventory, ServerDetail } from '@fleet/contracts';
import { FakeApi, apiError, fieldErrors } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import ServersEntity from './ServersEntity';

function server(n: number, overrides: Partial<ServerDetail> = {}): ServerDetail {
  const id = `srv${String(n).padStart(3, '0')}`;
  return {
    id,
    uniqueId: id,
    name: `Hub_${String(n).padStart(3, '0')}`,
    serverType: 'mmh_server',
    productType: 'MMH-1',
    serial: `SN${n}`,
    alias: '',
    comment: '',
    status: 'online',
    swVersion: '8.5.0',
    targetSwVersion: null,
    inventoryId: 'inv1',
    ifbMode: null,
    maxChannels: 4,
    channelCount: 0,
    webrtcPort: null,
    publishingMode: 'automatic',
    cloudRegion: null,
    cloudInstance: null,
    cloudProvider: null,
    genlockOffset: null,
    deviceId: null,
    tallyHwStatus: null,
    audioHwStatus: null,
    state: null,
    applications: {},
    serverUsage: { cpu: null, storage: null },
    upTime: null,
    ipPipeState: null,
    version: 1,
    updatedAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

const INVENTORY: AdminInventory = {
  id: 'inv1',
  name: 'Inventory 1',
  region: 'eu',
  parentId: null,
  parentName: null,
  sipServer: null,
  childCount: 0,
  version: 1,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
};

const SERVERS = Array.from({ length: 120 }, (_, i) => server(i + 1));

/** The core's paged, searched and sorted server list (v2/admin/servers), over `servers`. */
function coreWithServers(servers: readonly ServerDetail[] = SERVERS) {
  return new FakeApi()
    .on('searchAdminServers', ({ query }) => {
      const needle = query.searchValue?.toLowerCase() ?? '';
      const found = servers.filter((s) => s.serverType === query.type && s.name.toLowerCase().includes(needle));
      const sorted = [...found].sort((a, b) => a.name.localeCompare(b.name) * (query.sortDir === 'desc' ? -1 : 1));
      return { items: sorted.slice(query.offset, query.offset + query.limit), total: found.length, offset: query.offset, limit: query.limit };
    })
    .on('searchAdminInventories', { items: [INVENTORY], total: 1, offset: 0, limit: 50 });
}

function shownNames(): string[] {
  return within(screen.getByTestId('servers-grid'))
    .queryAllByTestId(/^servers-row-/)
    .map((row) => row.querySelector('td')?.textContent ?? '');
}

async function renderServers(api = coreWithServers()) {
  const rendered = await renderWithApp(<ServersEntity kind="mmh_servers" />, { roles: ['super_user'], api, route: '/system_entities/mmh_servers' });
  await screen.findByTestId('servers-row-srv001');
  return rendered;
}

describe('/system_entities servers: the list', () => {
  it('shows the first page of 50 with the total, and reads the next page from the core', async () => {
    const { user, api } = await renderServers();
    expect(shownNames()).toHaveLength(50);
    expect(shownNames()[0]).toBe('Hub_001');
    expect(screen.getByTestId('servers-total')).toHaveTextContent('120 in total');

    await user.click(within(screen.getByTestId('servers-pagination')).getByRole('button', { name: '2' }));

    await waitFor(() => expect(shownNames()[0]).toBe('Hub_051'));
    const last = api.calls('searchAdminServers').at(-1);
    expect(last?.query.get('offset')).toBe('50');
    expect(last?.query.get('limit')).toBe('50');
    expect(last?.query.get('type')).toBe('mmh_server');
  });

  it('sorts on the core when a header is clicked, and searches from the first page', async () => {
    const { user, api } = await renderServers();

    await user.click(screen.getByTestId('servers-sort-name'));
    await waitFor(() => expect(shownNames()[0]).toBe('Hub_120'));
    expect(api.calls('searchAdminServers').at(-1)?.query.get('sortDir')).toBe('desc');

    await fill(user, screen.getByTestId('servers-search'), 'hub_11');
    await waitFor(() =>
      expect(shownNames()).toEqual(['Hub_119', 'Hub_118', 'Hub_117', 'Hub_116', 'Hub_115', 'Hub_114', 'Hub_113', 'Hub_112', 'Hub_111', 'Hub_110']),
    );
    expect(screen.getByTestId('servers-total')).toHaveTextContent('10 in total');
    expect(api.calls('searchAdminServers').at(-1)?.query.get('offset')).toBe('0');

    await fill(user, screen.getByTestId('servers-search'), 'nothing');
    expect(await screen.findByTestId('servers-empty')).toHaveTextContent('Nothing matches');
  });

  it('reads the list again when /ws says servers were stored', async () => {
    const { socket, settled, api } = await renderServers();
    await settled();
    const reads = api.calls('searchAdminServers').length;

    await socket.emit({ type: 'systemEntities.changed', kinds: ['server'], at: 1 }, ADMIN_TOPIC);
    await waitFor(() => expect(api.calls('searchAdminServers')).toHaveLength(reads + 1));

    await socket.emit({ type: 'systemEntities.changed', kinds: ['user'], at: 2 }, ADMIN_TOPIC);
    await settled();
    expect(api.calls('searchAdminServers')).toHaveLength(reads + 1);
  });
});

describe('/system_entities servers: the form', () => {
  it('checks the spec 001 §5 rules before sending: name characters, required serial, genlock offset range', async () => {
    const { user, api } = await renderServers();
    await user.click(screen.getByTestId('servers-new'));

    await fill(user, screen.getByTestId('server-name'), 'Hub one');
    await fill(user, screen.getByTestId('server-swVersion'), '8.5.0');
    await fill(user, screen.getByTestId('server-genlockOffset'), '600');
    await user.click(screen.getByTestId('server-save'));

    expect(await screen.findByTestId('server-error.name')).toHaveTextContent(VALIDATION.unitNameCharacters);
    expect(screen.getByTestId('server-error.serial')).toHaveTextContent(VALIDATION.required);
    expect(screen.getByTestId('server-error.genlockOffset')).toHaveTextContent(VALIDATION.maxValue(511));
    expect(api.calls('createAdminServer')).toHaveLength(0);
  });

  it('creates a server and says so', async () => {
    const api = coreWithServers().on('createAdminServer', ({ body }) => server(121, { name: body.name, serial: body.serial }));
    const { user } = await renderServers(api);
    await user.click(screen.getByTestId('servers-new'));

    await fill(user, screen.getByTestId('server-name'), 'Hub_new');
    await fill(user, screen.getByTestId('server-serial'), 'SN-9');
    await fill(user, screen.getByTestId('server-swVersion'), '8.5.0');
    await fill(user, screen.getByTestId('server-webrtcPort'), '8443');
    await user.click(screen.getByTestId('server-save'));

    await waitFor(() => expect(screen.queryByTestId('server-modal')).not.toBeInTheDocument());
    expect(api.calls('createAdminServer')[0]?.body).toMatchObject({
      serverType: 'mmh_server',
      name: 'Hub_new',
      serial: 'SN-9',
      swVersion: '8.5.0',
      webrtcPort: 8443,
      maxChannels: 0,
      genlockOffset: null,
    });
    expect(screen.getByTestId('toasts')).toHaveTextContent('Server Hub_new created');
  });

  it('shows a §8 refusal of the core in its words and keeps the form open', async () => {
    const api = coreWithServers().on('updateAdminServer', apiError('MAX_CHANNELS_BELOW_ALLOCATED'));
    const { user } = await renderServers(api);

    await user.click(screen.getByTestId('servers-row-srv001'));
    await fill(user, screen.getByTestId('server-maxChannels'), '1');
    await user.click(screen.getByTestId('server-save'));

    expect(await screen.findByTestId('server-form-error')).toHaveTextContent('Max channels cannot be lower than the number of allocated channels');
    expect(api.calls('updateAdminServer')[0]).toMatchObject({ params: { id: 'srv001' }, body: expect.objectContaining({ maxChannels: 1, version: 1 }) });
    expect(screen.getByTestId('server-modal')).toBeVisible();
  });

  it('shows the core’s refusal of a serial another server holds on the field, then saves the alias', async () => {
    const api = coreWithServers().on('updateAdminServer', ({ params, body }) =>
      body.serial === 'SN2'
        ? fieldErrors([{ path: 'body.serial', message: VALIDATION.fieldUnique }])
        : server(1, { alias: body.alias ?? '', version: 2, id: params.id }),
    );
    const { user } = await renderServers(api);

    await user.click(screen.getByTestId('servers-row-srv001'));
    await fill(user, await screen.findByTestId('server-serial'), 'SN2');
    await user.click(screen.getByTestId('server-save'));
    expect(await screen.findByTestId('server-error.serial')).toHaveTextContent(VALIDATION.fieldUnique);
    expect(screen.getByTestId('server-modal')).toBeVisible();

    await fill(user, screen.getByTestId('server-serial'), 'SN1');
    await fill(user, screen.getByTestId('server-alias'), 'Studio-East');
    await user.click(screen.getByTestId('server-save'));
    await waitFor(() => expect(screen.queryByTestId('server-modal')).not.toBeInTheDocument());
    expect(api.calls('updateAdminServer').map((call) => call.body)).toEqual([
      expect.objectContaining({ serial: 'SN2' }),
      expect.objectContaining({ serial: 'SN1', alias: 'Studio-East' }),
    ]);
  });
});
