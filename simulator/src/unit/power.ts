/**
 * A unit's power, with its own state: on or off, the timers of the current power-on (a power-off
 * cancels them: unit/timers.ts) and of the time it is off (a switch-on pending after an outage or a
 * reboot: a power-on cancels them), the first boot, outages drawn at the timings' mean time between
 * them, and a shut-down. What switching on and off does to the rest of the unit is the device's
 * ({@link PowerHooks}), called at fixed points so a seeded run draws and sets timers in one order.
 */
import type { SimClock } from '../clock.js';
import { SWITCH_ON_AFTER_OUTAGES } from '../models/constants.js';
import type { Rng } from '../rng.js';
import type { DeviceTimings, Range } from '../timings.js';
import { LifeTimers, TimerScope } from './timers.js';

export interface PowerHooks {
  /** Just switched on, before the next outage is planned: applications cleared, the state reported. */
  switchedOn(): void;
  /** On, the next outage planned: storages and telemetry reported, autonomy planning. */
  up(): void;
  /** Switching off, still on: every part lets go of what it holds. */
  releasing(): void;
  /** Off: applications cleared, the state reported. */
  switchedOff(): void;
}

export class UnitPower {
  private powered = false;
  /** Timers of the current power-on (cancelled by a power-off). */
  readonly life: LifeTimers;
  /** Timers of the time the unit is off (being switched on again): cancelled by a power-on. */
  private readonly offTimers: TimerScope;

  constructor(
    clock: SimClock,
    /** The device's random stream (drawn from in the device's order). */
    private readonly rng: Rng,
    private readonly timings: DeviceTimings,
    private readonly hooks: PowerHooks,
  ) {
    this.life = new LifeTimers(clock);
    this.offTimers = new TimerScope(clock);
  }

  get on(): boolean {
    return this.powered;
  }

  /**
   * The first boot: after the boot time, or (an initially-off unit) some outages later. A `warm`
   * start (the fleet restarted by a reset) takes over from the unit that ran: answers true when the
   * unit is to be switched on at once (the caller does, once the device has drawn what it draws at
   * a start) — the core never sees it offline in between —, and an initially-off unit says it is
   * off at once. The draws are the same either way.
   */
  boot(warm = false): boolean {
    if (this.rng.chance(this.timings.initiallyOffShare)) {
      this.offTimers.after(this.draw(this.timings.outageMs) * SWITCH_ON_AFTER_OUTAGES, () => this.powerOn());
      if (warm) this.hooks.switchedOff();
      return false;
    }
    const bootMs = this.draw(this.timings.bootMs);
    if (warm) return true;
    this.offTimers.after(bootMs, () => this.powerOn());
    return false;
  }

  /** The engine no longer runs the device: the power-on's timers and a pending switch-on are cancelled. */
  stop(): void {
    this.life.end();
    this.offTimers.clear();
  }

  /** Power on or off now (faults, a battery running empty). */
  set(on: boolean): void {
    if (on) this.powerOn();
    else this.powerOff();
  }

  powerOn(): void {
    if (this.powered) return; // already on (a scenario switched it on before its boot finished)
    // Switched on: a switch-on still pending from the time it was off (after an outage, a reboot) is void.
    this.offTimers.clear();
    this.life.begin();
    this.powered = true;
    this.hooks.switchedOn();
    this.planOutage();
    this.hooks.up();
  }

  /** Off: the parts let go (while still on), every timer of this power-on is cancelled first. */
  powerOff(): void {
    if (!this.powered) return;
    this.life.end();
    this.hooks.releasing();
    this.powered = false;
    this.hooks.switchedOff();
  }

  /**
   * Shut down: offline at once, every application gone; powered on again after `restartAfterMs`
   * (by default some outage durations: someone on site switches it back on), or never when 0.
   */
  shutDown(restartAfterMs: number = this.draw(this.timings.outageMs) * SWITCH_ON_AFTER_OUTAGES): void {
    this.powerOff();
    if (restartAfterMs > 0) this.offTimers.after(restartAfterMs, () => this.powerOn());
  }

  /**
   * The fleet's motion came back (a calm scenario ended, a preset's motion set): a unit that is on
   * and has no outage planned in this power-on (it came up while outages were off) plans one.
   */
  resumeOutages(): void {
    if (this.powered && this.outageLife !== this.life.life) this.planOutage();
  }

  /** The power-on whose next outage is planned (none: outages were off when it came up). */
  private outageLife: number | null = null;

  private planOutage(): void {
    const mtbo = this.timings.meanTimeBetweenOutagesMs;
    if (mtbo <= 0) return;
    this.outageLife = this.life.life;
    const inMs = -Math.log(1 - this.rng.next()) * mtbo; // exponential inter-arrival
    this.life.after(inMs, () => {
      this.powerOff();
      this.offTimers.after(this.draw(this.timings.outageMs), () => this.powerOn());
    });
  }

  private draw(range: Range): number {
    return this.rng.range(range[0], range[1]);
  }
}
