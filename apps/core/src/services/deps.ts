import type { Db } from '@fleet/db';
import type { Config } from '../env.js';
import type { DeviceGateway } from './gateway.js';
import type { RealtimeHub } from './hub.js';
import type { TelemetryStore } from './telemetry.js';
import type { UnitService } from './units.js';

export interface ServiceLogger {
  error(o: unknown, m?: string): void;
  warn(o: unknown, m?: string): void;
  info(o: unknown, m?: string): void;
}

/** What every area service may use: storage, the live unit state, devices, realtime, config. */
export interface ServiceDeps {
  config: Config;
  db: Db;
  units: UnitService;
  gateway: DeviceGateway;
  hub: RealtimeHub;
  telemetry: TelemetryStore;
  log: ServiceLogger;
}
