import type { Db } from '@fleet/db';
import type { Config } from '../env.js';
import type { Clock } from '../platform/clock.js';
import type { ServiceLogger } from '../platform/logger.js';
import type { DeviceEvents } from '../platform/device-events.js';
import type { DeviceReports } from '../platform/device-reports.js';
import type { DeviceGateway } from '../platform/gateway.js';
import type { RealtimeHub } from '../platform/hub.js';
import type { TelemetryStore } from '../platform/telemetry.js';
import type { ConfigStore } from './unit-configuration/store.js';
import type { UnitDevices } from './units/unit-devices.js';
import type { UnitIndex } from '../platform/unit-index.js';
import type { UnitService } from './units/units.js';
import type { UserService } from './users/users.js';
import type { UnitRepository } from '../platform/storage/unit-rows.js';
import type { ReadModel } from '../platform/storage/read-model.js';

export type { ServiceLogger };

/**
 * What every service may use: storage, the units (index of memberships and live state, their
 * rows and announcements, their devices, what devices report, their stored configuration),
 * realtime, config, and the clocks (the only way a service reads the time or arms a timer).
 */
export interface ServiceDeps {
  config: Config;
  /** Wall time: what security and plumbing compare with now (sessions, signed links, timeouts, sweeps' pace). */
  clock: Clock;
  /**
   * Business time: what the business rules compare with now — trial ends and trial hours, support
   * access (8 h), password expiry, notification expiry flags, usage days. The wall clock in
   * production; the simulated clock when the mock runs with the simulator.
   */
  businessClock: Clock;
  db: Db;
  /** What hot reads consult: units, groups, inventories, servers, channels in memory. */
  readModel: ReadModel;
  index: UnitIndex;
  units: UnitService;
  unitRepository: UnitRepository;
  reports: DeviceReports;
  events: DeviceEvents;
  devices: UnitDevices;
  configuration: ConfigStore;
  users: UserService;
  gateway: DeviceGateway;
  hub: RealtimeHub;
  telemetry: TelemetryStore;
  log: ServiceLogger;
}
