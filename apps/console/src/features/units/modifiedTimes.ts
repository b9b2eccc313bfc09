/**
 * When each unit last changed, for the "modified" column and filter. The unit summary of
 * devices/fetch carries no modification time (contracts UnitSummary), so the list reads:
 * - the newest `raisedAt` of the unit's active alerts, and
 * - the time (`at`) of the last realtime event that changed the unit itself: a status change
 *   (`unit.status` with a different status), a `unit.updated` (rename, mode, ...), an alert raised
 *   or cleared. Telemetry (battery, bitrate, location samples) is not a modification.
 * The newest of the two; null when neither is known.
 */
import type { RealtimeEvent, UnitSummary } from '@fleet/contracts';

export class ModifiedTimes {
  private readonly seen = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  /** Counts the publishes: a snapshot for subscribers that follow every change. */
  version = 0;

  /** Tells the subscribers that recorded times changed (the list does so at most once a second). */
  publish(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  readonly subscribe = (listener: () => void) => (this.listeners.add(listener), () => void this.listeners.delete(listener));

  /** Records an event; true when it changed a unit's time. */
  record(event: RealtimeEvent): boolean {
    const target = modifyingTarget(event);
    if (target === null) return false;
    const previous = this.seen.get(target);
    if (previous !== undefined && previous >= event.at) return false;
    this.seen.set(target, event.at);
    return true;
  }

  modifiedAt(unit: UnitSummary): number | null {
    let newest = this.seen.get(unit.uniqueId) ?? null;
    for (const alert of unit.alerts) {
      const at = Date.parse(alert.raisedAt);
      if (Number.isFinite(at) && (newest === null || at > newest)) newest = at;
    }
    return newest;
  }
}

/** The unit an event modifies, or null for events that are not a modification. */
export function modifyingTarget(event: RealtimeEvent): string | null {
  switch (event.type) {
    case 'unit.status':
      return event.previous == null || event.previous !== event.status ? event.unitId : null;
    case 'unit.updated':
      return event.unit.uniqueId;
    case 'alert.raised':
      return event.alert.unitId;
    case 'alert.cleared':
      return event.unitId;
    default:
      return null;
  }
}
