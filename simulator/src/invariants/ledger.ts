/**
 * command-effect: a command the core answered "accepted" takes effect, or a later event reports
 * why it could not (the unit went off, the server took the channel back, someone stopped it). The
 * ledger keeps what each accepted stream start promised and, once its start-up time has passed,
 * checks the unit streams as promised — to the channel asked for when one was — unless something
 * that ends a stream happened to the unit or its channel in between (`release`).
 */
import { violation, type FleetTruth, type Violation } from './fleet.js';

interface StreamPromise {
  unitId: string;
  /** The channel asked for; null: any channel or External destination. */
  channelId: string | null;
  acceptedAt: number;
  /** The call that was accepted, for the message. */
  call: string;
}

export class CommandLedger {
  private promises: StreamPromise[] = [];

  /** How long a start may take before it must show (the longest start-up time, with room). */
  constructor(private readonly settleMs: number) {}

  /** The core answered a stream start accepted. */
  streamAccepted(unitId: string, channelId: string | null, at: number, call: string): void {
    this.promises.push({ unitId, channelId, acceptedAt: at, call });
  }

  /** Something that ends a stream happened to the unit (a stop, power, reboot, another start). */
  release(unitId: string): void {
    this.promises = this.promises.filter((p) => p.unitId !== unitId);
  }

  /** Something that ends a stream happened to a channel (its server went down, a fault forced it). */
  releaseChannel(channelId: string, truth: FleetTruth): void {
    const on = new Set(truth.units.filter((u) => u.streamChannel === channelId).map((u) => u.unitId));
    this.promises = this.promises.filter((p) => p.channelId !== channelId && !on.has(p.unitId));
  }

  /** Promises whose start-up time has passed, checked (and forgotten) now. */
  check(t: FleetTruth): Violation[] {
    const out: Violation[] = [];
    const due = this.promises.filter((p) => t.at - p.acceptedAt >= this.settleMs);
    this.promises = this.promises.filter((p) => t.at - p.acceptedAt < this.settleMs);
    for (const p of due) {
      const u = t.units.find((x) => x.unitId === p.unitId);
      const video = u?.applications.video?.state;
      if (!u?.online || video !== 'running') {
        out.push(
          violation(
            'command-effect',
            p.unitId,
            `${p.call} was accepted ${t.at - p.acceptedAt} ms ago, yet the unit ${!u?.online ? 'is off' : `has video ${video ?? 'not running'}`} and nothing ended the stream`,
          ),
        );
        continue;
      }
      if (p.channelId !== null && u.streamChannel !== p.channelId && u.streamExternal !== p.channelId) {
        out.push(violation('command-effect', p.unitId, `${p.call} was accepted, yet the unit streams to ${u.streamChannel ?? u.streamExternal ?? 'nothing'}`));
      }
    }
    return out;
  }

  get pending(): number {
    return this.promises.length;
  }
}
