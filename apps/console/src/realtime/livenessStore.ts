/**
 * When the console last heard of each unit, and since when its realtime connection is lost: the
 * store the realtime provider writes and the liveness marks (Liveness.tsx) read.
 */
import type { RealtimeStatus } from './RealtimeClient';

/** When each unit was last heard of (ms, this browser's clock), and when the unit lists were last read. */
class LivenessStore {
  private readonly units = new Map<string, number>();
  private listReadAt = 0;
  /** When the realtime connection was lost (ms), null while it is not. */
  lostAt: number | null = null;

  /** The connection's state changed (the provider tells). */
  connection(status: RealtimeStatus, now: number): void {
    if (!isConnectionLost(status)) this.lostAt = null;
    else this.lostAt ??= now;
  }

  /** An event about the unit, or a read of it alone, arrived at `at`. */
  heard(unitId: string, at: number): void {
    this.units.set(unitId, at);
  }

  /** A unit list (every unit of it) was read at `at`. */
  listRead(at: number): void {
    if (at > this.listReadAt) this.listReadAt = at;
  }

  /**
   * When the console last heard of the unit; `withReads`: a read of the whole list counts too (it
   * said what the unit was then; an offline unit's read says nothing of when it last reported).
   */
  lastReported(unitId: string, withReads: boolean): number | null {
    const at = Math.max(this.units.get(unitId) ?? 0, withReads ? this.listReadAt : 0);
    return at > 0 ? at : null;
  }

  reset(): void {
    this.units.clear();
    this.listReadAt = 0;
    this.lostAt = null;
  }
}

export const liveness = new LivenessStore();

/** The connection states in which no event can arrive (the first connection is not one: a fresh read is there). */
const LOST: ReadonlySet<RealtimeStatus> = new Set(['reconnecting', 'error', 'closed']);

export function isConnectionLost(status: RealtimeStatus): boolean {
  return LOST.has(status);
}
