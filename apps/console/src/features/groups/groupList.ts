/**
 * Pure rules of the /groups list (spec 001 §2 "manage groups", §3 Group): the search over the
 * rows, the realtime events applied to the cached list (GET groups/fetch) in place, the selection
 * for "delete several" kept to the rows that still exist, and a saved row put into the cache.
 * The same object comes back when nothing changed, so React Query keeps its reference.
 */
import { VALIDATION } from '@fleet/contracts';
import type { GroupListRow, RealtimeEvent } from '@fleet/contracts';
import { upsertInList } from '../../kit/cache';
import { selectData, type Choice } from '../../lib/tolerant';

export type GroupEvent = Extract<RealtimeEvent, { type: 'group.changed' | 'group.removed' }>;

export function isGroupEvent(event: RealtimeEvent): event is GroupEvent {
  return event.type === 'group.changed' || event.type === 'group.removed';
}

/**
 * Rows whose name or inventory name contains the search text (case-insensitive), of one inventory
 * when one is chosen; the same rows for an empty search and no inventory.
 */
export function searchGroups(rows: readonly GroupListRow[], search: string, inventoryId: string | null = null): readonly GroupListRow[] {
  const needle = search.trim().toLowerCase();
  if (needle === '' && inventoryId === null) return rows;
  return rows.filter(
    (row) =>
      (inventoryId === null || row.inventoryId === inventoryId) &&
      ((row.name ?? '').toLowerCase().includes(needle) || (row.inventoryName ?? '').toLowerCase().includes(needle)),
  );
}

/** The inventories the listed groups belong to (the inventory filter's choices), by name. */
export function inventoriesOfRows(rows: readonly GroupListRow[]): { value: string; label: string }[] {
  const byId = new Map(rows.map((r) => [r.inventoryId, r.inventoryName]));
  return inventoryOptions([...byId].map(([id, name]) => ({ id, name })));
}

/** The list's fields of a row or of a group's details (a saved group answers with its details). */
export function listRowOf(group: GroupListRow): GroupListRow {
  const { id, name, inventoryId, inventoryName, createdOn, counts, version } = group;
  return { id, name, inventoryId, inventoryName, createdOn, counts, version };
}

/**
 * A row the core answered (create, rename, details) or announced: replaces the cached row by the
 * kit's version rule (a late, older event must not undo a newer save), else is added.
 */
export function upsertGroup(rows: readonly GroupListRow[], row: GroupListRow): readonly GroupListRow[] {
  return upsertInList(rows, row, { key: (r) => r.id });
}

export function removeGroups(rows: readonly GroupListRow[], ids: readonly string[]): readonly GroupListRow[] {
  const gone = new Set(ids);
  return rows.some((r) => gone.has(r.id)) ? rows.filter((r) => !gone.has(r.id)) : rows;
}

/** The list with one event applied (idempotent: an event may arrive once per subscribed topic). */
export function applyGroupEvent(rows: readonly GroupListRow[], event: GroupEvent): readonly GroupListRow[] {
  return event.type === 'group.changed' ? upsertGroup(rows, event.group) : removeGroups(rows, [event.groupId]);
}

/** The selection without the rows that are gone (removed here or elsewhere). */
export function keepSelected(selected: ReadonlySet<string>, rows: readonly GroupListRow[]): ReadonlySet<string> {
  const present = new Set(rows.map((r) => r.id));
  for (const id of selected) if (!present.has(id)) return new Set([...selected].filter((s) => present.has(s)));
  return selected;
}

/** The inventories the user can create a group in: theirs, by name (a group needs one). */
export function inventoryOptions(inventories: readonly { readonly id: string; readonly name: string }[]): Choice[] {
  // A row without its inventory (an answer that left it out) offers no option: a picker cannot hold an option without a value.
  const byName = [...inventories].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
  return selectData(
    byName,
    (i) => i.id,
    (i) => i.name,
  );
}

/**
 * The uniqueness half of the §5 group name rule as the list already knows it (names are unique
 * within their inventory, compared exactly as the core does): the spec's message, or null.
 * The core checks again; this only spares a round trip.
 */
export function duplicateNameMessage(rows: readonly GroupListRow[], name: string, inventoryId: string, exceptId?: string): string | null {
  const taken = rows.some((r) => r.id !== exceptId && r.inventoryId === inventoryId && r.name === name);
  return taken ? VALIDATION.nameUnique : null;
}
