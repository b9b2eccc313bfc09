/**
 * Realtime events applied to cached REST answers in place (never a full reload): the unit list
 * (fetchDevices) and the unit detail (getUnit). Pure: each function returns the same object when
 * nothing changed, so React Query keeps its reference and nothing re-renders.
 */
import { TIMINGS } from '@fleet/contracts';
import type { RealtimeEvent, UnitDetail, UnitSummary } from '@fleet/contracts';

export type UnitEvent = Extract<RealtimeEvent, { type: 'unit.status' | 'unit.telemetry' | 'unit.updated' }>;

export function isUnitEvent(event: RealtimeEvent): event is UnitEvent {
  return event.type === 'unit.status' || event.type === 'unit.telemetry' || event.type === 'unit.updated';
}

export function unitIdOf(event: UnitEvent): string {
  return event.type === 'unit.updated' ? event.unit.uniqueId : event.unitId;
}

/** One summary with the event applied. */
export function applyToSummary<T extends UnitSummary>(unit: T, event: UnitEvent): T {
  switch (event.type) {
    case 'unit.status':
      return { ...unit, status: event.status, applications: event.applications };
    case 'unit.telemetry':
      return {
        ...unit,
        battery: event.battery,
        location: event.location,
        totalBitrate: event.totalBitrate,
        cameraConnected: event.cameraConnected,
      };
    case 'unit.updated':
      // An older version arriving late must not undo a newer one.
      if (event.unit.version < unit.version) return unit;
      return { ...unit, ...event.unit };
  }
}

/** The detail with the event applied: the summary fields, plus modems and the bitrate graph. */
export function applyToDetail(unit: UnitDetail, event: UnitEvent): UnitDetail {
  const next = applyToSummary(unit, event);
  if (event.type !== 'unit.telemetry') return next;
  const samples = [...unit.bitrateSamples, event.sample];
  const overflow = samples.length - TIMINGS.bitrateGraphMaxPoints;
  return { ...next, modems: event.modems, bitrateSamples: overflow > 0 ? samples.slice(overflow) : samples };
}

/** The list with the one unit replaced; the same array when the unit is not in it. */
export function patchUnitList(list: readonly UnitSummary[] | undefined, event: UnitEvent): UnitSummary[] | undefined {
  if (!list) return undefined;
  const id = unitIdOf(event);
  const index = list.findIndex((unit) => unit.uniqueId === id);
  if (index < 0) return list as UnitSummary[];
  const current = list[index];
  if (current === undefined) return list as UnitSummary[];
  const patched = applyToSummary(current, event);
  if (patched === current) return list as UnitSummary[];
  const next = list.slice();
  next[index] = patched;
  return next;
}

/** The list with one unit's summary fields taken from a fresher detail (transition polling). */
export function mergeDetailIntoList(list: readonly UnitSummary[] | undefined, detail: UnitDetail): UnitSummary[] | undefined {
  if (!list) return undefined;
  const index = list.findIndex((unit) => unit.uniqueId === detail.uniqueId);
  const current = index < 0 ? undefined : list[index];
  if (current === undefined || detail.version < current.version) return list as UnitSummary[];
  const next = list.slice();
  next[index] = {
    ...current,
    status: detail.status,
    applications: detail.applications,
    battery: detail.battery,
    location: detail.location,
    totalBitrate: detail.totalBitrate,
    alerts: detail.alerts,
    cameraConnected: detail.cameraConnected,
    version: detail.version,
  };
  return next;
}
