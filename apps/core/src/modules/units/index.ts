/**
 * Units: the unit rows and their announcements (units.ts), the device rules every unit
 * command shares (unit-devices.ts), the stored configuration (configuration-store.ts), streams,
 * licences, sessions, storage, lifecycle, the admin's unit calls and licence activations.
 */
import { bind } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import { AdminUnitReads, adminUnitReadCalls } from './admin-unit-reads.js';
import { AdminUnitService, adminUnitCalls } from './admin-units.js';
import { ChannelsInUse } from './channels-in-use.js';
import { ConfigStore } from './configuration-store.js';
import { LicenceActivationService, licenceActivationCalls } from './licence-activations.js';
import { UnitDevices } from './unit-devices.js';
import { UnitLicenceService, unitLicenceCalls } from './unit-licences.js';
import { UnitLifecycleService, unitLifecycleCalls } from './unit-lifecycle.js';
import { UnitSessionService, unitSessionCalls } from './unit-sessions.js';
import { UnitStorageService, unitStorageCalls } from './unit-storage.js';
import { UnitStreamService, unitStreamCalls } from './unit-streams.js';
import type { UnitUpgradeCheck } from './upgrade-check.js';
import { UnitService, unitCalls } from './units.js';

/** What the units need of other modules: the upgrade rules the admin's target software version checks (the upgrades module's). */
export interface UnitsNeeds {
  upgradeCheck: UnitUpgradeCheck;
}

/** The units module's services. */
export function create(deps: ServiceDeps, { upgradeCheck }: UnitsNeeds) {
  const { db, readModel, index, reports, telemetry, gateway, hub, clock } = deps;
  const devices = new UnitDevices(db, readModel, index, reports, telemetry, gateway);
  const units = new UnitService(db, readModel.unitRows, index, hub, telemetry, gateway, new ChannelsInUse(readModel), clock);
  units.followReadModel(readModel.units);
  const configuration = new ConfigStore({ db, readModel, index, hub, clock }, units);
  const unitLicences = new UnitLicenceService(deps, units);
  return {
    units,
    devices,
    configuration,
    // Follows device state before the unit configuration's and remote actions' listeners (unit storage, then streams).
    unitStorage: new UnitStorageService(deps, units, devices),
    streams: new UnitStreamService(deps, devices, configuration),
    unitLicences,
    unitSessions: new UnitSessionService(deps, units, devices),
    unitLifecycle: new UnitLifecycleService(deps, devices, configuration),
    adminUnits: new AdminUnitService(deps, units, upgradeCheck),
    adminUnitReads: new AdminUnitReads(deps, units),
    licenceActivations: new LicenceActivationService(deps, unitLicences),
  };
}

export type UnitsServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [
  bind((s: UnitsServices) => s.units, unitCalls),
  bind((s: UnitsServices) => s.streams, unitStreamCalls),
  bind((s: UnitsServices) => s.unitLicences, unitLicenceCalls),
  bind((s: UnitsServices) => s.unitSessions, unitSessionCalls),
  bind((s: UnitsServices) => s.unitStorage, unitStorageCalls),
  bind((s: UnitsServices) => s.unitLifecycle, unitLifecycleCalls),
  bind((s: UnitsServices) => s.adminUnitReads, adminUnitReadCalls),
  bind((s: UnitsServices) => s.adminUnits, adminUnitCalls),
  bind((s: UnitsServices) => s.licenceActivations, licenceActivationCalls),
] as const;
