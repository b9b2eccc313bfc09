import type { Db } from '@fleet/db';
import type { Config } from '../env.js';
import { AuthService } from './auth.js';
import { DeviceGateway } from './gateway.js';
import { RealtimeHub } from './hub.js';
import { TelemetryStore } from './telemetry.js';
import { UnitService } from './units.js';
import { UserService } from './users.js';
import type { ServiceDeps, ServiceLogger } from './deps.js';
import { UnitReadService } from './unit-reads.js';
import { UnitConfigService } from './unit-config.js';
import { UnitActionService } from './unit-actions.js';
import { AdminUnitService } from './unit-admin.js';
import { FleetService } from './fleet.js';
import { FileService } from './files.js';
import { StoryService } from './stories.js';
import { InvitationService } from './invitations.js';

export interface Services {
  db: Db;
  auth: AuthService;
  units: UnitService;
  users: UserService;
  hub: RealtimeHub;
  gateway: DeviceGateway;
  telemetry: TelemetryStore;
  unitReads: UnitReadService;
  unitConfig: UnitConfigService;
  unitActions: UnitActionService;
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
  const units = new UnitService(db, hub, telemetry, gateway, log);
  const deps: ServiceDeps = { config, db, units, gateway, hub, telemetry, log };
  return {
    db,
    hub,
    telemetry,
    gateway,
    units,
    auth: new AuthService(db, config.SESSION_TTL_HOURS * 3600_000),
    users: new UserService(db, config.WS_LIBRARY),
    unitReads: new UnitReadService(deps),
    unitConfig: new UnitConfigService(deps),
    unitActions: new UnitActionService(deps),
    adminUnits: new AdminUnitService(deps),
    fleet: new FleetService(deps),
    files: new FileService(deps),
    stories: new StoryService(deps),
    invitations: new InvitationService(deps),
  };
}
