/**
 * What a shard's devices report during a step of the clock, kept as the step's outcome: for each
 * thing a report describes (a unit's state, its telemetry, a channel's or server's state, an alert
 * of one kind on one device, a file, a unit's storages and tally), only the last report, sent when
 * the step ends. A day's step of a lively fleet sends each unit's state as it ends the day, with the
 * time it took that state, instead of every start and stop of the day: the core writes what
 * changed, not what would have been sent. A file keeps the last report of each phase of its
 * transfer (recorded, started, progress, completed: the core counts starts and ends). Reports that
 * answer something or are one of a kind (upgrades, speed tests, logs, scans, channel selections)
 * are kept in full, in order.
 *
 * Order: reports leave in the order of their last version (a report replaced moves to the end), so
 * what the core applies follows the order in which the outcome came about.
 */
import type { DeviceEvent, DeviceToCore } from '@fleet/contracts';

/** The thing a report describes, when only its last report matters; null when every report counts. */
export function outcomeKey(m: DeviceToCore): string | null {
  switch (m.kind) {
    case 'state':
      return `state|${m.unitId}`;
    case 'telemetry':
      return `telemetry|${m.unitId}`;
    case 'event':
      return eventKey(m.event);
    default:
      return null;
  }
}

function eventKey(e: DeviceEvent): string | null {
  switch (e.type) {
    case 'serverState':
    case 'serverInfo':
      return `${e.type}|${e.serverId}`;
    case 'serverConfigState':
      return `${e.type}|${e.serverId}|${e.setting}`;
    case 'channelState':
      return `${e.type}|${e.serverId}|${e.channelId}`;
    case 'vrChannelState':
      return `${e.type}|${e.serverId}|${e.vrChannelId}`;
    case 'alert':
      return `${e.type}|${e.unitId ?? ''}|${e.serverId ?? ''}|${e.channelId ?? ''}|${e.alertType}`;
    case 'file':
      // A transfer's start and end are news the core counts (transfers started and completed); its
      // progress only the latest matters.
      return `${e.type}|${e.unitId}|${e.fileId}|${e.transfer}`;
    case 'storages':
    case 'tally':
      return `${e.type}|${e.unitId}`;
    default:
      return null;
  }
}

export class StepOutbox {
  /** Reports by what they describe (one-of-a-kind reports under a sequence key), in order of their last version. */
  private readonly held = new Map<string, DeviceToCore>();
  private seq = 0;
  /** Reports taken in, and held now (what a step saved is the difference). */
  readonly stats = { received: 0 };

  /** Take a report in: it replaces the previous report of the same thing, else joins the end. */
  put(m: DeviceToCore): void {
    this.stats.received++;
    const key = outcomeKey(m) ?? `#${this.seq++}`;
    // Deleted first so that a replaced report moves to the end (the order of last versions).
    this.held.delete(key);
    this.held.set(key, m);
  }

  get size(): number {
    return this.held.size;
  }

  /** The held reports in order, emptying the outbox. */
  drain(): DeviceToCore[] {
    const out = [...this.held.values()];
    this.held.clear();
    return out;
  }
}
