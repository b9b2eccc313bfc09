import type { Db } from '@fleet/db';
import type { Config } from './env.js';
import type { Clock } from './platform/clock.js';
import { BusinessClock } from './platform/business-clock.js';
import { AuthService } from './platform/auth.js';
import { DeviceGateway } from './platform/gateway.js';
import { RealtimeHub } from './platform/hub.js';
import { SystemEntitiesFeed } from './platform/system-entities-feed.js';
import { TelemetryStore } from './platform/telemetry.js';
import { UnitService } from './modules/units/units.js';
import { ChannelsInUse } from './modules/units/channels-in-use.js';
import { UnitIndex } from './platform/unit-index.js';
import { DeviceReports } from './platform/device-reports.js';
import { UnitDevices } from './modules/units/unit-devices.js';
import { UnitStreamService } from './modules/units/unit-streams.js';
import { ConfigStore } from './modules/unit-configuration/store.js';
import { UnitRepository } from './platform/storage/unit-rows.js';
import { ReadModel } from './platform/storage/read-model.js';
import { UserService } from './modules/users/users.js';
import type { ServiceDeps, ServiceLogger } from './modules/deps.js';
import { AlertService } from './modules/alerts/alerts.js';
import { DeviceEvents } from './platform/device-events.js';
import { ServerService } from './modules/servers/servers.js';
import { UpgradeService } from './modules/upgrades/upgrades.js';
import { ClientConfigurationService } from './modules/system-settings/client-configuration.js';
import { GroupService } from './modules/groups/groups.js';
import { GroupMemberService } from './modules/groups/group-members.js';
import { InventoryService } from './modules/inventories/inventories.js';
import { IngestAccountService } from './modules/inventories/ingest-accounts.js';
import { UnitConfigurationService } from './modules/unit-configuration/index.js';
import { SupportCaseService } from './modules/remote-actions/support-cases.js';
import { UnitLicenceService } from './modules/units/unit-licences.js';
import { UnitLifecycleService } from './modules/units/unit-lifecycle.js';
import { UnitSessionService } from './modules/units/unit-sessions.js';
import { UnitStorageService } from './modules/units/unit-storage.js';
import { AdminUnitService } from './modules/units/admin-units.js';
import { AdminUnitReads } from './modules/units/admin-unit-reads.js';
import { FleetService } from './mock/fleet.js';
import { FileService } from './modules/files/files.js';
import { StoryService } from './modules/stories/stories.js';
import { InvitationService } from './modules/invitations/invitations.js';
import { InvitationJoins } from './modules/invitations/joining.js';
import { InventoryChannels } from './modules/inventories/inventory-channels.js';
import { ServerConfigurationService } from './modules/servers/server-configuration.js';
import { ChannelService } from './modules/channels/channels.js';
import { ChannelConfigurationService } from './modules/channels/channel-configuration.js';
import { VideoReturnService } from './modules/video-return/video-return.js';
import { P2pService } from './modules/p2p/p2p.js';
import { GroupAlertService } from './modules/groups/group-alerts.js';
import { Outbox } from './platform/outbox.js';
import { UserAccountService } from './modules/users/user-accounts.js';
import { AudioRoomService } from './modules/audio-rooms/audio-rooms.js';
import { GraphicsService } from './modules/graphics/graphics.js';
import { ShareService } from './modules/shares/shares.js';
import { UsageProfileService } from './modules/usage/usage-profiles.js';
import { UsageReportService } from './modules/usage/usage-reports.js';
import { ManagedServiceService } from './modules/inventories/managed-services.js';
import { LicenceActivationService } from './modules/units/licence-activations.js';
import { SoftwareVersionService } from './modules/upgrades/software-versions.js';
import { UpgradeBatchService } from './modules/upgrades/upgrade-batches.js';
import { UnitUpgradeRules } from './modules/upgrades/upgrade-rules.js';
import { AdminServerService } from './modules/servers/admin-servers.js';
import { DatabridgeGatewayService } from './modules/servers/databridge-gateways.js';
import { OrganisationService } from './modules/system-settings/organisations.js';
import { ClientApplicationService } from './modules/system-settings/client-applications.js';
import { ModemVendorService } from './modules/system-settings/modem-vendors.js';
import { AiCredentialService } from './modules/system-settings/ai-credentials.js';
import { ApplicationConfigurationService } from './modules/system-settings/application-configuration.js';
import { StreamProviderService } from './modules/system-settings/stream-providers.js';
import { StreamMediaProfileService } from './modules/system-settings/stream-media-profiles.js';
import { GeocodingProfileService } from './modules/system-settings/geocoding-profiles.js';
import { SoftwareVersionProductService } from './modules/upgrades/software-version-products.js';
import { WhatsNewService } from './modules/system-settings/whats-new.js';
import { SystemMessageService } from './modules/system-settings/system-messages.js';
import { AccessApprovalService } from './modules/remote-actions/access-approvals.js';
import { AccountService } from './modules/users/account.js';
import { RemoteActionService } from './modules/remote-actions/remote-actions.js';
import { ReplayService } from './mock/replays.js';
import { RecordingService } from './mock/recordings.js';
import { FleetImportService } from './mock/fleet-import.js';

