/**
 * A unit's configuration (spec 000 §3 unit configuration fields, §7 commands and unit updates):
 * - store.ts: the configuration in storage (read-modify-write under the unit version) and the
 *   UnitConfiguration every update answers;
 * - reads.ts: configurationV2, enhanced unit info, bandwidth limitations, pairing code, a modem's
 *   settings, the settings configuration;
 * - updates.ts, link-updates.ts: the unit settings (PUT v2/units/{id}/... and the v0 / unversioned
 *   ones), each through the steps of update-plan.ts;
 * - commands.ts: the command kinds of POST devices/{id}/commands/{command};
 * - events.ts: outcomes of speed tests and cellular scans reported later by devices.
 */
import type { ServiceDeps } from '../deps.js';
import { UnitCommands } from './commands.js';
import { CommandOutcomes } from './events.js';
import { UnitConfigurationReads } from './reads.js';
import { UnitUpdates } from './updates.js';
import { UnitLinkUpdates } from './link-updates.js';

export class UnitConfigurationService {
  readonly commands: UnitCommands;
  readonly updates: UnitUpdates;
  readonly linkUpdates: UnitLinkUpdates;
  readonly reads: UnitConfigurationReads;
  readonly outcomes: CommandOutcomes;

  constructor(deps: ServiceDeps) {
    this.commands = new UnitCommands(deps, deps.configuration);
    this.updates = new UnitUpdates(deps, deps.configuration);
    this.linkUpdates = new UnitLinkUpdates(deps, deps.configuration);
    this.reads = new UnitConfigurationReads(deps);
    this.outcomes = new CommandOutcomes(deps, this.commands);
  }
}
