import { describe, expect, it } from 'vitest';
import type { EndpointId } from '@fleet/contracts';
import { ApiError } from '../../api/ApiError';
import { makeChannel } from '../../test-utils/channels';
import { countChannels } from '@fleet/domain';
import { loadServers, SERVER_PAGE_SIZE } from './serverSource';
import type { Call } from './serverSource';
import { makeServer } from '../../test-utils/servers';

interface Made {
  readonly id: EndpointId;
  readonly input: unknown;
}

/** A catalogue client answering from a table, recording the calls made. */
function fakeCall(answer: (id: EndpointId, input: { params?: Record<string, string>; query?: Record<string, number> }) => unknown): {
  call: Call;
  made: Made[];
} {
  const made: Made[] = [];
  const call = (async (id: EndpointId, input: unknown) => {
    made.push({ id, input });
    return answer(id, input as { params?: Record<string, string> });
  }) as Call;
  return { call, made };
}

const notFound = () => new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Not found' });

describe('the servers tab rows', () => {
  it('a user who is not an admin sees the servers of their channels and video return channels, each read once', async () => {
    const channels = [
      makeChannel({ channelId: 'c1', serverId: 'MMH-1' }),
      makeChannel({ channelId: 'c2', serverId: 'MMH-1' }),
      makeChannel({ channelId: 'c3', serverId: 'TRX-1' }),
    ];
    const { call, made } = fakeCall((id, input) => {
      if (id === 'fetchChannels') return { channels, counters: countChannels(channels) };
      if (id === 'listGroupVrChannels') {
        if (input.params?.groupId === 'gone') throw notFound();
        return { groupId: input.params?.groupId, items: [{ serverId: 'VRS-1' }, { serverId: null }], counters: {} };
      }
      if (id === 'getServer') {
        if (input.params?.id === 'TRX-1') throw notFound();
        return makeServer({ id: input.params?.id ?? '' });
      }
      throw new Error(`unexpected ${id}`);
    });
    const rows = await loadServers({ roles: ['luc_regular'], inventoryIds: ['inv-1'], groupIds: ['g1', 'gone'] }, call);
    // A server gone meanwhile (404) is left out, not a failed tab.
    expect(rows.map((s) => s.id)).toEqual(['MMH-1', 'VRS-1']);
    expect(made.filter((m) => m.id === 'getServer')).toHaveLength(3);
    expect(made.some((m) => m.id === 'adminInventoryServers')).toBe(false);
  });

  it('an admin lists every page of each of their inventories', async () => {
    const all = Array.from({ length: SERVER_PAGE_SIZE + 3 }, (_, i) => makeServer({ id: `S${String(i).padStart(3, '0')}` }));
    const { call, made } = fakeCall((id, input) => {
      if (id !== 'adminInventoryServers') throw new Error(`unexpected ${id}`);
      if (input.params?.id === 'inv-2') return { items: [all[0]], total: 1, offset: 0, limit: SERVER_PAGE_SIZE };
      const offset = input.query?.offset ?? 0;
      return { items: all.slice(offset, offset + SERVER_PAGE_SIZE), total: all.length, offset, limit: SERVER_PAGE_SIZE };
    });
    const rows = await loadServers({ roles: ['luc_admin'], inventoryIds: ['inv-1', 'inv-2'], groupIds: [] }, call);
    expect(rows).toHaveLength(all.length);
    expect(made.filter((m) => m.id === 'adminInventoryServers')).toHaveLength(3);
    expect(made.some((m) => m.id === 'fetchChannels')).toBe(false);
  });

  it('a failure other than a missing object fails the tab', async () => {
    const { call } = fakeCall(() => {
      throw new ApiError({ status: 500, code: 'INTERNAL', message: 'boom' });
    });
    await expect(loadServers({ roles: ['luc_regular'], inventoryIds: [], groupIds: [] }, call)).rejects.toThrow('boom');
  });
});
