/**
 * What an autonomous unit (a share of a demo fleet, drawn once per unit) does on its own: now and
 * then, one chain per power-on (its timers end with the power), it streams for a while or records
 * and then forwards, ending only what it started.
 */
import { isBusy } from '@fleet/domain';
import { AUTONOMY } from '../models/constants.js';
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

  /** A power-on: an autonomous unit plans what it does next. */
  begin(): void {
    if (this.autonomous) this.plan();
  }

  private plan(): void {
    const gap = -Math.log(1 - this.host.rng.next()) * this.host.timings.autonomyMeanGapMs;
    this.host.schedule(gap, () => {
      this.actOnItsOwn();
      this.plan();
    });
  }

  /**
   * What an autonomous unit does when its turn comes (also the `autonomy` fault): when idle, it
   * streams for a while — to its selected channel, else to a free one it takes; never to nothing,
   * and not at all when none is free — or records and then forwards; ending only what it started.
   */
  actOnItsOwn(): void {
    const { host, stream, recording } = this;
    if (!host.isOnline() || isBusy(host.apps.all) || host.apps.has('store') || host.apps.has('forward')) return;
    const roll = host.rng.next();
    const forMs = host.draw(host.timings.autonomyActivityMs);
    if (roll < AUTONOMY.streamShare && stream.startStream(null).ok) {
      const run = stream.run;
      host.schedule(forMs, () => stream.stopRun(run));
    } else if (roll < AUTONOMY.streamShare + AUTONOMY.recordShare && recording.startRecording().ok) {
      host.schedule(forMs, () => {
        recording.stopRecording();
        recording.startForwarding();
        host.schedule(forMs, () => void host.stopApp('forward'));
      });
    }
  }
}
