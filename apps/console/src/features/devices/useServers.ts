/**
 * The servers tab's rows (serverSource.ts) in React Query, kept current from /ws with no reload:
 * `server.changed` / `server.status` patch the cached rows and any cached GET servers/{id} in
 * place (serverList.ts); a newer server also has its configuration reads fetched again, so an
 * open detail shows what changed elsewhere (e.g. the IP pipe going connecting → connected).
 */
import { isNewerVersion } from '../../kit/cache';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { QueryClient, UseQueryResult } from '@tanstack/react-query';
import type { ServerDetail } from '@fleet/contracts';
import type { ApiError } from '../../api/ApiError';
import { callEndpoint } from '../../api/client';
import { endpointKey, endpointPrefix } from '../../api/hooks';
import { rolesOf, useSessionUser } from '../../session/hooks';
import { applyServerEvent, applyToServer } from './serverList';
import type { ServerEvent } from './serverList';
import { loadServers } from './serverSource';
import type { ServerSourceUser } from './serverSource';

export const SERVERS_KEY = ['devices.servers'] as const;

/**
 * Reads of one server that a server.changed may have changed: its settings (a newer version), and
 * what the device reports about itself as it comes up (addresses — a reset instance may come back
 * on another public address —, hardware, features).
 */
const SETTINGS_READS = [
  'getMmhServerConfiguration',
  'getVrServerConfiguration',
  'getMmhServerSmpte',
  'getMmhServerIpPipe',
  'getServerComment',
  'getServerIps',
  'getServerSpecifications',
  'getServerCapabilities',
] as const;

export function applyToServerCaches(queryClient: QueryClient, event: ServerEvent): void {
  queryClient.setQueriesData<readonly ServerDetail[]>({ queryKey: SERVERS_KEY }, (rows) => (rows ? applyServerEvent(rows, event) : rows));
  const id = event.type === 'server.changed' ? event.server.id : event.serverId;
  const key = endpointKey('getServer', { params: { id } });
  const cached = queryClient.getQueryData<ServerDetail>(key);
  if (cached) {
    const next = applyToServer(cached, event);
    if (next !== cached) queryClient.setQueryData(key, next);
  }
  if (event.type === 'server.changed') {
    for (const read of SETTINGS_READS) {
      void queryClient.invalidateQueries({
        queryKey: endpointPrefix(read),
        predicate: (query) => JSON.stringify(query.queryKey[1] ?? {}).includes(`"id":${JSON.stringify(id)}`),
      });
    }
  }
}

export function useServerSourceUser(): ServerSourceUser | null {
  const user = useSessionUser();
  return useMemo(
    () => (user ? { roles: rolesOf(user), inventoryIds: user.inventories.map((i) => i.id), groupIds: user.groups.map((g) => g.id) } : null),
    [user],
  );
}

export function useServers(): UseQueryResult<readonly ServerDetail[], ApiError> {
  const source = useServerSourceUser();
  return useQuery<readonly ServerDetail[], ApiError>({
    queryKey: [...SERVERS_KEY, source],
    queryFn: () => (source ? loadServers(source, (id, input) => callEndpoint(id, input)) : Promise.resolve([])),
    enabled: source !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** One server, its row in the list first (already live), then GET servers/{id} (kept live too). */
export function useServer(
  id: string,
  rows: readonly ServerDetail[] | undefined,
): { server: ServerDetail | undefined; error: ApiError | null; pending: boolean } {
  const listed = rows?.find((row) => row.id === id);
  const query = useQuery<ServerDetail, ApiError>({
    queryKey: endpointKey('getServer', { params: { id } }),
    queryFn: ({ signal }) => callEndpoint('getServer', { params: { id } }, { signal }),
    enabled: listed === undefined,
  });
  const server = listed !== undefined && (query.data === undefined || !isNewerVersion(query.data, listed)) ? listed : query.data;
  return { server, error: listed === undefined ? query.error : null, pending: server === undefined && query.isPending };
}
