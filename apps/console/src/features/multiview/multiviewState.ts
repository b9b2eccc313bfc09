/**
 * Multiview (spec 000 §2 "/multiview (feeds and outputs)", "left panel in multiview is
 * resizable"): which units are on the wall (saved, else the default), the outputs of the streaming units, the left panel's unit
 * search and status filter, and the panel width bounds. Pure: the page holds the state.
 */
import { formatBitrate, statusClass } from '@fleet/domain';
import type { UnitStatusClass } from '@fleet/domain';
import type { UnitStatus, UnitSummary } from '@fleet/contracts';
import { getRuntimeConfig, joinUrl } from '../../config/runtimeConfig';

// ── left panel width (preferences.leftPanelWidth, spec 000 §3) ───────────────────────────────────

/** Our bounds (the spec gives none): wide enough for a unit name and status, never most of the screen. */
export const LEFT_PANEL = { min: 200, max: 640, default: 300, keyboardStep: 16, saveDebounceMs: 500 } as const;

/** A width within the bounds; a missing or invalid stored width gives the default. */
export function clampPanelWidth(width: number | null | undefined): number {
  if (typeof width !== 'number' || !Number.isFinite(width)) return LEFT_PANEL.default;
  return Math.round(Math.min(LEFT_PANEL.max, Math.max(LEFT_PANEL.min, width)));
}

// ── feed tiles ───────────────────────────────────────────────────────────────────────────────

/** Statuses in which a unit sends live video (its feed is shown without being picked). */
const LIVE_STATUSES: readonly UnitStatus[] = ['streaming', 'streamingandforwarding'];

export function isLive(unit: Pick<UnitSummary, 'status'>): boolean {
  return LIVE_STATUSES.includes(unit.status);
}

/** Collation the way people count: CH2 before CH10, case and accents aside. */
const NATURAL = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** By name as people count (CH2 before CH10), then by id (two units may share a name). */
export function byName(a: Pick<UnitSummary, 'name' | 'uniqueId'>, b: Pick<UnitSummary, 'name' | 'uniqueId'>): number {
  return NATURAL.compare(a.name, b.name) || NATURAL.compare(a.uniqueId, b.uniqueId);
}

/**
 * The wall: which units have a tile, in the order they came onto it. Saved in the user's
 * preferences (`multiviewWall`); a user who never saved one sees the default wall.
 */
export const WALL = {
  /** Tiles of the default wall: one 4 × 4 screen. */
  defaultSize: 16,
  /** Tiles a wall holds at most: two 4 × 4 screens (each tile is a live picture the browser redraws). */
  max: 32,
  /** A change is saved once the user stopped changing the wall for this long. */
  saveDebounceMs: 800,
} as const;

/**
 * The default wall (no saved one): the first 16 units, live ones first (streaming, then streaming
 * and forwarding alike), then by name as people count (CH2 before CH10), then by id.
 */
export function defaultWall(units: readonly Pick<UnitSummary, 'uniqueId' | 'status' | 'name'>[]): string[] {
  return [...units]
    .sort((a, b) => Number(isLive(b)) - Number(isLive(a)) || byName(a, b))
    .slice(0, WALL.defaultSize)
    .map((u) => u.uniqueId);
}

/** A saved wall as stored (ids, no repeats, at most WALL.max); anything else is no saved wall (null). */
export function parseWall(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  const ids = value.filter((v): v is string => typeof v === 'string' && v !== '');
  return [...new Set(ids)].slice(0, WALL.max);
}

/** The wall's tiles: the units on it that the user sees, in the wall's order (a unit gone or out of sight has none). */
export function wallTiles<T extends Pick<UnitSummary, 'uniqueId'>>(units: readonly T[], wall: readonly string[]): T[] {
  const byId = new Map(units.map((u) => [u.uniqueId, u]));
  return wall.flatMap((id) => byId.get(id) ?? []);
}

/** Clicking a unit in the left panel (or closing its tile): on the wall it goes, off it comes at the end; a full wall takes none. */
export function toggleWall(wall: readonly string[], id: string): readonly string[] {
  if (wall.includes(id)) return wall.filter((x) => x !== id);
  return wall.length >= WALL.max ? wall : [...wall, id];
}

// ── outputs ──────────────────────────────────────────────────────────────────────────────────

export interface MultiviewOutput {
  readonly channelId: string;
  /** The selection is External: the channel was not found or is unlicensed (spec 000 §4). */
  readonly external: boolean;
  /** The live units feeding this channel, by name. */
  readonly units: readonly { uniqueId: string; name: string }[];
}

