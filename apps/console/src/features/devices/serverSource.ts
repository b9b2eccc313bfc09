/**
 * Where the servers tab's rows come from (spec 001 §2, §7). Admin roles list the servers of their
 * inventories (GET v2/admin/inventories/{id}/servers, every page). Other users have no server
 * listing call: their servers are those of the channels (GET channels/fetch) and video return
 * channels (GET v0/groups/{id}/video-return-channels) they see, each read with GET servers/{id}.
 * The catalogue client is passed in, so the derivation is tested without a network.
 */
import { ADMIN_UNIT_ROLES, hasAnyRole, LIMITS } from '@fleet/contracts';
import type { EndpointId, EndpointInput, EndpointOutput, Role, ServerDetail } from '@fleet/contracts';
import { isApiError } from '../../api/ApiError';
import { mergeServers, serverIdsOf } from './serverList';

export type Call = <K extends EndpointId>(id: K, input: Partial<EndpointInput<K>>) => Promise<EndpointOutput<K>>;

export interface ServerSourceUser {
  readonly roles: readonly Role[];
  readonly inventoryIds: readonly string[];
  readonly groupIds: readonly string[];
}

/** Admin roles list by inventory; the others derive their servers from their channels. */
export const listsByInventory = (user: Pick<ServerSourceUser, 'roles'>): boolean => hasAnyRole(user.roles, ADMIN_UNIT_ROLES);

/** Page size of the admin listing (the spec's search default, spec 001 §9). */
export const SERVER_PAGE_SIZE = LIMITS.unitSearchDefaultPageSize;

/** A read that may fail for one object only (removed meanwhile, or no longer visible: 404/403): skipped. */
async function unlessGone<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 403)) return undefined;
    throw error;
  }
}

async function inventoryServers(call: Call, inventoryId: string): Promise<ServerDetail[]> {
  const rows: ServerDetail[] = [];
  for (let offset = 0; ; offset += SERVER_PAGE_SIZE) {
    const page = await unlessGone(call('adminInventoryServers', { params: { id: inventoryId }, query: { offset, limit: SERVER_PAGE_SIZE } }));
    if (page === undefined) return rows;
    rows.push(...page.items);
    if (page.items.length === 0 || offset + page.items.length >= page.total) return rows;
  }
}

export async function loadServers(user: ServerSourceUser, call: Call): Promise<ServerDetail[]> {
  if (listsByInventory(user)) {
    return mergeServers(await Promise.all(user.inventoryIds.map((id) => inventoryServers(call, id))));
  }
  const [channels, ...vrLists] = await Promise.all([
    call('fetchChannels', {}),
    ...user.groupIds.map((groupId) => unlessGone(call('listGroupVrChannels', { params: { groupId } }))),
  ]);
  const ids = serverIdsOf([...channels.channels, ...vrLists.flatMap((list) => list?.items ?? [])]);
  const servers = await Promise.all(ids.map((id) => unlessGone(call('getServer', { params: { id } }))));
  return servers.filter((server): server is ServerDetail => server !== undefined);
}
