/**
 * A unit's configuration (spec 000 §3 unit configuration fields, §7 commands and unit updates):
 * - the configuration in storage (read-modify-write under the unit version) and the
 *   UnitConfiguration every update answers are the units module's (units/configuration-store.ts);
 * - reads.ts: configurationV2, enhanced unit info, bandwidth limitations, pairing code, a modem's
 *   settings, the settings configuration;
 * - updates.ts, link-updates.ts: the unit settings (PUT v2/units/{id}/... and the v0 / unversioned
 *   ones), each through the steps of update-plan.ts;
 * - commands.ts: the command kinds of POST devices/{id}/commands/{command};
 * - events.ts: outcomes of speed tests and cellular scans reported later by devices.
 */
import { bind } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import type { ConfigStore } from '../units/configuration-store.js';
import type { UnitDevices } from '../units/unit-devices.js';
import type { UnitService } from '../units/units.js';
import { UnitCommands, unitCommandCalls } from './commands.js';
import { CommandOutcomes } from './events.js';
import { UnitConfigurationReads, unitConfigurationReadCalls } from './reads.js';
import { UnitUpdates, unitUpdateCalls } from './updates.js';
import { UnitLinkUpdates, unitLinkUpdateCalls } from './link-updates.js';

/** What the unit configuration needs of the units module: visibility and answers, the device rules, the stored configuration. */
export interface UnitConfigurationNeeds {
  units: Pick<UnitService, 'assertVisible' | 'findVisible' | 'toDetail'>;
  devices: UnitDevices;
  configuration: Pick<ConfigStore, 'save' | 'configurationOf'>;
}

export class UnitConfigurationService {
  readonly commands: UnitCommands;
  readonly updates: UnitUpdates;
  readonly linkUpdates: UnitLinkUpdates;
  readonly reads: UnitConfigurationReads;
  readonly outcomes: CommandOutcomes;

  constructor(deps: ServiceDeps, { units, devices, configuration }: UnitConfigurationNeeds) {
    this.commands = new UnitCommands(deps, devices, configuration);
    this.updates = new UnitUpdates(deps, devices, configuration);
    this.linkUpdates = new UnitLinkUpdates(deps, devices, configuration);
    this.reads = new UnitConfigurationReads(deps, units, configuration);
    this.outcomes = new CommandOutcomes(deps, this.commands);
  }
}

/** The unit configuration module's services. */
export function create(deps: ServiceDeps, needs: UnitConfigurationNeeds) {
  return { unitConfig: new UnitConfigurationService(deps, needs) };
}

export type UnitConfigurationServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [
  bind((s: UnitConfigurationServices) => s.unitConfig.reads, unitConfigurationReadCalls),
  bind((s: UnitConfigurationServices) => s.unitConfig.commands, unitCommandCalls),
  bind((s: UnitConfigurationServices) => s.unitConfig.updates, unitUpdateCalls),
  bind((s: UnitConfigurationServices) => s.unitConfig.linkUpdates, unitLinkUpdateCalls),
] as const;
