/**
 * Unit commands (POST devices/{id}/commands/*) and unit updates (PUT v2/units/{id}/... and the v0 /
 * unversioned ones) of spec 000 §7. The parts live under ./unit-config/:
 * - support.ts: the unit columns read, lenient readers of stored JSON, shared checks;
 * - store.ts: the configuration in storage (read-modify-write under the unit version) and the
 *   UnitConfiguration every update answers;
 * - commands.ts: the 22 command kinds;
 * - updates.ts: the unit settings;
 * - account.ts: current user, group unit settings, inventory-unit details;
 * - events.ts: outcomes of speed tests and cellular scans reported later by devices.
 */
import type { ServiceDeps } from './deps.js';
import { UnitCommands } from './unit-config/commands.js';
import { CommandOutcomes } from './unit-config/events.js';
import { ConfigStore } from './unit-config/store.js';
import { UnitChecks } from './unit-config/support.js';
import { UnitUpdates } from './unit-config/updates.js';
import { UnitConfigurationReads } from './unit-config/reads.js';

export class UnitConfigService {
  readonly store: ConfigStore;
  readonly commands: UnitCommands;
  readonly updates: UnitUpdates;
  readonly reads: UnitConfigurationReads;
  readonly outcomes: CommandOutcomes;

  constructor(deps: ServiceDeps) {
    const checks = new UnitChecks(deps);
    this.store = new ConfigStore(deps);
    this.commands = new UnitCommands(deps, checks, this.store);
    this.updates = new UnitUpdates(deps, checks, this.store);
    this.reads = new UnitConfigurationReads(deps);
    this.outcomes = new CommandOutcomes(deps, this.commands);
  }

  /** A unit's configuration as the updates answer it (spec 000 §3 unit configuration fields). */
  getConfiguration(unitId: string) {
    return this.store.configurationOf(unitId);
  }
}