export interface Services {
  db: Db;
  /** The clock every service reads the time from and arms its timers on (wall time: sessions, lockouts, rate limits, signed links). */
  clock: Clock;
  /** Business time: the wall clock, or the simulated clock the mock's shards report (platform/business-clock.ts). */
  businessClock: BusinessClock;
  readModel: ReadModel;
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
  servers: ServerService;
  upgrades: UpgradeService;
  events: DeviceEvents;
  clientConfiguration: ClientConfigurationService;
  groups: GroupService;
  groupMembers: GroupMemberService;
  inventories: InventoryService;
  inventoryChannels: InventoryChannels;
  ingestAccounts: IngestAccountService;
  unitConfig: UnitConfigurationService;
  unitLicences: UnitLicenceService;
  unitSessions: UnitSessionService;
  unitStorage: UnitStorageService;
  unitLifecycle: UnitLifecycleService;
  supportCases: SupportCaseService;
  adminUnits: AdminUnitService;
  adminUnitReads: AdminUnitReads;
  /** The simulated fleet as the control plane sees it (mock only). */
  fleet: FleetService;
  /** Replays of recordings through the simulator shards (mock only). */
  replays: ReplayService;
  files: FileService;
  stories: StoryService;
  invitations: InvitationService;
  invitationJoins: InvitationJoins;
  serverConfig: ServerConfigurationService;
  channels: ChannelService;
  channelConfig: ChannelConfigurationService;
  videoReturn: VideoReturnService;
  p2p: P2pService;
  groupAlerts: GroupAlertService;
  /** E-mail and SMS the mock "sent" (invitations, alert recipients' verification links). */
  outbox: Outbox;
  userAccounts: UserAccountService;
  audioRooms: AudioRoomService;
  graphics: GraphicsService;
  remoteActions: RemoteActionService;
  shares: ShareService;
  usageProfiles: UsageProfileService;
  usageReports: UsageReportService;
  managedServices: ManagedServiceService;
  licenceActivations: LicenceActivationService;
  softwareVersions: SoftwareVersionService;
  upgradeBatches: UpgradeBatchService;
  adminServers: AdminServerService;
  databridgeGateways: DatabridgeGatewayService;
  organisations: OrganisationService;
  clientApplications: ClientApplicationService;
  modemVendors: ModemVendorService;
  aiCredentials: AiCredentialService;
  applicationConfiguration: ApplicationConfigurationService;
  streamProviders: StreamProviderService;
  streamMediaProfiles: StreamMediaProfileService;
  geocodingProfiles: GeocodingProfileService;
  softwareVersionProducts: SoftwareVersionProductService;
  whatsNew: WhatsNewService;
  systemMessages: SystemMessageService;
  accessApprovals: AccessApprovalService;
  account: AccountService;
  /** Fleet recordings: made from what the core receives, publishes and is asked (mock only). */
  recordings: RecordingService;
  /** A recording's fleet built into the mock, then its replay (mock only). */
  fleetImport: FleetImportService;
  /** The platform admins' topic: which system entity kinds were stored. */
  systemEntitiesFeed: SystemEntitiesFeed;
}

