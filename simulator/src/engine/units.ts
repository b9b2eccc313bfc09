/**
 * The unit devices this shard runs: the core's assignment kept (a device still assigned runs on,
 * new ones start, the rest stop), their commands answered, their faults applied, and the fleet
 * restarted from the seed by a reset. Their telemetry is stepped by the engine's wheel.
 */
import type { CoreToDevice, DeviceSpec, DeviceToCore, UnitFault } from '@fleet/contracts';
import { UnitDevice } from '../device.js';
import { applyUnitFault, respond } from '../reactions/index.js';
import type { TelemetryWheel } from '../wheel.js';
import type { Injected, ShardContext } from './context.js';

export class ShardUnits {
  private readonly devices = new Map<string, UnitDevice>();
  /** The last assignment, kept so a reset can rebuild the fleet. */
  specs: DeviceSpec[] = [];

  constructor(
    private readonly ctx: ShardContext,
    private readonly wheel: TelemetryWheel,
  ) {}

  /** Keep devices still assigned (their state continues), start new ones, stop the rest. */
  assign(specs: DeviceSpec[]): void {
    this.specs = specs;
    this.ctx.world.setMemberships(specs);
    const wanted = new Set(specs.map((s) => s.unitId));
    for (const [id, d] of this.devices) {
      if (!wanted.has(id)) {
        d.stop();
        this.devices.delete(id);
        this.wheel.remove(d);
      }
    }
    for (const spec of specs) {
      const held = this.devices.get(spec.unitId);
      // A device kept runs on, with the version (unless an upgrade changes it) and the licence the core says it has.
      if (held) held.adoptSpec(spec);
      else this.start(spec);
    }
  }

  /**
   * Start every device of the last assignment afresh (a reset): each takes over at once from the
   * one that ran (on, nothing running: UnitPower.boot's warm start), so a unit on before and after
   * is never reported offline in between; one the seed starts off says so at once. The restarted
   * fleet does not depend on what ran before: the same seed gives the same sequence.
   */
  restart(): void {
    for (const spec of this.specs) this.start(spec, true);
  }

  /** The answer to a core's command for one of the units (none: an unresponsive unit lets the core time out). */
  answer(m: Extract<CoreToDevice, { kind: 'command' }>): DeviceToCore | null {
    const d = this.devices.get(m.unitId);
    if (d?.faults.unresponsive) return null;
    return d ? respond(d, m.commandId, m.command) : { kind: 'ack', commandId: m.commandId, ok: false, error: 'NOT_FOUND' };
  }

  inject(unitId: string, fault: UnitFault): Injected {
    const d = this.devices.get(unitId);
    if (!d) return { applied: false };
    const r = applyUnitFault(d, fault);
    return r.ok ? { applied: true } : { applied: true, error: r.error };
  }

  get(unitId: string): UnitDevice | undefined {
    return this.devices.get(unitId);
  }

  get size(): number {
    return this.devices.size;
  }

  values(): IterableIterator<UnitDevice> {
    return this.devices.values();
  }

  /** The fleet's motion is back: each unit picks up what it does on its own (UnitDevice.resumeMotion). */
  resumeMotion(): void {
    for (const d of this.devices.values()) d.resumeMotion();
  }

  /** Each unit reports the alerts it holds cleared (before a restart of the fleet). */
  clearAlerts(): void {
    for (const d of this.devices.values()) d.alerts.clearAll();
  }

  stop(): void {
    for (const d of this.devices.values()) d.stop();
    this.devices.clear();
    this.wheel.clear();
  }

  private start(spec: DeviceSpec, warm = false): void {
    const rng = this.ctx.seedRng.fork(spec.unitId);
    const d = new UnitDevice(spec, this.ctx.clock, rng, this.ctx.timings, (m) => this.ctx.send(m), this.ctx.world, this.ctx.alertConfig);
    this.devices.set(spec.unitId, d);
    this.wheel.add(d, rng);
    d.start(warm);
  }
}
