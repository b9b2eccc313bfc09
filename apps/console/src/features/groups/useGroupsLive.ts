/**
 * Keeps the cached /groups list (GET groups/fetch) current from /ws: `group.changed` and
 * `group.removed` are patched in place (groupList.ts), never refetched; an open group's details
 * (fetch_details) are read again when another console saved a newer version of it, and a group's
 * alerts configuration replaced by the one `groupAlerts.changed` carries (a recipient verifying
 * their address shows without a reload).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { GroupAlertsConfiguration, GroupDetail, GroupListRow, RealtimeEvent } from '@fleet/contracts';
import { endpointKey, endpointPrefix } from '../../api/hooks';
import { applyGroupEvent, isGroupEvent, listRowOf, removeGroups, upsertGroup } from './groupList';
import type { GroupEvent } from './groupList';
import { isNewerVersion, replaces } from '../../kit/cache';

/** Put a row the core answered into the cached list (the saving console does not wait for /ws). */
export function putGroupRow(queryClient: QueryClient, row: GroupListRow): void {
  queryClient.setQueriesData<readonly GroupListRow[]>({ queryKey: endpointPrefix('fetchGroups') }, (rows) => (rows ? upsertGroup(rows, listRowOf(row)) : rows));
}

export function dropGroupRows(queryClient: QueryClient, ids: readonly string[]): void {
  queryClient.setQueriesData<readonly GroupListRow[]>({ queryKey: endpointPrefix('fetchGroups') }, (rows) => (rows ? removeGroups(rows, ids) : rows));
}

/**
 * The reads that carry the group's version (its default configuration, ad-hoc and permanent
 * settings): read again after a save bumped it, so the next save does not meet a stale version.
 */
export function groupVersionChanged(queryClient: QueryClient, groupId: string): void {
  for (const key of [
    endpointKey('getGroupDefaultConfiguration', { params: { id: groupId } }),
    endpointKey('getGroupAdhocSettings', { params: { groupId } }),
    endpointKey('getGroupPermanentSettings', { params: { id: groupId } }),
  ]) {
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}

export function applyToGroupCaches(queryClient: QueryClient, event: GroupEvent): void {
  queryClient.setQueriesData<readonly GroupListRow[]>({ queryKey: endpointPrefix('fetchGroups') }, (rows) => (rows ? applyGroupEvent(rows, event) : rows));
  const id = event.type === 'group.changed' ? event.group.id : event.groupId;
  const key = endpointKey('fetchGroupDetails', { query: { groupUid: id } });
  const details = queryClient.getQueryData<readonly GroupDetail[]>(key);
  if (!details) return;
  const newer = event.type === 'group.removed' || details.some((d) => d.id === id && isNewerVersion(event.group, d));
  if (!newer) return;
  void queryClient.invalidateQueries({ queryKey: key, exact: true });
  groupVersionChanged(queryClient, id);
}

/** Keeps the group caches current from /ws (kit/useLiveEvents). */
export function applyToGroupsLive(queryClient: QueryClient, event: RealtimeEvent): void {
  if (isGroupEvent(event)) applyToGroupCaches(queryClient, event);
  else if (event.type === 'groupAlerts.changed') {
    const key = endpointKey('getGroupAlertsConfiguration', { params: { id: event.groupId } });
    const cached = queryClient.getQueryData<GroupAlertsConfiguration>(key);
    if (cached && replaces(event.configuration, cached)) queryClient.setQueryData(key, event.configuration);
  }
}
