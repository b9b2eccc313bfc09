/**
 * The telemetry wheel: ONE timer steps the whole fleet, a slice of it per turn (each device sits in
 * one slice, chosen from its seed), and the servers once per round. At 10,000 units at 1 Hz that is
 * ten timer firings a second instead of ten thousand. With no slices every device keeps its own
 * timer and the wheel only steps the servers.
 */
import type { SimClock } from './clock.js';
import type { UnitDevice } from './device.js';
import type { Rng } from './rng.js';
import type { ServerDevice } from './server-device.js';

export class TelemetryWheel {
  #buckets: UnitDevice[][] = [];
  #slice = 0;
  #lastServerTick = 0;
  #stop: (() => void) | null = null;

  constructor(
    private readonly slices: number,
    private readonly servers: () => Iterable<ServerDevice>,
  ) {}

  /** Start turning on `clock` (a new clock after a reset): one round every `intervalMs`, the slices empty. */
  start(clock: SimClock, intervalMs: number): void {
    this.stop();
    this.#buckets = Array.from({ length: this.slices }, () => []);
    this.#slice = 0;
    this.#lastServerTick = clock.now();
    const every = this.slices > 0 ? intervalMs / this.slices : intervalMs;
    this.#stop = clock.every(every, () => {
      // A step of the stepped clock over many rounds turns only the last one: each device and server
      // is stepped once with the whole time since its last tick (what it reports is as of the end).
      const until = clock.advancingTo();
      if (until !== null && clock.now() + intervalMs <= until) return this.#skip();
      this.#turn(clock.now());
    });
  }

  stop(): void {
    this.#stop?.();
    this.#stop = null;
  }

  /** Put a device in its slice (the wheel then ticks it, not its own timer). */
  add(d: UnitDevice, rng: Rng): void {
    if (this.slices === 0) return;
    d.externalTicks = true;
    this.#buckets[rng.fork('tick').int(0, this.slices - 1)]!.push(d);
  }

  remove(d: UnitDevice): void {
    for (const b of this.#buckets) {
      const i = b.indexOf(d);
      if (i >= 0) {
        b.splice(i, 1);
        return;
      }
    }
  }

  clear(): void {
    for (const b of this.#buckets) b.length = 0;
  }

  /**
   * Every device and server stepped once now, with the whole time since its last tick: a step of
   * the clock that ended before its last round (cancelled) still leaves each one's report as of now.
   */
  catchUp(now: number): void {
    for (const bucket of this.#buckets) for (let i = 0; i < bucket.length; i++) bucket[i]!.tick(now);
    const dt = now - this.#lastServerTick;
    this.#lastServerTick = now;
    for (const s of this.servers()) s.tick(dt);
  }

  /** A turn passed over: the wheel moves on, nothing is stepped. */
  #skip(): void {
    if (this.slices > 0) this.#slice = (this.#slice + 1) % this.slices;
  }

  #turn(now: number): void {
    if (this.slices > 0) {
      const bucket = this.#buckets[this.#slice]!;
      for (let i = 0; i < bucket.length; i++) bucket[i]!.tick(now);
      this.#slice = (this.#slice + 1) % this.slices;
    }
    if (this.#slice === 0 || this.slices === 0) {
      const dt = now - this.#lastServerTick;
      this.#lastServerTick = now;
      for (const s of this.servers()) s.tick(dt);
    }
  }
}
