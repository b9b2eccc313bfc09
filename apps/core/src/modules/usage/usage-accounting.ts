/**
 * Usage accounting (spec 001 §4 usage kinds data and time; service state "over usage"): what units
 * use while they stream, counted from their telemetry and written as usage records.
 *
 * - A report that carries the unit's counters (`sent`: bytes sent while streaming or forwarding,
 *   milliseconds streamed, since it was switched on) adds their increase since the unit's previous
 *   report (all of it when they went down: the unit restarted). So a report after a clock step of a
 *   day counts the whole day the device says it sent.
 * - A report without them (a device or a recording that has none) counts from its bitrate sample:
 *   while the unit is streaming or forwarding files (`usageCounted`), the sample's kbps over the time
 *   since its previous report (a gap longer than MAX_GAP_MS counted as MAX_GAP_MS: a unit silent for
 *   a while did not stream meanwhile as far as we know) and, while it is streaming, that time. The
 *   keep-alives of idle units are not usage (and counting them would write a row for every online
 *   unit on every flush). This is the hot path: memory only, no object per report.
 * - Every FLUSH_MS the amounts are written in statements of at most UPSERT_ROWS_MAX rows (one
 *   `INSERT … ON CONFLICT … DO UPDATE` each): one UsageRecord per unit per UTC day of the core's
 *   clock (`@@unique([unitId, periodStart])`), incremented, never a write per report. Whole bytes
 *   and seconds are written; the fractions wait for the next flush.
 *   A failed write keeps its amounts for the next flush (a unit that was deleted meanwhile is dropped).
 * - After each flush, `usage.changed` goes to every inventory whose units were written (and its
 *   groups): at most one event per inventory per flush.
 * - Several instances each count the units connected to them; increments add up.
 */
import type { DeviceTelemetry } from '@fleet/contracts';
import { usageCounted } from '@fleet/domain';
import { UPSERT_ROWS_MAX } from '@fleet/db';
import type { ServiceDeps } from '../deps.js';
import type { ClockTimer } from '../../platform/clock.js';
import { inventoryAudience } from '../../platform/topics.js';
import * as repo from './repository.js';

/** How often what was counted is written (and reports hear of it). */
export const USAGE_FLUSH_MS = 3000;
/** The longest time one report accounts for. */
const MAX_GAP_MS = 5000;
const DAY_MS = 86_400_000;

interface Pending {
  readonly unitId: string;
  /** Start of the UTC day, ms. */
  readonly day: number;
  bytes: number;
  ms: number;
}

export class UsageAccounting {
  /** Last report time of each unit. */
  private readonly lastAt = new Map<string, number>();
  /** The counters of each unit's last report that had them (updated in place: nothing allocated per report). */
  private readonly lastSent = new Map<string, { bytes: number; streamingMs: number }>();
  /** What was counted and not yet written, by `unitId|day`. */
  private readonly pending = new Map<string, Pending>();
  private readonly timer: ClockTimer;
  private flushing: Promise<void> | null = null;

  constructor(private readonly deps: ServiceDeps) {
    deps.reports.onTelemetry((m) => this.count(m));
    this.timer = deps.clock.setInterval(() => void this.flush(), USAGE_FLUSH_MS).unref();
  }

  /** One telemetry report (called for every report of every unit). */
  count(m: DeviceTelemetry): void {
    const prev = this.lastAt.get(m.unitId);
    this.lastAt.set(m.unitId, m.at);
    const sentBefore = this.lastSent.get(m.unitId);
    let bytes: number;
    let ms: number;
    if (m.sent !== undefined) {
      if (sentBefore === undefined) this.lastSent.set(m.unitId, { bytes: m.sent.bytes, streamingMs: m.sent.streamingMs });
      else {
        const restarted = m.sent.bytes < sentBefore.bytes || m.sent.streamingMs < sentBefore.streamingMs;
        bytes = restarted ? m.sent.bytes : m.sent.bytes - sentBefore.bytes;
        ms = restarted ? m.sent.streamingMs : m.sent.streamingMs - sentBefore.streamingMs;
        sentBefore.bytes = m.sent.bytes;
        sentBefore.streamingMs = m.sent.streamingMs;
        this.add(m.unitId, bytes, ms);
      }
      return;
    }
    if (sentBefore !== undefined) this.lastSent.delete(m.unitId);
    if (prev === undefined || m.at <= prev) return;
    const counted = usageCounted(this.deps.index.statusOf(m.unitId));
    if (!counted.data) return;
    const dt = Math.min(m.at - prev, MAX_GAP_MS);
    bytes = m.sample.kbps > 0 ? (m.sample.kbps * 1000 * dt) / 8000 : 0;
    ms = counted.time ? dt : 0;
    this.add(m.unitId, bytes, ms);
  }

  /** Add to what the unit used today (the core's day). */
  private add(unitId: string, bytes: number, ms: number): void {
    if (bytes <= 0 && ms <= 0) return;
    // The day is the core's: a device's clock may be off, or run accelerated (the simulator's), and
    // reports read the days of the core's calendar.
    const now = this.deps.businessClock.now();
    const day = now - (now % DAY_MS);
    const key = `${unitId}|${day}`;
    let p = this.pending.get(key);
    if (!p) {
      p = { unitId, day, bytes: 0, ms: 0 };
      this.pending.set(key, p);
    }
    p.bytes += bytes;
    p.ms += ms;
  }

  /** Write what was counted (one flush at a time; a call during one waits for it). */
  flush(): Promise<void> {
    this.flushing ??= this.flushOnce()
      .catch((e: unknown) => this.deps.log.warn({ err: e }, 'usage not written; kept for the next flush'))
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
  }

  /** Stop counting and write what is left (the app is closing). */
  async close(): Promise<void> {
    this.deps.clock.clearInterval(this.timer);
    await this.flush();
  }

  private async flushOnce(): Promise<void> {
    const units = this.deps.readModel.units;
    const due: { p: Pending; bytes: number; seconds: number }[] = [];
    for (const [key, p] of this.pending) {
      if (!units.get(p.unitId)) {
        this.pending.delete(key);
        continue;
      }
      const bytes = Math.floor(p.bytes);
      const seconds = Math.floor(p.ms / 1000);
      if (bytes > 0 || seconds > 0) due.push({ p, bytes, seconds });
    }
    const inventories = new Set<string>();
    for (let i = 0; i < due.length; i += UPSERT_ROWS_MAX) {
      const batch = due.slice(i, i + UPSERT_ROWS_MAX);
      await repo.addUsage(
        this.deps.db,
        batch.map(({ p, bytes, seconds }) => ({ unitId: p.unitId, periodStart: new Date(p.day), periodEnd: new Date(p.day + DAY_MS), bytes, seconds })),
      );
      // Written: only the remainders (and what arrived meanwhile) stay.
      for (const { p, bytes, seconds } of batch) {
        p.bytes -= bytes;
        p.ms -= seconds * 1000;
        for (const m of units.get(p.unitId)?.inventories ?? []) inventories.add(m.inventoryId);
      }
    }
    // Days that ended keep no fraction worth a write.
    const at = this.deps.businessClock.now();
    const today = at - (at % DAY_MS);
    for (const [key, p] of this.pending) if (p.day < today - DAY_MS || (p.bytes < 1 && p.ms < 1000 && p.day < today)) this.pending.delete(key);
    for (const inventoryId of inventories)
      this.deps.hub.publish(inventoryAudience(this.deps.readModel, [inventoryId]), { type: 'usage.changed', inventoryId, at });
  }
}