/** The selected channels of the live units given (the wall's), one entry per channel, sorted by channel id. */
export function outputsOf(units: readonly Pick<UnitSummary, 'uniqueId' | 'name' | 'status' | 'selectedChannel'>[]): MultiviewOutput[] {
  const byChannel = new Map<string, { external: boolean; units: { uniqueId: string; name: string }[] }>();
  for (const unit of units) {
    const channelId = unit.selectedChannel.channelId;
    if (!isLive(unit) || channelId === null) continue;
    const entry = byChannel.get(channelId) ?? { external: false, units: [] };
    entry.external ||= unit.selectedChannel.external;
    entry.units.push({ uniqueId: unit.uniqueId, name: unit.name });
    byChannel.set(channelId, entry);
  }
  return [...byChannel.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([channelId, e]) => ({ channelId, external: e.external, units: e.units.sort(byName) }));
}

/** What the left panel shows of the units (id, name, status): the same key, the same panel. */
export function panelUnitsKey(units: readonly Pick<UnitSummary, 'uniqueId' | 'name' | 'status'>[]): string {
  let key = '';
  for (const u of units) key += `${u.uniqueId}\u0000${u.name}\u0000${u.status}\u0001`;
  return key;
}

// ── left panel: search and status filter ─────────────────────────────────────────────────────

export type StatusFilter = 'all' | UnitStatusClass;

export interface PanelFilter {
  readonly search: string;
  readonly status: StatusFilter;
}

/** Units whose name or id contains the search text (any case) and whose status is in the class, by name as people count. */
export function filterUnits<T extends Pick<UnitSummary, 'uniqueId' | 'name' | 'status'>>(units: readonly T[], filter: PanelFilter): T[] {
  const needle = filter.search.trim().toLowerCase();
  return units
    .filter((u) => filter.status === 'all' || statusClass(u.status) === filter.status)
    .filter((u) => needle === '' || u.name.toLowerCase().includes(needle) || u.uniqueId.toLowerCase().includes(needle))
    .sort(byName);
}

/** Mantine colour of a unit status (badges and tile borders): the map's, by status class. */
export { markerColour as statusColourOf } from '../map/mapData';

// ── the wall's layout and pictures ──────────────────────────────────────────────────────────────

/** The wall's layouts: 2 × 2, 3 × 3 or 4 × 4 tiles in view (more scroll). */
export const MULTIVIEW_LAYOUTS = [2, 3, 4] as const;
export type MultiviewLayout = (typeof MULTIVIEW_LAYOUTS)[number];
export const DEFAULT_LAYOUT: MultiviewLayout = 3;

/** A stored layout, or the default when it is missing or not one of the layouts. */
export function parseLayout(value: unknown): MultiviewLayout {
  const n = typeof value === 'string' ? Number(value) : value;
  return MULTIVIEW_LAYOUTS.find((l) => l === n) ?? DEFAULT_LAYOUT;
}

/** Where the mock serves a unit's test card, under its base (mock only: asked for only once the capability probe found the mock). */
const PREVIEW_PATH = 'preview/units';

/** The bitrate as the tile shows it (spec 000 §9: whole kbps, or tenths of Mbps above 1000), in kbps; null when none. */
export function shownKbps(kbps: number): number | null {
  const formatted = formatBitrate(kbps);
  if (!formatted) return null;
  return formatted.unit === 'Mbps' ? Math.round(Number(formatted.value) * 1000) : Number(formatted.value);
}

/**
 * The URL of a unit's picture from the mock. Its query changes exactly when something the card
 * shows changes (name, status, the channel it feeds, the bitrate as the tile shows it), so the
 * browser fetches a new card then and only then; the card moves by itself in between. A live
 * card is told the bitrate the tile shows (`kbps`): the card draws that one, so the two agree.
 */
export function mockPreviewUrl(
  unit: Pick<UnitSummary, 'uniqueId' | 'name' | 'status' | 'totalBitrate' | 'channelsInUse' | 'selectedChannel'>,
  mockBase: string = getRuntimeConfig().mockBase,
): string {
  const channel = unit.channelsInUse[0]?.channelId ?? unit.selectedChannel.channelId ?? '';
  const kbps = isLive(unit) ? shownKbps(unit.totalBitrate) : null;
  const version = [unit.status, unit.name, channel].join('|');
  return `${joinUrl(mockBase, PREVIEW_PATH)}/${encodeURIComponent(unit.uniqueId)}?v=${encodeURIComponent(version)}${kbps === null ? '' : `&kbps=${kbps}`}`;
}

/** A tile in alarm (the only tiles drawn red): the unit went offline, or raises a critical alert. */
export function isAlarm(unit: Pick<UnitSummary, 'status' | 'alerts'>): boolean {
  return unit.status === 'offline' || unit.alerts.some((a) => a.level === 'critical');
}

/** The points of a sparkline of `values` in a `width` × `height` box (0 at the bottom, the largest value at the top). */
export function sparklinePoints(values: readonly number[], width: number, height: number): string {
  if (values.length === 0) return '';
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((v, i) => `${Math.round(i * step * 10) / 10},${Math.round((height - (Math.max(0, v) / max) * height) * 10) / 10}`).join(' ');
}
