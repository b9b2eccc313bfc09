/**
 * What an autonomous unit (a share of a demo fleet, drawn once per unit) does on its own: now and
 * then, one chain per power-on (its timers end with the power), it streams for a while or records
 * and then forwards, ending only what it started. A demo preset sets how many units act, how soon
 * the first action comes, how often and for how long (timings.ts, the autonomy* timings).
 *
 * It starts through the same methods a person's command uses (licence, channel and busy rules
 * included), and it leaves a unit a person stopped alone for `personStopHoldMs` of simulated time,
 * or until a person starts something on it again (the hold outlives a power cycle: it is a time,
 * not a timer).
 */
import { isBusy } from '@fleet/domain';
import type { UnitApplicationKey } from '@fleet/contracts';
import type { UnitHost } from './host.js';
import type { PersonHoldTruth } from './state.js';
import type { UnitRecording } from './recording.js';
import type { UnitStream } from './stream.js';

export class UnitAutonomy {
  /**
   * The unit's place in the fleet's autonomous share (drawn once, from the unit's own fork): it acts
   * on its own while this is below the share the timings give now, so a calm scenario quiets it and
   * the preset's motion, back after the run, wakes it again.
   */
  private readonly draw: number;
  /** The life (power-on) whose autonomy chain is planned, null when none runs. */
  private chainLife: number | null = null;

  constructor(
    private readonly host: UnitHost,
    private readonly stream: UnitStream,
    private readonly recording: UnitRecording,
  ) {
    this.draw = host.rng.fork('autonomy').next();
  }

  /** Acts on its own now and then (under the share of the timings in effect now). */
  get autonomous(): boolean {
    return this.draw < this.host.timings.autonomyShare;
  }

  private personStoppedAt: number | null = null;
  private personStartedAt: number | null = null;
  private autonomousStartAt: number | null = null;

  /** The applications the unit runs and is not winding down (what a person's command is compared with). */
  runningNow(): Set<UnitApplicationKey> {
    return runningApps(this.host);
  }

  /** What a person's command changed: `before`, the applications running (not winding down) before it. */
  afterPersonCommand(before: ReadonlySet<UnitApplicationKey>): void {
    const after = this.runningNow();
    const now = this.host.now();
    if ([...after].some((k) => !before.has(k))) this.personStartedAt = now;
    else if ([...before].some((k) => !after.has(k))) this.personStoppedAt = now;
  }

  /** Something the simulation did on its own (a demo's timeline step): what it started is the unit's own start. */
  afterOwnAct(before: ReadonlySet<UnitApplicationKey>): void {
    if ([...this.runningNow()].some((k) => !before.has(k))) this.autonomousStartAt = this.host.now();
  }

  /** Whether a person stopped something on the unit lately and has not started anything since. */
  held(): boolean {
    const stopped = this.personStoppedAt;
    if (stopped === null || (this.personStartedAt !== null && this.personStartedAt >= stopped)) return false;
    return this.host.now() < stopped + this.host.timings.personStopHoldMs;
  }

  holdTruth(): PersonHoldTruth {
    return {
      personStoppedAt: this.personStoppedAt,
      personStartedAt: this.personStartedAt,
      autonomousStartAt: this.autonomousStartAt,
      holdMs: this.host.timings.personStopHoldMs,
    };
  }

  /** A power-on (`life`, the new power-on's number): an autonomous unit plans what it does next (soon, in a demo alive from its start). */
  begin(life: number): void {
    this.chainLife = null;
    if (this.autonomous) this.plan(life, true);
  }

  /**
   * The fleet's motion came back (a calm scenario ended, a preset switched without a restart): a
   * unit that is on, autonomous under the timings now and has no chain planned in this power-on
   * plans one, its first act soon as after a power-on. Nothing changes for a unit already acting.
   */
  resume(life: number): void {
    if (this.host.isOnline() && this.autonomous && this.chainLife !== life) this.plan(life, true);
  }

  private plan(life: number, first = false): void {
    const { rng, timings } = this.host;
    this.chainLife = life;
    const soon = first && timings.autonomyFirstWithinMs > 0;
    // One draw either way: the unit's random sequence does not depend on the preset's first wait.
    const u = rng.next();
    const gap = soon ? u * timings.autonomyFirstWithinMs : -Math.log(1 - u) * timings.autonomyMeanGapMs;
    this.host.schedule(gap, () => {
      // The share fell under the unit's draw (a calm scenario): the chain ends, `resume` starts another.
      if (!this.autonomous) {
        this.chainLife = null;
        return;
      }
      // A unit a scenario run reserved is left alone by the demo until the run ends.
      if (!this.host.world.isReserved(this.host.unitId)) this.actOnItsOwn();
      this.plan(life);
    });
  }

  /**
   * What an autonomous unit does when its turn comes (also the `autonomy` fault): when idle, it
   * streams for a while — to its selected channel, else to a free one it takes; never to nothing:
   * when no channel is free it records instead — or records and then forwards; ending only what it
   * started.
   */
  actOnItsOwn(): void {
    const { host, stream, recording } = this;
    if (!host.isOnline() || this.held() || isBusy(host.apps.all) || host.apps.has('store') || host.apps.has('forward')) return;
    const roll = host.rng.next();
    const forMs = host.draw(host.timings.autonomyActivityMs);
    const { autonomyStreamShare: streamShare, autonomyRecordShare: recordShare } = host.timings;
    const streams = roll < streamShare && stream.startStream(null).ok;
    if (streams) {
      this.autonomousStartAt = host.now();
      const run = stream.run;
      host.schedule(forMs, () => stream.stopRun(run));
    } else if (roll < streamShare + recordShare && recording.startRecording().ok) {
      this.autonomousStartAt = host.now();
      host.schedule(forMs, () => {
        recording.stopRecording();
        if (this.held()) return;
        recording.startForwarding();
        host.schedule(forMs, () => void host.stopApp('forward'));
      });
    }
  }
}

/** The applications a unit runs and is not winding down. */
function runningApps(host: Pick<UnitHost, 'apps'>): Set<UnitApplicationKey> {
  const all = host.apps.all;
  return new Set((Object.keys(all) as UnitApplicationKey[]).filter((k) => all[k] !== undefined && !host.apps.isEnding(k)));
}
