/**
 * What an autonomous unit (a share of a demo fleet, drawn once per unit) does on its own: now and
 * then, one chain per power-on (its timers end with the power), it streams for a while or records
 * and then forwards, ending only what it started. A demo preset sets how many units act, how soon
 * the first action comes, how often and for how long (timings.ts, the autonomy* timings).
 */
import { isBusy } from '@fleet/domain';
import type { UnitHost } from './host.js';
import type { UnitRecording } from './recording.js';
import type { UnitStream } from './stream.js';

export class UnitAutonomy {
  /** Acts on its own now and then (drawn once, from the unit's own fork). */
  readonly autonomous: boolean;

  constructor(
    private readonly host: UnitHost,
    private readonly stream: UnitStream,
    private readonly recording: UnitRecording,
  ) {
    this.autonomous = host.rng.fork('autonomy').chance(host.timings.autonomyShare);
  }

  /** A power-on: an autonomous unit plans what it does next (soon, in a demo alive from its start). */
  begin(): void {
    if (this.autonomous) this.plan(true);
  }

  private plan(first = false): void {
    const { rng, timings } = this.host;
    const soon = first && timings.autonomyFirstWithinMs > 0;
    // One draw either way: the unit's random sequence does not depend on the preset's first wait.
    const u = rng.next();
    const gap = soon ? u * timings.autonomyFirstWithinMs : -Math.log(1 - u) * timings.autonomyMeanGapMs;
    this.host.schedule(gap, () => {
      // A unit a scenario run reserved is left alone by the demo until the run ends.
      if (!this.host.world.isReserved(this.host.unitId)) this.actOnItsOwn();
      this.plan();
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
    if (!host.isOnline() || isBusy(host.apps.all) || host.apps.has('store') || host.apps.has('forward')) return;
    const roll = host.rng.next();
    const forMs = host.draw(host.timings.autonomyActivityMs);
    const { autonomyStreamShare: streamShare, autonomyRecordShare: recordShare } = host.timings;
    const streams = roll < streamShare && stream.startStream(null).ok;
    if (streams) {
      const run = stream.run;
      host.schedule(forMs, () => stream.stopRun(run));
    } else if (roll < streamShare + recordShare && recording.startRecording().ok) {
      host.schedule(forMs, () => {
        recording.stopRecording();
        recording.startForwarding();
        host.schedule(forMs, () => void host.stopApp('forward'));
      });
    }
  }
}
