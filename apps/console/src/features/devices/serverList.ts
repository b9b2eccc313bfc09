/**
 * The /devices servers tab as data (spec 001 §2 "devices and servers", §3 Server). Pure:
 * - which servers a user who is not an admin sees: the servers of the channels and video return
 *   channels they see (there is no "my servers" call; admins list by inventory instead);
 * - realtime events applied to the cached server rows in place, never a reload:
 *   `server.changed` replaces the row when its version is not older than the cached one (a late,
 *   older event must not undo a newer one) and adds a server the list does not hold yet;
 *   `server.status` patches the status;
 * - the list's filters (kept in preferences.filters.manage.servers) and how a row matches them.
 * The same array comes back when an event changes nothing, so React Query keeps its reference.
 */
import { applyVersioned, newest } from '../../kit/cache';
import { SERVER_TYPES } from '@fleet/contracts';
import type { RealtimeEvent, ServerDetail, ServerType } from '@fleet/contracts';

export type ServerEvent = Extract<RealtimeEvent, { type: 'server.changed' | 'server.status' }>;

export function isServerEvent(event: RealtimeEvent): event is ServerEvent {
  return event.type === 'server.changed' || event.type === 'server.status';
}

/** The distinct servers of the rows (channels, video return channels), in a stable order. */
export function serverIdsOf(rows: readonly { readonly serverId: string | null }[]): string[] {
  const ids = new Set<string>();
  for (const row of rows) if (row.serverId != null && row.serverId !== '') ids.add(row.serverId);
  return [...ids].sort();
}

/** Servers of several pages or inventories, each once (the first copy wins unless a later one is newer). */
export function mergeServers(lists: readonly (readonly ServerDetail[])[]): ServerDetail[] {
  const byId = new Map<string, ServerDetail>();
  for (const list of lists) {
    for (const server of list) {
      const known = byId.get(server.id);
      byId.set(server.id, known === undefined ? server : newest(known, server));
    }
  }
  return [...byId.values()];
}

/** One server with an event applied (the same object when the event is not about it or changes nothing). */
export function applyToServer(server: ServerDetail, event: ServerEvent): ServerDetail {
  if (event.type === 'server.changed') {
    if (event.server.id !== server.id) return server;
    return applyVersioned(server, event.server, { version: event.server.version, at: event.at, key: `server:${server.id}` });
  }
  if (event.serverId !== server.id) return server;
  return applyVersioned(server, { status: event.status }, { at: event.at, key: `server:${server.id}` });
}

/** The rows with one event applied; the same array when nothing changed. */
export function applyServerEvent(rows: readonly ServerDetail[], event: ServerEvent): readonly ServerDetail[] {
  const id = event.type === 'server.changed' ? event.server.id : event.serverId;
  const index = rows.findIndex((server) => server.id === id);
  if (index < 0) return event.type === 'server.changed' ? [...rows, event.server] : rows;
  const current = rows[index] as ServerDetail;
  const next = applyToServer(current, event);
  if (next === current) return rows;
  const copy = rows.slice();
  copy[index] = next;
  return copy;
}

// ── Filters ───────────────────────────────────────────────────────────────────────────────────
/** Server statuses as stored (the ServerDetail comment: online | offline | busy | upgrading). */
export const SERVER_STATUSES = ['online', 'offline', 'busy', 'upgrading'] as const;
export type ServerStatusName = (typeof SERVER_STATUSES)[number];

export interface ServerFilters {
  readonly text: string;
  readonly types: readonly ServerType[];
  readonly statuses: readonly ServerStatusName[];
}

export const DEFAULT_SERVER_FILTERS: ServerFilters = { text: '', types: [], statuses: [] };

const pick = <T extends string>(value: unknown, allowed: readonly T[]): T[] => (Array.isArray(value) ? allowed.filter((item) => value.includes(item)) : []);

/** The stored value (any JSON: an older or foreign shape reads as no filter). */
export function parseServerFilters(value: unknown): ServerFilters {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return DEFAULT_SERVER_FILTERS;
  const record = value as Record<string, unknown>;
  return {
    text: typeof record.text === 'string' ? record.text.slice(0, 255) : '',
    types: pick(record.types, SERVER_TYPES),
    statuses: pick(record.statuses, SERVER_STATUSES),
  };
}

export function serializeServerFilters(filters: ServerFilters): { text: string; types: string[]; statuses: string[] } {
  return { text: filters.text, types: [...filters.types], statuses: [...filters.statuses] };
}

export function activeServerFilterCount(filters: ServerFilters): number {
  return (filters.text.trim() === '' ? 0 : 1) + filters.types.length + filters.statuses.length;
}

/** Name, unique id, serial, alias, product, version and comment, case-insensitive. */
export function matchesServer(server: ServerDetail, filters: ServerFilters): boolean {
  if (filters.types.length > 0 && !filters.types.includes(server.serverType)) return false;
  if (filters.statuses.length > 0 && !(filters.statuses as readonly string[]).includes(server.status)) return false;
  const needle = filters.text.trim().toLowerCase();
  if (needle === '') return true;
  return [server.name, server.uniqueId, server.serial, server.alias, server.productType, server.swVersion, server.comment].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

export function filterServers(rows: readonly ServerDetail[], filters: ServerFilters): readonly ServerDetail[] {
  return activeServerFilterCount(filters) === 0 ? rows : rows.filter((server) => matchesServer(server, filters));
}
