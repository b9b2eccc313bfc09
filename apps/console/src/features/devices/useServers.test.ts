import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ServerDetail } from '@fleet/contracts';
import { endpointKey } from '../../api/hooks';
import { applyToServerCaches, SERVERS_KEY } from './useServers';
import { makeServer } from '../../test-utils/servers';

describe('server caches patched from /ws', () => {
  it('every cached list and the cached server take a newer server; its settings are read again', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const a = makeServer({ id: 'A', version: 2 });
    const listKey = [...SERVERS_KEY, { roles: ['luc_admin'] }];
    client.setQueryData(listKey, [a]);
    client.setQueryData(endpointKey('getServer', { params: { id: 'A' } }), a);
    const configKey = endpointKey('getMmhServerConfiguration', { params: { id: 'A' } });
    const otherKey = endpointKey('getMmhServerConfiguration', { params: { id: 'B' } });
    client.setQueryData(configKey, { serverId: 'A' });
    client.setQueryData(otherKey, { serverId: 'B' });

    const changed = { ...a, comment: 'moved to rack 2', version: 3 };
    applyToServerCaches(client, { type: 'server.changed', server: changed, at: 1 });
    expect(client.getQueryData<ServerDetail[]>(listKey)?.[0]).toEqual(changed);
    expect(client.getQueryData(endpointKey('getServer', { params: { id: 'A' } }))).toEqual(changed);
    expect(client.getQueryState(configKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(otherKey)?.isInvalidated).toBe(false);

    // An older copy arriving late changes nothing; a status event patches the status.
    applyToServerCaches(client, { type: 'server.changed', server: { ...a, comment: 'stale', version: 1 }, at: 2 });
    expect(client.getQueryData<ServerDetail[]>(listKey)?.[0]?.comment).toBe('moved to rack 2');
    applyToServerCaches(client, { type: 'server.status', serverId: 'A', status: 'offline', previous: 'online', at: 3 });
    expect(client.getQueryData<ServerDetail[]>(listKey)?.[0]?.status).toBe('offline');
    expect(client.getQueryData<ServerDetail>(endpointKey('getServer', { params: { id: 'A' } }))?.status).toBe('offline');
    client.clear();
  });
});
