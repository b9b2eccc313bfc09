import type { Db } from '@fleet/db';
import type { Config } from '../env.js';
import type { Clock } from '../platform/clock.js';
import type { ServiceLogger } from '../platform/logger.js';
import type { DeviceEvents } from '../platform/device-events.js';
import type { DeviceReports } from '../platform/device-reports.js';
import type { DeviceGateway } from '../platform/gateway.js';
import type { RealtimeHub } from '../platform/hub.js';
import type { TelemetryStore } from '../platform/telemetry.js';
import type { UnitIndex } from '../platform/unit-index.js';
import type { ReadModel } from '../platform/storage/read-model.js';

export type { ServiceLogger };

/**
 * What every service may use: the platform only — config, the clocks (the only way a service
 * reads the time or arms a timer), storage and the read model (with the unit rows), the unit
 * index, what devices report, the device gateway, realtime and the log. Another module's service
 * is never here: a service that needs one gets it in its constructor, typed by a narrow interface
 * (a `Pick` of the service, or a small interface its owner exports), from its module's
 * `create(deps, needs)`.
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
  /** What hot reads consult: units (and their rows' writes, `readModel.unitRows`), groups, inventories, servers, channels in memory. */
  readModel: ReadModel;
  /** Units' memberships and live state (status, applications). */
  index: UnitIndex;
  /** What devices report, stored and announced. */
  reports: DeviceReports;
  /** Device events other services follow (channel selection, fetch logs, storages, ...). */
  events: DeviceEvents;
  gateway: DeviceGateway;
  hub: RealtimeHub;
  telemetry: TelemetryStore;
  log: ServiceLogger;
}
