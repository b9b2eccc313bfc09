/**
 * The fast module tier's harness: what one module's service is built from, in process, on a copy
 * of the seeded SQLite template (seeded-template.ts), without HTTP, a simulator or the other
 * modules' routes. It builds the platform parts the way `createServices` does, with three test
 * doubles: a {@link TestClock} (wall and business time, stepped by the test), a recording hub (a
 * real hub whose every publication is kept: a test asserts "this change was announced") and a
 * {@link FakeGateway} (records device and server commands, answers what the test scripts).
 *
 * A test file builds its module's services in one `build()` of its own with the module's
 * `create(deps, needs)` (the units' services, which most modules need, are built and started here),
 * and reads the caller it acts as with `user()`.
 */
import { rmSync } from 'node:fs';
import { createDb, type Db } from '@fleet/db';
import type { Applications, DeviceEvent, RealtimeEvent } from '@fleet/contracts';
import { loadConfig, type Config } from '../env.js';
import type { AuthUser } from '../platform/access.js';
import { loadActiveUser } from '../platform/auth.js';
import { TestClock } from '../platform/clock.js';
import { DeviceEvents } from '../platform/device-events.js';
import { DeviceReports } from '../platform/device-reports.js';
import { RealtimeHub } from '../platform/hub.js';
import { ReadModel } from '../platform/storage/read-model.js';
import { TelemetryStore } from '../platform/telemetry.js';
import { UnitIndex } from '../platform/unit-index.js';
import type { ServiceDeps, ServiceLogger } from '../modules/deps.js';
import * as unitsModule from '../modules/units/index.js';
import { UnitUpgradeRules } from '../modules/upgrades/upgrade-rules.js';
import { FakeGateway } from './fake-gateway.js';
import { copySeededTemplate } from './seeded-template.js';

export { FakeGateway, type SentCommand, type ScriptedAnswer } from './fake-gateway.js';

/** One publication of the hub: its topics and its event. */
export interface Published {
  topics: readonly string[];
  event: RealtimeEvent;
}

/** A real hub (numbering, history) that also keeps every event published on it. */
export class RecordingHub extends RealtimeHub {
  readonly published: Published[] = [];

  constructor(clock: TestClock) {
    super({ clock });
    this.onPublish((topics, event) => this.published.push({ topics, event }));
  }

  /** The events of one type published so far, in order. */
  eventsOf<T extends RealtimeEvent['type']>(type: T): Extract<RealtimeEvent, { type: T }>[] {
    return this.published
      .filter((p): p is { topics: readonly string[]; event: Extract<RealtimeEvent, { type: T }> } => p.event.type === type)
      .map((p) => p.event);
  }

  /** The topics each event of this type went to. */
  topicsOfType(type: RealtimeEvent['type']): (readonly string[])[] {
    return this.published.filter((p) => p.event.type === type).map((p) => p.topics);
  }

  /** Forgets what was published (the hub's own history stays). */
  clear(): void {
    this.published.length = 0;
  }
}

export interface ModuleHarness {
  /** What every service is handed: the platform. */
  deps: ServiceDeps;
  /** The units module's services, started (most modules need some of them). */
  units: unitsModule.UnitsServices;
  config: Config;
  db: Db;
  /** Wall and business time. */
  clock: TestClock;
  hub: RecordingHub;
  gateway: FakeGateway;
  /** A seeded user as a request of theirs carries them (roles, inventories, groups). */
  user(username: string): Promise<AuthUser>;
  /**
   * The unit's device reports its state (by default online and idle: no applications), applied as a
   * report from a shard is; resolves once the core has applied it.
   */
  report(unitId: string, state?: { online?: boolean; applications?: Applications }): Promise<void>;
  /** A device event (a server's or channel's state, a speed test's result, …) as a shard reports it; resolves once its listeners are done. */
  event(event: DeviceEvent): Promise<void>;
  close(): Promise<void>;
}

const silent: ServiceLogger = { error: () => undefined, warn: () => undefined, info: () => undefined };

/**
 * The platform on a fresh copy of the seeded template: the read model loaded, the units in the
 * index (all offline, as after a start: no device reports here), nothing sent to any device yet.
 */
export async function moduleHarness(options: { env?: Record<string, string>; start?: number } = {}): Promise<ModuleHarness> {
  const copy = copySeededTemplate();
  const handle = await createDb({ url: copy.url });
  const db = handle.prisma;
  const config = loadConfig({ DATABASE_URL: copy.url, LOG_LEVEL: 'silent', PASSWORD_HASH_N: '1024', ...options.env });
  const clock = new TestClock(options.start);
  const hub = new RecordingHub(clock);
  const gateway = new FakeGateway(silent, clock);
  const telemetry = new TelemetryStore();
  const index = new UnitIndex();
  const readModel = new ReadModel(db, clock);
  const reports = new DeviceReports(db, readModel.unitRows, index, hub, telemetry, silent);
  reports.listen(gateway);
  const events = new DeviceEvents(gateway, silent);
  const deps: ServiceDeps = { config, clock, businessClock: clock, db, readModel, index, reports, events, gateway, hub, telemetry, log: silent };
  const units = unitsModule.create(deps, { upgradeCheck: new UnitUpgradeRules(deps) });
  await readModel.start();
  await units.units.start();
  // Starting announces nothing a test asserts.
  hub.clear();
  gateway.reset();
  return {
    deps,
    units,
    config,
    db,
    clock,
    hub,
    gateway,
    user: (username) => loadUser(db, username),
    async report(unitId, state = {}) {
      gateway.applyReport({ kind: 'state', unitId, online: state.online ?? true, applications: state.applications ?? {}, at: clock.now() });
      await reports.settle();
    },
    async event(event) {
      gateway.applyReport({ kind: 'event', event, at: clock.now() });
      await events.settle();
    },
    async close() {
      gateway.close();
      hub.closeAll();
      await reports.settle();
      await handle.close();
      rmSync(copy.dir, { recursive: true, force: true });
    },
  };
}

async function loadUser(db: Db, username: string): Promise<AuthUser> {
  const user = await loadActiveUser(db, { username });
  if (!user) throw new Error(`no active seeded user ${username}`);
  return user;
}
