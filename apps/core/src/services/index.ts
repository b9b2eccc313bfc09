import type { Db } from '@fleet/db';
import type { Config } from '../env.js';
import { AuthService } from './auth.js';
import { DeviceGateway } from './gateway.js';
import { RealtimeHub } from './hub.js';
import { TelemetryStore } from './telemetry.js';
import { UnitService } from './units.js';
import { UserService } from './users.js';

export interface Services {
  db: Db;
  auth: AuthService;
  units: UnitService;
  users: UserService;
  hub: RealtimeHub;
  gateway: DeviceGateway;
  telemetry: TelemetryStore;
}

/** The websocket library the core runs (user prop wsLibrary; a change makes consoles reload). */
export const WS_LIBRARY = 'ws@8';

export function createServices(config: Config, db: Db, log: { error(o: unknown, m?: string): void; warn(o: unknown, m?: string): void; info(o: unknown, m?: string): void }): Services {
  const hub = new RealtimeHub();
  const telemetry = new TelemetryStore();
  const gateway = new DeviceGateway(config.DEVICE_COMMAND_TIMEOUT_MS, log);
  return {
    db,
    hub,
    telemetry,
    gateway,
    auth: new AuthService(db, config.SESSION_TTL_HOURS * 3600_000),
    units: new UnitService(db, hub, telemetry, gateway, log),
    users: new UserService(db, WS_LIBRARY),
  };
}