export function createServices(config: Config, db: Db, log: ServiceLogger, clock: Clock): Services {
  const hub = new RealtimeHub({ clock });
  const telemetry = new TelemetryStore();
  const gateway = new DeviceGateway(config.DEVICE_COMMAND_TIMEOUT_MS, log, clock);
  const businessClock = new BusinessClock(clock);
  // Only the mock's simulator moves business time; a core without the mock's endpoints runs on the wall clock.
  if (config.MOCK_ENDPOINTS && config.BUSINESS_TIME === 'simulated') gateway.onShardClock((status) => businessClock.follow(status));
  const index = new UnitIndex();
  const readModel = new ReadModel(db, clock);
  const unitRepository = new UnitRepository(readModel.units, db);
  const reports = new DeviceReports(db, unitRepository, index, hub, telemetry, log);
  reports.listen(gateway);
  const devices = new UnitDevices(db, readModel, index, reports, telemetry, gateway);
  const units = new UnitService(db, unitRepository, index, hub, telemetry, gateway, new ChannelsInUse(readModel), clock);
  units.followReadModel(readModel.units);
  const configuration = new ConfigStore({ db, readModel, unitRepository, index, units, hub, clock });
  const users = new UserService(db, config.WS_LIBRARY, businessClock);
  const events = new DeviceEvents(gateway, log);
  // What every service is handed (deps) and the app holds too (services).
  const shared = { clock, businessClock, db, readModel, index, units, reports, events, devices, configuration, users, gateway, hub, telemetry };
  const deps: ServiceDeps = { ...shared, config, unitRepository, log };
  const servers = new ServerService(deps);
  const alerts = new AlertService(deps, servers);
  const upgrades = new UpgradeService(deps, servers);
  const unitStorage = new UnitStorageService(deps);
  const unitConfig = new UnitConfigurationService(deps);
  const supportCases = new SupportCaseService(deps);
  const auth = new AuthService(db, config, log, clock);
  readModel.onUsersChanged((userIds) => auth.forgetUsers(userIds));
  readModel.onSessionsChanged((sessionIds) => auth.forgetSessions(sessionIds));
  const outbox = new Outbox(clock);
  const groups = new GroupService(deps);
  const videoReturn = new VideoReturnService(deps);
  const inventories = new InventoryService(deps, videoReturn);
  const usageReports = new UsageReportService(deps);
  const unitLicences = new UnitLicenceService(deps);
  const managedServices = new ManagedServiceService(deps, usageReports);
  const adminUnits = new AdminUnitService(deps, new UnitUpgradeRules(deps));
  const serverConfig = new ServerConfigurationService(deps, servers);
  const services: Services = {
    ...shared,
    systemEntitiesFeed: new SystemEntitiesFeed(hub, clock).follow(db),
    streams: new UnitStreamService(deps),
    auth,
    alerts,
    servers,
    upgrades,
    clientConfiguration: new ClientConfigurationService(deps),
    groups,
    groupMembers: new GroupMemberService(deps, groups),
    inventories,
    inventoryChannels: new InventoryChannels(deps),
    ingestAccounts: new IngestAccountService(deps, inventories),
    unitConfig,
    unitLicences,
    unitSessions: new UnitSessionService(deps),
    unitStorage,
    unitLifecycle: new UnitLifecycleService(deps),
    supportCases,
    adminUnits,
    adminUnitReads: new AdminUnitReads(deps),
    fleet: new FleetService(deps, { alerts, upgrades, storage: unitStorage, outcomes: unitConfig.outcomes }),
    replays: new ReplayService(deps, () => services),
    files: new FileService(deps),
    stories: new StoryService(deps),
    invitations: new InvitationService(deps, outbox, adminUnits),
    invitationJoins: new InvitationJoins(deps),
    serverConfig,
    channels: new ChannelService(deps),
    channelConfig: new ChannelConfigurationService(deps),
    videoReturn,
    p2p: new P2pService(deps),
    groupAlerts: new GroupAlertService(deps, outbox),
    outbox,
    userAccounts: new UserAccountService(deps),
    audioRooms: new AudioRoomService(deps),
    graphics: new GraphicsService(deps, managedServices),
    remoteActions: new RemoteActionService(deps, { supportCases, commands: unitConfig.commands }),
    shares: new ShareService(deps),
    usageProfiles: new UsageProfileService(deps),
    usageReports,
    managedServices,
    licenceActivations: new LicenceActivationService(deps, unitLicences),
    softwareVersions: new SoftwareVersionService(deps),
    upgradeBatches: new UpgradeBatchService(deps, upgrades),
    adminServers: new AdminServerService(deps, servers, serverConfig),
    databridgeGateways: new DatabridgeGatewayService(deps),
    organisations: new OrganisationService(deps),
    clientApplications: new ClientApplicationService(deps),
    modemVendors: new ModemVendorService(deps),
    aiCredentials: new AiCredentialService(deps),
    applicationConfiguration: new ApplicationConfigurationService(deps),
    streamProviders: new StreamProviderService(deps),
    streamMediaProfiles: new StreamMediaProfileService(deps),
    geocodingProfiles: new GeocodingProfileService(deps),
    softwareVersionProducts: new SoftwareVersionProductService(new SoftwareVersionService(deps)),
    whatsNew: new WhatsNewService(deps),
    systemMessages: new SystemMessageService(deps),
    accessApprovals: new AccessApprovalService(deps),
    account: new AccountService(deps),
    recordings: new RecordingService(deps),
    fleetImport: new FleetImportService(deps, () => services),
  };
  return services;
}
