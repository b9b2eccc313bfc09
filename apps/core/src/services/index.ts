import type { Db } from '@fleet/db';
import type { Config } from '../env.js';
import type { Clock } from '../platform/clock.js';
import { AuthService } from './auth.js';
import { DeviceGateway } from './gateway.js';
import { RealtimeHub } from './hub.js';
import { SystemEntitiesFeed } from './system-entities-feed.js';
import { TelemetryStore } from './telemetry.js';
import { UnitService } from './units.js';
import { UnitIndex } from './unit-index.js';
import { DeviceReports } from './device-reports.js';
import { UnitDevices } from './unit-devices.js';
import { UnitStreamService } from './unit-streams.js';
import { ConfigStore } from './unit-configuration/store.js';
import { UnitRepository } from '../repositories/units.js';
import { ReadModel } from '../repositories/read-model.js';
import { UserService } from './users.js';
import type { ServiceDeps, ServiceLogger } from './deps.js';
import { AlertService } from './alerts.js';
import { DeviceEvents } from './device-events.js';
import { ServerService } from './servers.js';
import { UpgradeService } from './upgrades.js';
import { ClientConfigurationService } from './client-configuration.js';
import { GroupService } from './groups.js';
import { GroupMemberService } from './group-members.js';
import { InventoryService } from './inventories.js';
import { IngestAccountService } from './ingest-accounts.js';
import { UnitConfigurationService } from './unit-configuration/index.js';
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
import { ServerConfigurationService } from './server-configuration.js';
import { ChannelService } from './channels.js';
import { ChannelConfigurationService } from './channel-configuration.js';
import { VideoReturnService } from './video-return.js';
import { P2pService } from './p2p.js';
import { GroupAlertService } from './group-alerts.js';
import { Outbox } from './outbox.js';
import { UserAccountService } from './user-accounts.js';
import { AudioRoomService } from './audio-rooms.js';
import { GraphicsService } from './graphics.js';
import { ShareService } from './shares.js';
import { UsageProfileService } from './usage-profiles.js';
import { UsageReportService } from './usage-reports.js';
import { ManagedServiceService } from './managed-services.js';
import { LicenceActivationService } from './licence-activations.js';
import { SoftwareVersionService } from './software-versions.js';
import { UpgradeBatchService } from './upgrade-batches.js';
import { AdminServerService } from './admin-servers.js';
import { DatabridgeGatewayService } from './databridge-gateways.js';
import { OrganisationService } from './organisations.js';
import { ClientApplicationService } from './client-applications.js';
import { ModemVendorService } from './modem-vendors.js';
import { AiCredentialService } from './ai-credentials.js';
import { ApplicationConfigurationService } from './application-configuration.js';
import { StreamProviderService } from './stream-providers.js';
import { StreamMediaProfileService } from './stream-media-profiles.js';
import { GeocodingProfileService } from './geocoding-profiles.js';
import { SoftwareVersionProductService } from './software-version-products.js';
import { WhatsNewService } from './whats-new.js';
import { SystemMessageService } from './system-messages.js';
import { AccessApprovalService } from './access-approvals.js';
import { AccountService } from './account.js';
import { RemoteActionService } from './remote-actions.js';
import { ReplayService } from './replays.js';
import { RecordingService } from './recordings.js';
import { FleetImportService } from './fleet-import.js';

export interface Services {
  db: Db;
  /** The clock every service reads the time from and arms its timers on. */
  clock: Clock;
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
  ingestAccounts: IngestAccountService;
  unitConfig: UnitConfigurationService;
  unitLicences: UnitLicenceService;
  unitSessions: UnitSessionService;
  unitStorage: UnitStorageService;
  unitLifecycle: UnitLifecycleService;
  supportCases: SupportCaseService;
  adminUnits: AdminUnitService;
  /** The simulated fleet as the control plane sees it (mock only). */
  fleet: FleetService;
  /** Replays of recordings through the simulator shards (mock only). */
  replays: ReplayService;
  files: FileService;
  stories: StoryService;
  invitations: InvitationService;
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
  const index = new UnitIndex();
  const readModel = new ReadModel(db, clock);
  const unitRepository = new UnitRepository(readModel.units, db);
  const reports = new DeviceReports(db, unitRepository, index, hub, telemetry, log);
  reports.listen(gateway);
  const devices = new UnitDevices(db, readModel, index, reports, telemetry, gateway);
  const units = new UnitService(db, unitRepository, index, hub, telemetry, gateway, clock);
  units.followReadModel(readModel.units);
  const configuration = new ConfigStore({ db, readModel, unitRepository, index, units, hub, clock });
  const users = new UserService(db, config.WS_LIBRARY, clock);
  const events = new DeviceEvents(gateway, log);
  const deps: ServiceDeps = { config, clock, db, readModel, index, units, unitRepository, reports, events, devices, configuration, users, gateway, hub, telemetry, log };
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
  const adminUnits = new AdminUnitService(deps);
  const serverConfig = new ServerConfigurationService(deps, servers);
  const services: Services = {
    db,
    clock,
    readModel,
    hub,
    systemEntitiesFeed: new SystemEntitiesFeed(hub, clock).follow(db),
    telemetry,
    gateway,
    index,
    reports,
    devices,
    units,
    streams: new UnitStreamService(deps),
    configuration,
    auth,
    users,
    alerts,
    servers,
    upgrades,
    events,
    clientConfiguration: new ClientConfigurationService(deps),
    groups,
    groupMembers: new GroupMemberService(deps, groups),
    inventories,
    ingestAccounts: new IngestAccountService(deps, inventories),
    unitConfig,
    unitLicences,
    unitSessions: new UnitSessionService(deps),
    unitStorage,
    unitLifecycle: new UnitLifecycleService(deps),
    supportCases,
    adminUnits,
    fleet: new FleetService(deps, { alerts, upgrades, storage: unitStorage, outcomes: unitConfig.outcomes }),
    replays: new ReplayService(deps, () => services),
    files: new FileService(deps),
    stories: new StoryService(deps),
    invitations: new InvitationService(deps, outbox, adminUnits),
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
