/**
 * Display rules of the unit detail: the bitrate graph's points, the modem list with its UI states,
 * the transmission mode choices, the streaming modes and the selected channel. The spec's rules themselves (bitrate
 * display, modem UI state, which modes a unit may use) come from @fleet/domain.
 */
import { isServiceEnabled, modemUiState, transmissionModeProblem, unitFeatureLicences } from '@fleet/domain';
import { STREAMING_MODES, TIMINGS, TRANSMISSION_MODES, UNIT_SD_STORAGE } from '@fleet/contracts';
import type { BitrateSample, ErrorCode, Modem, ModemUiState, TransmissionMode, UnitDetail, UnitModem, UnitStorage } from '@fleet/contracts';

// ── streaming modes ──────────────────────────────────────────────────────────────────────────────

export type StreamingMode = (typeof STREAMING_MODES)[number];

/**
 * Spec 000 §9 / 001 §9 streaming (source) modes lrt, bonding, cloud. Reading: each is one of the
 * unit's services of that name (001 §3 Services: bonding, lrt, cloud), so the unit streams in the
 * modes whose service is enabled (000 §6 "enabled when its status is ENABLED"), in the spec's order.
 */
export function streamingModesOf(services: readonly { serviceName: string; serviceStatus: string }[]): StreamingMode[] {
  return STREAMING_MODES.filter((mode) => services.some((s) => s.serviceName === mode && isServiceEnabled(s.serviceStatus)));
}

// ── bitrate graph ────────────────────────────────────────────────────────────────────────────────

export type BitratePoint = Pick<BitrateSample, 't' | 'kbps'>;

/** Spec 000 §9 "Bandwidth graph: up to 360 points": the newest samples, oldest first. */
export function bitrateSeries(samples: readonly BitrateSample[], maxPoints: number = TIMINGS.bitrateGraphMaxPoints): BitratePoint[] {
  const sorted = [...samples].sort((a, b) => a.t - b.t);
  return sorted.slice(Math.max(0, sorted.length - maxPoints)).map(({ t, kbps }) => ({ t, kbps }));
}

/** The graph's time ranges: the last 5 and 30 minutes, and every point kept (spec 000 §9: up to 360). */
export const BITRATE_RANGES = ['5m', '30m', 'all'] as const;
export type BitrateRange = (typeof BITRATE_RANGES)[number];
const RANGE_MS: Record<Exclude<BitrateRange, 'all'>, number> = { '5m': 5 * 60_000, '30m': 30 * 60_000 };

/** The points a range shows and its time axis, from `from` to `to` (ms since the epoch, the samples' clock). */
export interface BitrateWindow {
  readonly points: readonly BitratePoint[];
  readonly from: number;
  readonly to: number;
}

/**
 * The part of the series (oldest first) a range shows: its axis ends at the newest sample and spans
 * the range's minutes (the points since then), or every point for `all`. A series of one point
 * spans one refresh before it, so the point sits at the axis' end.
 */
export function bitrateWindow(points: readonly BitratePoint[], range: BitrateRange): BitrateWindow | null {
  const last = points.at(-1);
  if (last === undefined) return null;
  const to = last.t;
  if (range === 'all') {
    const first = points[0]?.t ?? to;
    return { points, from: first < to ? first : to - TIMINGS.bitrateGraphRefreshMs, to };
  }
  const from = to - RANGE_MS[range];
  return { points: points.filter((point) => point.t >= from), from, to };
}

/**
 * The axis' ticks: whole minutes (or seconds for a short axis) at a step that gives about `count`
 * of them, all inside [from, to].
 */
export function timeTicks(from: number, to: number, count = 5): number[] {
  const span = to - from;
  if (span <= 0) return [to];
  const steps = [5_000, 10_000, 15_000, 30_000, 60_000, 2 * 60_000, 5 * 60_000, 10 * 60_000, 15 * 60_000, 30 * 60_000, 60 * 60_000];
  const step = steps.find((candidate) => span / candidate <= count) ?? 60 * 60_000;
  const ticks: number[] = [];
  for (let tick = Math.ceil(from / step) * step; tick <= to; tick += step) ticks.push(tick);
  return ticks;
}

// ── modems ───────────────────────────────────────────────────────────────────────────────────────

export type ModemRow = Modem & { readonly uiState: ModemUiState };

/**
 * The unit's links: the live modems of the unit detail (patched by telemetry) with their UI state
 * (spec 000 §3, packages/domain modemUiState), plus the ports devices/{id}/modems reported that the
 * live list no longer carries (shown as no_device: nothing is plugged there now). By port.
 */
export function modemRows(live: readonly Modem[], reported: readonly UnitModem[] | undefined): ModemRow[] {
  const rows: ModemRow[] = live.map((modem) => ({ ...modem, uiState: modemUiState({ present: true, enabled: modem.enabled, connected: modem.connected }) }));
  for (const modem of reported ?? []) {
    if (!rows.some((row) => row.id === modem.id)) rows.push({ ...modem, uiState: live.length > 0 ? 'no_device' : modem.uiState });
  }
  return rows.sort((a, b) => a.port - b.port || a.id.localeCompare(b.id));
}

/** A link's share of the unit's uplink, 0–100 (none while no link sends). */
export function uplinkShare(modem: Pick<Modem, 'uplinkKbps'>, modems: readonly Pick<Modem, 'uplinkKbps'>[]): number {
  const total = modems.reduce((sum, m) => sum + m.uplinkKbps, 0);
  return total > 0 ? Math.round((modem.uplinkKbps / total) * 100) : 0;
}

/** Mantine colour of a signal quality (0–100): good, fair, poor. */
export function signalColour(quality: number): string {
  if (quality >= 60) return 'green';
  if (quality >= 30) return 'yellow';
  return 'red';
}

/** Mantine colour of a modem UI state. */
export const MODEM_STATE_COLOURS: Record<ModemUiState, string> = {
  no_device: 'gray',
  disabled: 'dark',
  not_connected: 'orange',
  connected: 'green',
};

// ── transmission modes ──────────────────────────────────────────────────────────────────────────

/** Why a mode cannot be chosen: the spec's field message (no SD card) or an error code (licence). */
export type ModeBlocker = { readonly kind: 'noSdCard' } | { readonly kind: 'error'; readonly code: ErrorCode };

export interface TransmissionModeOption {
  readonly mode: TransmissionMode;
  readonly blocker: ModeBlocker | null;
}

/**
 * Whether the unit has an SD card: its capability, and — once the storages are read — an SD
 * storage among them (spec 000 §4 "Store & Forward (disabled if the unit has no SD card)").
 */
export function hasSdCard(capabilities: Record<string, boolean>, storages: readonly UnitStorage[] | undefined): boolean {
  if (capabilities.sdCard !== true) return false;
  return storages === undefined || storages.some((storage) => storage.id === UNIT_SD_STORAGE.id);
}

/** Every transmission mode of spec 000 §4 with what blocks it on this unit (the core refuses the same). */
export function transmissionModeOptions(
  unit: Pick<UnitDetail, 'services'>,
  capabilities: Record<string, boolean>,
  storages: readonly UnitStorage[] | undefined,
): TransmissionModeOption[] {
  const flags = { ...capabilities, sdCard: hasSdCard(capabilities, storages) };
  const licences = unitFeatureLicences(flags, unit.services);
  return TRANSMISSION_MODES.map((mode) => {
    const problem = transmissionModeProblem(mode, flags, licences);
    if (problem === null) return { mode, blocker: null };
    return { mode, blocker: problem.kind === 'field' ? { kind: 'noSdCard' } : { kind: 'error', code: problem.code } };
  });
}
