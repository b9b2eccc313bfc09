import type { Db } from '@fleet/db';
import type { Config } from '../env.js';
import { AuthService } from './auth.js';
import { DeviceGateway } from './gateway.js';
import { RealtimeHub } from './hub.js';
import { TelemetryStore } from './telemetry.js';
import { UnitService } from './units.js';
import { UnitIndex } from './unit-index.js';
import { DeviceReports } from './device-reports.js';
import { UnitDevices } from './unit-devices.js';
import { UnitStreamService } from './unit-streams.js';
import { ConfigStore } from './unit-config/store.js';
import { UnitRepository } from '../repositories/units.js';
import { UserService } from './users.js';
import type { ServiceDeps, ServiceLogger } from './deps.js';
import { AlertService } from './alerts.js';
import { ClientConfigurationService } from './client-configuration.js';
import { GroupService } from './groups.js';
import { InventoryService } from './inventories.js';
import { UnitConfigService } from './unit-config.js';
import { SupportCaseService } from './support-cases.js';
import { UnitLicenceService } from './unit-licences.js';
import { UnitLifecycleService } from './unit-lifecycle.js';
import { UnitSessionService } from './unit-sessions.js';
import { UnitStorageService } from './unit-storage.js';
import { AdminUnitService } from './admin-units.js';
import { FleetService } from './fleet.js';
import { FileService } from './files.js';
import { StoryService } from './stories.js';
import { InvitationService } from './invitations.js';

export interface Services {
  db: Db;
  auth: AuthService;
  index: UnitIndex;
  reports: DeviceReports;
  devices: UnitDevices;
  units: UnitService;
  streams: UnitStreamService;
  configuration: ConfigStore;
  users: UserService;
  hub: RealtimeHub;
  gateway: DeviceGateway;
  telemetry: TelemetryStore;
  alerts: AlertService;
  clientConfiguration: ClientConfigurationService;
  groups: GroupService;
  inventories: InventoryService;
  unitConfig: UnitConfigService;
  unitLicences: UnitLicenceService;
  unitSessions: UnitSessionService;
  unitStorage: UnitStorageService;
  unitLifecycle: UnitLifecycleService;
  supportCases: SupportCaseService;
  adminUnits: AdminUnitService;
  /** issue 4: servers for the simulator, device events beyond state/telemetry, generated fleets. */
  fleet: FleetService;
  /** issue 6: channel and unit files. */
  files: FileService;
  /** issue 6: stories and their integration settings. */
  stories: StoryService;
  /** issue 6: guest interview invitations of groups. */
  invitations: InvitationService;
}

export function createServices(config: Config, db: Db, log: ServiceLogger): Services {
  const hub = new RealtimeHub();
  const telemetry = new TelemetryStore();
  const gateway = new DeviceGateway(config.DEVICE_COMMAND_TIMEOUT_MS, log);
  const index = new UnitIndex();
  const reports = new DeviceReports(db, index, hub, telemetry, log);
  reports.listen(gateway);
  const devices = new UnitDevices(db, index, reports, telemetry, gateway);
  const units = new UnitService(db, index, hub, telemetry, gateway);
  const configuration = new ConfigStore({ db, index, units, hub });
  const users = new UserService(db, config.WS_LIBRARY);
  const deps: ServiceDeps = { config, db, index, units, unitRepository: new UnitRepository(db), reports, devices, configuration, users, gateway, hub, telemetry, log };
  return {
    db,
    hub,
    telemetry,
    gateway,
    index,
    reports,
    devices,
    units,
    streams: new UnitStreamService(deps),
    configuration,
    auth: new AuthService(db, config.SESSION_TTL_HOURS * 3600_000),
    users,
    alerts: new AlertService(deps),
    clientConfiguration: new ClientConfigurationService(deps),
    groups: new GroupService(deps),
    inventories: new InventoryService(deps),
    unitConfig: new UnitConfigService(deps),
    unitLicences: new UnitLicenceService(deps),
    unitSessions: new UnitSessionService(deps),
    unitStorage: new UnitStorageService(deps),
    unitLifecycle: new UnitLifecycleService(deps),
    supportCases: new SupportCaseService(deps),
    adminUnits: new AdminUnitService(deps),
    fleet: new FleetService(deps),
    files: new FileService(deps),
    stories: new StoryService(deps),
    invitations: new InvitationService(deps),
  };
}
