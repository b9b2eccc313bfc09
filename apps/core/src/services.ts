/**
 * The core's wiring: the platform, then one line per module in dependency order (a module's
 * `create(deps, needs)` in its index.ts gets the platform bag and the other modules' services it
 * needs, and returns its own), then the mock's services. `Services` is the platform's part and
 * every module's return type together, so a service added to a module is added there only.
 */
import type { Db } from '@fleet/db';
import type { Config } from './env.js';
import type { Clock } from './platform/clock.js';
import { BusinessClock } from './platform/business-clock.js';
import { AuthService } from './platform/auth.js';
import { DeviceGateway } from './platform/gateway.js';
import { RealtimeHub } from './platform/hub.js';
import { SystemEntitiesFeed } from './platform/system-entities-feed.js';
import { TelemetryStore } from './platform/telemetry.js';
import { UnitIndex } from './platform/unit-index.js';
import { DeviceReports } from './platform/device-reports.js';
import { DeviceEvents } from './platform/device-events.js';
import { Outbox } from './platform/outbox.js';
import { ReadModel } from './platform/storage/read-model.js';
import type { ServiceDeps, ServiceLogger } from './modules/deps.js';
import * as usersModule from './modules/users/index.js';
import * as unitsModule from './modules/units/index.js';
import * as unitConfigurationModule from './modules/unit-configuration/index.js';
import * as serversModule from './modules/servers/index.js';
import * as alertsModule from './modules/alerts/index.js';
import * as upgradesModule from './modules/upgrades/index.js';
import * as groupsModule from './modules/groups/index.js';
import * as videoReturnModule from './modules/video-return/index.js';
import * as usageModule from './modules/usage/index.js';
import * as inventoriesModule from './modules/inventories/index.js';
import * as graphicsModule from './modules/graphics/index.js';
import * as remoteActionsModule from './modules/remote-actions/index.js';
import * as invitationsModule from './modules/invitations/index.js';
import * as filesModule from './modules/files/index.js';
import * as storiesModule from './modules/stories/index.js';
import * as channelsModule from './modules/channels/index.js';
import * as p2pModule from './modules/p2p/index.js';
import * as audioRoomsModule from './modules/audio-rooms/index.js';
import * as sharesModule from './modules/shares/index.js';
import * as systemSettingsModule from './modules/system-settings/index.js';
import * as mockModule from './mock/services.js';

/** The platform as the app holds it: the bag every service is handed, and what only the app uses. */
export interface PlatformServices extends Omit<ServiceDeps, 'config' | 'log' | 'businessClock'> {
  /** Business time: the wall clock, or the simulated clock the mock's shards report (platform/business-clock.ts). */
  businessClock: BusinessClock;
  auth: AuthService;
  /** E-mail and SMS the mock "sent" (invitations, alert recipients' verification links). */
  outbox: Outbox;
  /** The platform admins' topic: which system entity kinds were stored. */
  systemEntitiesFeed: SystemEntitiesFeed;
}

export type Services = PlatformServices &
  usersModule.UsersServices &
  unitsModule.UnitsServices &
  unitConfigurationModule.UnitConfigurationServices &
  serversModule.ServersServices &
  alertsModule.AlertsServices &
  upgradesModule.UpgradesServices &
  groupsModule.GroupsServices &
  videoReturnModule.VideoReturnServices &
  usageModule.UsageServices &
  inventoriesModule.InventoriesServices &
  graphicsModule.GraphicsServices &
  remoteActionsModule.RemoteActionsServices &
  invitationsModule.InvitationsServices &
  filesModule.FilesServices &
  storiesModule.StoriesServices &
  channelsModule.ChannelsServices &
  p2pModule.P2pServices &
  audioRoomsModule.AudioRoomsServices &
  sharesModule.SharesServices &
  systemSettingsModule.SystemSettingsServices &
  mockModule.MockServices;

export function createServices(config: Config, db: Db, log: ServiceLogger, clock: Clock): Services {
  const hub = new RealtimeHub({ clock });
  const telemetry = new TelemetryStore();
  const gateway = new DeviceGateway(config.DEVICE_COMMAND_TIMEOUT_MS, log, clock);
  const businessClock = new BusinessClock(clock);
  // Only the mock's simulator moves business time; a core without the mock's endpoints runs on the wall clock.
  if (config.MOCK_ENDPOINTS && config.BUSINESS_TIME === 'simulated') gateway.onShardClock((status) => businessClock.follow(status));
  const index = new UnitIndex();
  const readModel = new ReadModel(db, clock);
  const reports = new DeviceReports(db, readModel.unitRows, index, hub, telemetry, log);
  reports.listen(gateway);
  const events = new DeviceEvents(gateway, log);
  const deps: ServiceDeps = { config, clock, businessClock, db, readModel, index, reports, events, gateway, hub, telemetry, log };
  const auth = new AuthService(db, config, log, clock);
  readModel.onUsersChanged((userIds) => auth.forgetUsers(userIds));
  readModel.onSessionsChanged((sessionIds) => auth.forgetSessions(sessionIds));
  const outbox = new Outbox(clock);
  const systemEntitiesFeed = new SystemEntitiesFeed(hub, clock).follow(db);
  const platform: PlatformServices = { clock, businessClock, db, readModel, index, reports, events, gateway, hub, telemetry, auth, outbox, systemEntitiesFeed };

  // The modules, each after those it needs.
  const users = usersModule.create(deps);
  const units = unitsModule.create(deps, { upgradeCheck: new upgradesModule.UnitUpgradeRules(deps) });
  const unitConfiguration = unitConfigurationModule.create(deps, units);
  const servers = serversModule.create(deps);
  const alerts = alertsModule.create(deps, { units: units.units, servers: servers.servers });
  const upgrades = upgradesModule.create(deps, { servers: servers.servers, units: units.units });
  const groups = groupsModule.create(deps, { outbox });
  const videoReturn = videoReturnModule.create(deps);
  const usage = usageModule.create(deps, units);
  const inventories = inventoriesModule.create(deps, { videoReturn: videoReturn.videoReturn, usageReports: usage.usageReports });
  const graphics = graphicsModule.create(deps, inventories);
  const remoteActions = remoteActionsModule.create(deps, { devices: units.devices, users: users.users, commands: unitConfiguration.unitConfig.commands });
  const invitations = invitationsModule.create(deps, { outbox, adminUnits: units.adminUnits, units: units.units });
  const files = filesModule.create(deps);
  const stories = storiesModule.create(deps, units);
  const channels = channelsModule.create(deps);
  const p2p = p2pModule.create(deps, units);
  const audioRooms = audioRoomsModule.create(deps);
  const shares = sharesModule.create(deps);
  const systemSettings = systemSettingsModule.create(deps);
  const mock = mockModule.create(deps, {
    units: units.units,
    auth,
    alerts: alerts.alerts,
    upgrades: upgrades.upgrades,
    storage: units.unitStorage,
    outcomes: unitConfiguration.unitConfig.outcomes,
  });
  return {
    ...platform,
    ...users,
    ...units,
    ...unitConfiguration,
    ...servers,
    ...alerts,
    ...upgrades,
    ...groups,
    ...videoReturn,
    ...usage,
    ...inventories,
    ...graphics,
    ...remoteActions,
    ...invitations,
    ...files,
    ...stories,
    ...channels,
    ...p2p,
    ...audioRooms,
    ...shares,
    ...systemSettings,
    ...mock,
  };
}
