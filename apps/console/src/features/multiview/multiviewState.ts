/**
 * Multiview (spec 000 §2 "/multiview (feeds and outputs)", "left panel in multiview is
 * resizable"): which feed tiles show, the outputs of the streaming units, the left panel's unit
 * search and status filter, and the panel width bounds. Pure: the page holds the state.
 */
import { statusClass } from '@fleet/domain';
import type { UnitStatusClass } from '@fleet/domain';
import type { UnitStatus, UnitSummary } from '@fleet/contracts';

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

export type TileChoice = typeof NO_CHOICE;

/**
 * What the user changed: units picked in the left panel (shown whatever their status) and live
 * units the user took off the wall.
 */
export const NO_CHOICE = { picked: [] as readonly string[], hidden: [] as readonly string[] };

export function isShown(unit: Pick<UnitSummary, 'uniqueId' | 'status'>, choice: TileChoice): boolean {
  if (choice.picked.includes(unit.uniqueId)) return true;
  return isLive(unit) && !choice.hidden.includes(unit.uniqueId);
}

/** The tiles: live units (unless hidden) and picked units, live ones first, then by name. */
export function visibleTiles<T extends Pick<UnitSummary, 'uniqueId' | 'status' | 'name'>>(units: readonly T[], choice: TileChoice): T[] {
  return units
    .filter((u) => isShown(u, choice))
    .sort((a, b) => Number(isLive(b)) - Number(isLive(a)) || a.name.localeCompare(b.name) || a.uniqueId.localeCompare(b.uniqueId));
}

/** Clicking a unit in the left panel (or closing its tile): a shown tile goes, a missing one comes. */
export function toggleTile(unit: Pick<UnitSummary, 'uniqueId' | 'status'>, choice: TileChoice): TileChoice {
  const id = unit.uniqueId;
  const without = (list: readonly string[]) => list.filter((x) => x !== id);
  if (isShown(unit, choice)) {
    return { picked: without(choice.picked), hidden: isLive(unit) ? [...without(choice.hidden), id] : without(choice.hidden) };
  }
  return { picked: [...without(choice.picked), id], hidden: without(choice.hidden) };
}

// ── outputs ──────────────────────────────────────────────────────────────────────────────────

export interface MultiviewOutput {
  readonly channelId: string;
  /** The selection is External: the channel was not found or is unlicensed (spec 000 §4). */
  readonly external: boolean;
  /** The live units feeding this channel, by name. */
  readonly units: readonly { uniqueId: string; name: string }[];
}

/** The selected channels of the live units, one entry per channel, sorted by channel id. */
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
    .map(([channelId, e]) => ({ channelId, external: e.external, units: e.units.sort((a, b) => a.name.localeCompare(b.name)) }));
}

// ── left panel: search and status filter ─────────────────────────────────────────────────────

export type StatusFilter = 'all' | UnitStatusClass;

export interface PanelFilter {
  readonly search: string;
  readonly status: StatusFilter;
}

/** Units whose name or id contains the search text (any case) and whose status is in the class. */
export function filterUnits<T extends Pick<UnitSummary, 'uniqueId' | 'name' | 'status'>>(units: readonly T[], filter: PanelFilter): T[] {
  const needle = filter.search.trim().toLowerCase();
  return units
    .filter((u) => filter.status === 'all' || statusClass(u.status) === filter.status)
    .filter((u) => needle === '' || u.name.toLowerCase().includes(needle) || u.uniqueId.toLowerCase().includes(needle))
    .sort((a, b) => a.name.localeCompare(b.name) || a.uniqueId.localeCompare(b.uniqueId));
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

/** Where the mock serves a unit's test card (mock only: asked for only once the capability probe found the mock). */
export const MOCK_PREVIEW_PATH = '/mock/preview/units';
/** The card shows the bitrate in steps of this many kbps: a new step, a new card. */
export const PREVIEW_KBPS_STEP = 500;

/**
 * The URL of a unit's picture from the mock. Its query changes exactly when something the card
 * shows changes (name, status, the channel it feeds, a bitrate step), so the browser fetches a new
 * card then and only then; the card moves by itself in between.
 */
export function mockPreviewUrl(unit: Pick<UnitSummary, 'uniqueId' | 'name' | 'status' | 'totalBitrate' | 'channelsInUse' | 'selectedChannel'>): string {
  const channel = unit.channelsInUse[0]?.channelId ?? unit.selectedChannel.channelId ?? '';
  const step = isLive(unit) ? Math.round(unit.totalBitrate / PREVIEW_KBPS_STEP) : 0;
  const version = [unit.status, unit.name, channel, step].join('|');
  return `${MOCK_PREVIEW_PATH}/${encodeURIComponent(unit.uniqueId)}?v=${encodeURIComponent(version)}`;
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
