/**
 * Outcomes of the commands that finish after their acknowledgement (spec 000 §7 speed test,
 * cellular scan), as devices report them: each becomes a `unit.commandResult` event on the hub,
 * and the last-known snapshot in Unit.telemetry keeps `speedTestCompleted` and
 * `cellularNetworksUpdated` (spec 000 §3) with their results.
 */
import type { CellularScanReport, CommandOutcome, DeviceEvent, SpeedTestReport, UnitCommand } from '@fleet/contracts';
import type { ServiceDeps } from '../deps.js';
import { messageOf, type UnitCommands } from './commands.js';
import { unitTelemetry, type StoredUnitTelemetry } from '../../platform/storage/unit-columns.js';
import * as repo from './repository.js';

type SpeedTestEvent = Extract<DeviceEvent, { type: 'speedTest' }>;
export interface SpeedTestView {
  state: SpeedTestEvent['state'];
  uplinkKbps: number | null;
  downlinkKbps: number | null;
  error: string | null;
}

export class CommandOutcomes {
  private readonly lastSpeedTests = new Map<string, SpeedTestView>();
  /** Telemetry snapshot writes of one unit run one after another. */
  private readonly writes = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly commands: UnitCommands,
  ) {
    deps.events.on('speedTest', (event, at) => this.follow(event, at));
    deps.events.on('cellularScan', (event, at) => this.follow(event, at));
    // A unit that drops offline during a speed test ends it ("Test cancelled").
    deps.reports.onDeviceState(async (c) => {
      if (c.online || !this.commands.speedTests.has(c.unitId)) return;
      this.commands.speedTests.delete(c.unitId);
      this.publish(c.unitId, 'speedTest', 'cancelled', 'TEST_CANCELLED', null, this.deps.clock.now());
    });
  }

  /** The last speed test each unit reported (the control plane's view). */
  speedTestOf(unitId: string): SpeedTestView | null {
    return this.lastSpeedTests.get(unitId) ?? null;
  }

  forgetSpeedTests(): void {
    this.lastSpeedTests.clear();
  }

  private async follow(event: DeviceEvent, at: number): Promise<void> {
    if (event.type === 'speedTest') {
      this.lastSpeedTests.set(event.unitId, { state: event.state, uplinkKbps: event.uplinkKbps, downlinkKbps: event.downlinkKbps, error: event.error });
      if (event.state === 'running') return;
      const pending = this.commands.speedTests.get(event.unitId);
      this.commands.speedTests.delete(event.unitId);
      const completed = event.state === 'completed';
      const result: SpeedTestReport | null = completed
        ? { channelId: pending?.channelId ?? null, uplinkKbps: event.uplinkKbps ?? 0, downlinkKbps: event.downlinkKbps ?? 0 }
        : null;
      this.publish(event.unitId, 'speedTest', event.state, event.error, result, at);
      if (result) await this.writeSnapshot(event.unitId, (t) => ({ ...t, speedTestCompleted: new Date(at).toISOString(), lastSpeedTest: result }));
      return;
    }
    if (event.type === 'cellularScan') {
      const result: CellularScanReport = { modemId: event.modemId, operators: event.operators };
      this.publish(
        event.unitId,
        'cellularScan',
        event.state,
        event.error,
        event.state === 'completed' ? result : { modemId: event.modemId, operators: [] },
        at,
      );
      if (event.state === 'completed') {
        await this.writeSnapshot(event.unitId, (t) => ({
          ...t,
          cellularNetworks: { ...t.cellularNetworks, [event.modemId]: event.operators },
          cellularNetworksUpdated: new Date(at).toISOString(),
        }));
      }
    }
  }

  private publish(
    unitId: string,
    command: UnitCommand,
    outcome: CommandOutcome,
    code: string | null,
    result: SpeedTestReport | CellularScanReport | null,
    at: number,
  ): void {
    const failedCode = outcome === 'completed' ? null : (code ?? (command === 'cellularScan' ? 'SCAN_FAILED' : 'TEST_CANCELLED'));
    this.deps.hub.publish(this.deps.index.topicsOf(unitId), {
      type: 'unit.commandResult',
      unitId,
      command,
      outcome,
      code: failedCode,
      message: messageOf(failedCode),
      result,
      at,
    });
  }

  /** Read-modify-write of the unit's last-known snapshot (not user configuration: no version). */
  private writeSnapshot(unitId: string, change: (t: StoredUnitTelemetry) => StoredUnitTelemetry): Promise<void> {
    const prev = this.writes.get(unitId) ?? Promise.resolve();
    const next = prev.then(async () => {
      const row = await repo.findUnitTelemetry(this.deps.db, unitId);
      if (!row) return;
      // Built from validated device events: plain JSON values only.
      await repo.writeUnitTelemetry(this.deps.db, unitId, unitTelemetry.write(change(unitTelemetry.read(row.telemetry))));
    });
    const settled = next
      .catch(() => undefined)
      .finally(() => {
        if (this.writes.get(unitId) === settled) this.writes.delete(unitId);
      });
    this.writes.set(unitId, settled);
    return next;
  }
}
