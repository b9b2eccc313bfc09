/**
 * Test support: one valid example request per endpoint of the catalogue, for the role matrix.
 *
 * `EXAMPLES` is typed against the catalogue (`{ [K in EndpointId]: Example<K> }`, inputs as
 * `EndpointInput<K>`): a new call without an example, or an example that no longer fits its call's
 * input types, fails the typecheck; the role matrix also checks each example against the declared
 * zod schemas at run time.
 *
 * An example names the objects it acts on through `Refs` (the caller's own unit, channel, story,
 * ... set up for each role, or seeded objects every role sees). The role matrix reads which refs an
 * example uses and swaps each for an object outside the caller's inventories and groups, and for a
 * non-existent one, to check object-level access.
 *
 * `setup` arranges the device state or data a call needs (and says why); it runs before the
 * request, for roles that may make the call. Without one, a call on the caller's unit first waits
 * for the unit to be online and idle (a start left running by the row before is stopped).
 */
import type { EndpointId, EndpointInput, UnitApplicationKey } from '@fleet/contracts';
import { SERVERS_EXAMPLES } from './examples/servers.js';
import { CHANNELS_EXAMPLES } from './examples/channels.js';
import { CHANNEL_CONFIGURATION_EXAMPLES } from './examples/channel-configuration.js';
import { VIDEO_RETURN_EXAMPLES } from './examples/video-return.js';
import { P2P_EXAMPLES } from './examples/p2p.js';
import { GROUPS_EXAMPLES } from './examples/groups.js';
import { GROUP_ALERTS_EXAMPLES } from './examples/group-alerts.js';
import { INVENTORIES_EXAMPLES } from './examples/inventories.js';
import { USERS_EXAMPLES } from './examples/users.js';
import { AUDIO_ROOMS_EXAMPLES } from './examples/audio-rooms.js';
import { GRAPHICS_EXAMPLES } from './examples/graphics.js';
import { REMOTE_ACTIONS_EXAMPLES } from './examples/remote-actions.js';
import { SHARES_EXAMPLES } from './examples/shares.js';
import { USAGE_PROFILES_EXAMPLES } from './examples/usage-profiles.js';
import { USAGE_REPORTS_EXAMPLES } from './examples/usage-reports.js';
import { MANAGED_SERVICES_EXAMPLES } from './examples/managed-services.js';
import { LICENCE_ACTIVATIONS_EXAMPLES } from './examples/licence-activations.js';
import { SOFTWARE_VERSIONS_EXAMPLES } from './examples/software-versions.js';
import { UPGRADES_EXAMPLES } from './examples/upgrades.js';
import { UPGRADE_BATCHES_EXAMPLES } from './examples/upgrade-batches.js';
import { ADMIN_SERVERS_EXAMPLES } from './examples/admin-servers.js';
import { DATABRIDGE_GATEWAYS_EXAMPLES } from './examples/databridge-gateways.js';
import { ORGANISATIONS_EXAMPLES } from './examples/organisations.js';
import { CLIENT_APPLICATIONS_EXAMPLES } from './examples/client-applications.js';
import { MODEM_VENDORS_EXAMPLES } from './examples/modem-vendors.js';
import { AI_CREDENTIALS_EXAMPLES } from './examples/ai-credentials.js';
import { APPLICATION_CONFIGURATION_EXAMPLES } from './examples/application-configuration.js';
import { STREAM_PROVIDERS_EXAMPLES } from './examples/stream-providers.js';
import { STREAM_MEDIA_PROFILES_EXAMPLES } from './examples/stream-media-profiles.js';
import { GEOCODING_PROFILES_EXAMPLES } from './examples/geocoding-profiles.js';
import { SOFTWARE_VERSION_PRODUCTS_EXAMPLES } from './examples/software-version-products.js';
import { WHATS_NEW_EXAMPLES } from './examples/whats-new.js';
import { SYSTEM_MESSAGES_EXAMPLES } from './examples/system-messages.js';
import { ACCESS_APPROVALS_EXAMPLES } from './examples/access-approvals.js';
import { ACCOUNT_EXAMPLES } from './examples/account.js';

/** Ids of the objects one role works on. */
export interface Refs {
  /** The role's own unit: online, idle, camera connected, every licence and service. */
  unit: string;
  /** Units of the role's own that only delete / deregister act on (admin roles). */
  spareUnit: string;
  deregisterUnit: string;
  /** A seeded LU-Smart unit of the shared inventory (smart unit reads). */
  smartUnit: string;
  /** The role's own multimedia hub and channel (online, version 10.1; the role's unit streams to it). */
  server: string;
  channel: string;
  /** A second channel on that hub (a switcher's proxy channel differs from its high quality one). */
  proxyChannel: string;
  /** A third channel on that hub, which only the admin channel delete acts on. */
  spareChannel: string;
  /**
   * A channel of the shared hub the simulator runs (a unit sends its logs only to a channel its
   * device knows), kept free; roles send logs to it in turn.
   */
  logsChannel: string;
  /** An input channel of that shared hub (its input sources are added and removed). */
  inputChannel: string;
  /**
   * A fourth channel on the role's hub that no unit streams to: the received files live on it, so
   * playing one out meets an idle channel whatever earlier rows started on the role's unit.
   */
  fileChannel: string;
  /** Complete files received on that channel: one read and played out, one renamed, one removed. */
  channelFile: string;
  channelFilePath: string;
  renameFile: string;
  removeFile: string;
  /** Recorded files on the role's unit storage: one uploaded, one deleted. */
  recordedPath: string;
  deletePath: string;
  /** Stories of the shared inventory the role created: one edited and assigned, one deleted. */
  story: string;
  deleteStory: string;
  /** The shared inventory (every seeded user's), and a second one of the caller's the unit is not in. */
  inventory: string;
  extraInventory: string;
  /** Children of `inventory` made for the role (the role's user a member): one the admin calls edit, one only the admin delete acts on. */
  adminInventory: string;
  deleteInventory: string;
  /** A group of the caller's with the unit in it, and one of the unit's inventory the unit is not in. */
  group: string;
  extraGroup: string;
  vrChannel: string;
  /** A video return channel of the role's own in `inventory`, which only the admin delete acts on. */
  deleteVrChannel: string;
  /** Empty groups of the role's own in `inventory`: one edited (renamed, members, default configuration), one only the admin delete acts on, one only remove_multiple does. */
  ownGroup: string;
  deleteGroup: string;
  removeGroup: string;
  /** Point-to-point links mastered by the role's unit (machine: `smartUnit`): one edited and streamed, one deleted. */
  p2pLink: string;
  deleteP2pLink: string;
  /** Audio rooms of the role's own in `inventory`: one edited, one only the delete acts on. */
  audioRoom: string;
  deleteAudioRoom: string;
  /** Usage profiles of the role's own in `inventory`: one edited, one only the delete acts on. */
  usageProfile: string;
  deleteUsageProfile: string;
  /** The Singular app of a graphics composition of the role's own in `inventory`, which only the app delete acts on. */
  graphicsApp: string;
  /** A video return server and an ingest server of the shared inventory (the simulator runs them). */
  vrServer: string;
  ingestServer: string;
  /** An open guest invitation of `group`, the role's own. */
  invitation: string;
  gateway: string;
  /** A user of the shared inventory the role manages (a luc_regular account), and one only the user delete acts on. */
  user: string;
  deleteUser: string;
  /** A remote action (a finished reboot) on the role's unit. */
  remoteAction: string;
  /** Publishers of the role's own in `group` (one edited, with `shareLink`; one only the delete acts on). */
  publisher: string;
  deletePublisher: string;
  shareLink: string;
  /** Subscriber folders of the role's own under the root folder of `inventory` (one edited, one only the delete acts on), and subscribers. */
  subscriberFolder: string;
  deleteSubscriberFolder: string;
  subscriber: string;
  deleteSubscriber: string;
  /** Software versions of the role's own (assigned to `inventory`): one edited, assigned and withdrawn, one only the delete acts on. */
  softwareVersion: string;
  deleteSoftwareVersion: string;
  /** A unit and a hub (no channels) of the role's own only the upgrade starts act on, and a finished upgrade job of the role's unit. */
  upgradeUnit: string;
  upgradeServer: string;
  upgradeJob: string;
  /** A stored batch upgrade (read by the batch reads). */
  upgradeBatch: string;
  /** Servers and databridge gateways made for the role (platform admins): one edited, one only the delete acts on. */
  adminServer: string;
  deleteAdminServer: string;
  dbGateway: string;
  deleteDbGateway: string;
  /** Admin console rows of the role's own (platform admins): what's new entries and system messages (one edited, one only the delete acts on), active access approvals (one marked used, one revoked). */
  whatsNew: string;
  deleteWhatsNew: string;
  systemMessage: string;
  deleteSystemMessage: string;
  accessApproval: string;
  revokeAccessApproval: string;
  /** Platform settings rows of the role's own (platform admins): one edited, one only the delete acts on. The organisation starts with `inventory`. */
  organisation: string;
  deleteOrganisation: string;
  clientApplication: string;
  deleteClientApplication: string;
  modemVendor: string;
  deleteModemVendor: string;
  aiCredential: string;
  deleteAiCredential: string;
  appConfiguration: string;
  deleteAppConfiguration: string;
}

/** What the role matrix gives a set-up: the role's refs and ways to arrange device state and data. */
export interface World {
  role: string;
  refs: Refs;
  /** The unit online and idle (powered on, every activity stopped). */
  idle(): Promise<void>;
  /**
   * Idle, and every enabled modem of the unit connected in the core's view: a link an earlier row
   * toggled, or a SIM it switched, is back on the air (a cellular scan needs two interfaces up).
   */
  linksUp(): Promise<void>;
  /** The unit runs this activity (started through the simulator control), from idle. */
  running(app: UnitApplicationKey): Promise<void>;
  /** Current optimistic versions, read from storage (0 when there is no row yet). */
  storyVersion(id: string): Promise<number>;
  storyIntegrationVersion(inventoryId: string): Promise<number>;
  /** A group's, and its alerts configuration's (0 while it has none). */
  groupVersion(id: string): Promise<number>;
  groupAlertsVersion(groupId: string): Promise<number>;
  /** A code every role may join with: the permanent key of a group no other example changes (set through storage once). */
  joinCode(): Promise<string>;
  /** Memberships of the role's unit, made so (idempotent) through storage. */
  unitInInventory(inventoryId: string, member: boolean): Promise<void>;
  unitInGroup(groupId: string, member: boolean): Promise<void>;
  storyHasUnit(storyId: string, unitId: string, assigned: boolean): Promise<void>;
  unitHasService(serviceName: string): Promise<void>;
  channelFilePlaying(id: string, playing: boolean): Promise<void>;
  /** The shared logs channel online and free (through the simulator control). */
  logsChannelFree(): Promise<void>;
  /** This channel's server on and the channel idle (through the simulator control). */
  channelFree(channelId: string): Promise<void>;
  /** The server powered on again (through the simulator control) and seen online by the core. */
  serverOnline(serverId: string): Promise<void>;
  /** A streaming destination of that id on the channel (created through storage when missing). */
  streamingDestination(channelId: string, id: string): Promise<void>;
  /** Before a restart of the unit (reboot): note how many times the core has seen it go offline. */
  beforeRestart(): Promise<void>;
  /** After it: the core has seen the unit go offline since, and it is idle again. */
  restarted(): Promise<void>;
}

/** `EndpointInput<K>` with the parts a call does not declare left out, and optional parts optional. */
type Request<T> = { [P in keyof T as undefined extends T[P] ? never : P]: T[P] } & { [P in keyof T as undefined extends T[P] ? P : never]?: T[P] };
export type ExampleInput<K extends EndpointId> = Request<EndpointInput<K>>;

export interface Example<K extends EndpointId> {
  input(r: Refs, w: World): ExampleInput<K> | Promise<ExampleInput<K>>;
  setup?(w: World): Promise<void>;
  /** The call changes a row every role shares (read-then-write of its version): roles take turns. */
  exclusive?: true;
  /** Ends, within the same turn, what the call started that would stand in another role's way. */
  teardown?(w: World): Promise<void>;
}

export type Examples = { [K in EndpointId]: Example<K> };

const NEWSROOM_FIELDS = { fields: [{ key: 'venue', value: 'Stadium' }] };
const modem = (r: Refs, n: number) => `${r.unit}-m${n}`;

export const EXAMPLES: Examples = {
  // ── units ──────────────────────────────────────────────────────────────────────────────────
  fetchDevices: { input: (r) => ({ query: { group: r.group } }) },
  getUnit: { input: (r) => ({ params: { id: r.unit } }) },
  startUnitStream: { input: (r) => ({ params: { id: r.unit } }) },
  stopUnitStream: { input: (r) => ({ params: { id: r.unit } }), setup: (w) => w.running('video') },
  renameDevice: { input: (r, w) => ({ body: { id: r.unit, name: `Matrix-${w.role}-renamed`, comment: 'matrix' } }) },

  // ── the caller's own data ──────────────────────────────────────────────────────────────────
  getUserPreferences: { input: () => ({}) },
  updateUserPreferences: { input: () => ({ body: { leftPanelWidth: 300 } }) },
  getCurrentUser: { input: () => ({}) },
  fetchClientNotifications: { input: () => ({}) },

  // ── unit reads ─────────────────────────────────────────────────────────────────────────────
  fetchDeviceById: { input: (r) => ({ params: { id: r.unit } }) },
  getDeviceLocation: { input: (r) => ({ params: { id: r.unit } }) },
  getDeviceModems: { input: (r) => ({ params: { id: r.unit } }) },
  fetchDeviceCoords: { input: (r) => ({ query: { group: r.group } }) },
  getUnitEnhanced: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitServices: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitConfigurationV2: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitCapabilities: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitStorages: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitStorageFiles: { input: (r) => ({ params: { id: r.unit }, query: { path: '/media/sd' } }) },
  getUnitSipAccount: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitAlertsConfiguration: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitPossibleAlertsConfiguration: { input: (r) => ({ params: { id: r.unit }, query: { mode: 'group', groupId: r.group } }) },
  getUnitBwLimitationTotal: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitBwLimitationCellular: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitSelectedDbGateway: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitPairingCode: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitModemConfig: { input: (r) => ({ params: { id: r.unit, n: 1 } }) },
  getUnitGroups: { input: (r) => ({ params: { id: r.unit } }) },
  searchAdminUnits: { input: (r) => ({ query: { searchKey: 'uniqueId', searchValue: r.unit } }) },
  listAdminInventoryUnits: { input: (r) => ({ params: { id: r.inventory }, query: {} }) },
  getAdminUnit: { input: (r) => ({ params: { id: r.unit } }) },
  getAdminUnitInventories: { input: (r) => ({ params: { id: r.unit } }) },
  getAdminUnitGroups: { input: (r) => ({ params: { id: r.unit }, query: {} }) },
  getAdminUnitGroupsOfInventories: { input: (r) => ({ params: { id: r.unit }, query: {} }) },
  getAdminUnitDbGateway: { input: (r) => ({ params: { id: r.unit } }) },
  getAdminSmartUnit: { input: (r) => ({ params: { id: r.smartUnit } }) },
  getAdminUnitApplications: { input: (r) => ({ params: { id: r.unit } }) },
  fetchActiveAlerts: { input: (r) => ({ query: { group: r.group } }) },
  getDefaultAlertConfiguration: { input: () => ({}) },
  getClientConfiguration: { input: () => ({}) },
  lightFetchGroups: { input: () => ({}) },
  fetchFeatures: { input: (r) => ({ query: { groupId: r.group } }) },
  getUserContact: { input: () => ({}) },
  getApplicationUrls: { input: () => ({}) },
  fetchSettingsConfiguration: { input: (r) => ({ query: { machineUid: r.unit } }) },

  // ── commands ───────────────────────────────────────────────────────────────────────────────
  commandSetVirtualChannel: { input: (r) => ({ params: { id: r.unit }, body: { channelId: r.channel } }) },
  commandStopStreaming: { input: (r) => ({ params: { id: r.unit }, body: {} }), setup: (w) => w.running('video') },
  // The unit goes offline and comes back: the next row needs the core to have seen both.
  commandReboot: { input: (r) => ({ params: { id: r.unit }, body: {} }), setup: (w) => w.beforeRestart(), teardown: (w) => w.restarted() },
  commandMetadata: { input: (r) => ({ params: { id: r.unit }, body: NEWSROOM_FIELDS }) },
  commandLinkConfiguration: { input: (r) => ({ params: { id: r.unit }, body: { modemId: modem(r, 1), enabled: true } }) },
  commandWifiQuery: { input: (r) => ({ params: { id: r.unit }, body: {} }) },
  commandWifiConnect: { input: (r) => ({ params: { id: r.unit }, body: { ssid: 'Newsroom', security: 'open' } }) },
  commandWifiDisconnect: { input: (r) => ({ params: { id: r.unit }, body: {} }) },
  commandCellularScan: { input: (r) => ({ params: { id: r.unit }, body: { modemId: modem(r, 1) } }), setup: (w) => w.linksUp() },
  commandCellularSelect: { input: (r) => ({ params: { id: r.unit }, body: { modemId: modem(r, 1), network: 'automatic' } }) },
  commandActiveSim: { input: (r) => ({ params: { id: r.unit }, body: { modemId: modem(r, 1), sim: 'A' } }) },
  commandAudioParameters: { input: (r) => ({ params: { id: r.unit }, body: { input: 'sdi', channels: 2 } }) },
  commandAudioBitrate: { input: (r) => ({ params: { id: r.unit }, body: { bitrateKbps: 128 } }) },
  commandIfbDelay: { input: (r) => ({ params: { id: r.unit }, body: { delayMs: 100 } }) },
  commandIfbAlwaysOn: { input: (r) => ({ params: { id: r.unit }, body: { enabled: false } }) },
  commandAncillaryData: { input: (r) => ({ params: { id: r.unit }, body: { enabled: true, types: ['timecode'] } }) },
  commandShootingMode: { input: (r) => ({ params: { id: r.unit }, body: { mode: 'sports' } }) },
  commandStoreAndForwardQuality: { input: (r) => ({ params: { id: r.unit }, body: { quality: 'standard_h264' } }) },
  commandEncoder: { input: (r) => ({ params: { id: r.unit }, body: { codec: 'hevc' } }) },
  commandCancelFileUpload: { input: (r) => ({ params: { id: r.unit }, body: { files: ['matrix_up.mp4'] } }) },
  commandSpeedTest: { input: (r) => ({ params: { id: r.unit }, body: { channelId: r.channel } }) },
  commandVideoComplexity: { input: (r) => ({ params: { id: r.unit }, body: { level: 'high' } }) },

  // ── unit updates ───────────────────────────────────────────────────────────────────────────
  updateUnitDelay: { input: (r) => ({ params: { id: r.unit }, body: { delayMs: 3000 } }) },
  updateUnitDatabridge: { input: (r) => ({ params: { id: r.unit }, body: { enabled: true } }) },
  updateUnitVideoReturn: { input: (r) => ({ params: { id: r.unit }, body: { enabled: true } }) },
  updateUnitFilenamePrefix: { input: (r, w) => ({ params: { id: r.unit }, body: { filenamePrefix: `mx-${w.role.replace(/_/g, '-')}`.slice(0, 32) } }) },
  updateUnitNtpTimecode: { input: (r) => ({ params: { id: r.unit }, body: { enabled: true, server: 'time.example.net' } }) },
  updateUnitTransmissionMode: { input: (r) => ({ params: { id: r.unit }, body: { transmissionMode: 'live' } }) },
  updateUnitFixedInternetDelay: { input: (r) => ({ params: { id: r.unit }, body: { delayMs: 2000 } }) },
  updateUnitIpInputStream: { input: (r) => ({ params: { id: r.unit }, body: { enabled: false, protocol: 'srt', port: 9000 } }) },
  updateUnitIpPipe: { input: (r) => ({ params: { id: r.unit }, body: { enabled: true, serverId: r.server } }) },
  updateUnitMultipleCamera: {
    input: (r) => ({ params: { id: r.unit }, body: { numberOfFeeds: 2, channelSelectionMode: 'custom', customSelectedChannels: [r.channel], cameras: [] } }),
  },
  updateUnitMultipleCameraChannel: { input: (r) => ({ params: { id: r.unit }, body: { channelId: r.channel } }) },
  updateUnitMultipleCameraMode: { input: (r) => ({ params: { id: r.unit }, body: { mode: 'highQuality' } }) },
  updateUnitSingleCamera: { input: (r) => ({ params: { id: r.unit }, body: { resolution: 1080, maxBandwidthMbps: 8 } }) },
  updateUnitOperationalMode: { input: (r) => ({ params: { id: r.unit }, body: { workingMode: 'video' } }) },
  updateUnitSwitcherMode: { input: (r) => ({ params: { id: r.unit }, body: { mode: 'switcher', highQualityChannel: r.channel } }) },
  updateUnitSwitcherHighQualityChannel: { input: (r) => ({ params: { id: r.unit }, body: { channelId: r.channel } }) },
  updateUnitSwitcherProxyChannel: { input: (r) => ({ params: { id: r.unit }, body: { channelId: r.proxyChannel } }) },
  updateUnitSwitcherSdiInput: { input: (r) => ({ params: { id: r.unit }, body: { inputSdi: 1 } }) },
  updateUnitAlertsConfiguration: { input: (r) => ({ params: { id: r.unit }, body: { mode: 'group', groupId: r.group } }) },
  updateUnitBwLimitation: { input: (r) => ({ params: { id: r.unit }, body: { totalKbps: null, cellularKbps: null } }) },
  updateUnitIntercom: { input: (r) => ({ params: { id: r.unit }, body: { intercom: 2, mode: 'targetChannel', targetChannelId: r.channel } }) },
  updateUnitIntercomAudioJacks: { input: (r) => ({ params: { id: r.unit }, body: { jacks: [{ jack: 2, intercom: 2, volume: 50 }] } }) },
  updateUnitInterfacesConfig: { input: (r) => ({ params: { id: r.unit }, body: { port: 2, roamingAllowed: false } }) },
  updateUnitSelectedVrChannel: { input: (r) => ({ params: { id: r.unit }, body: { vrChannelId: r.vrChannel } }) },
  updateUnitFetchlogsEnhanced: { input: (r) => ({ params: { id: r.unit }, body: { enabled: true } }) },
  updateUnitStoreAndForwardQuality: { input: (r) => ({ params: { id: r.unit }, body: { quality: 'standard_h264' } }) },
  updateUnitNetworkCapping: { input: (r) => ({ params: { id: r.unit }, body: { option: 'disabled' } }) },
  updateCurrentUser: { input: () => ({ body: { lastName: 'Matrix' } }) },
  addSettingsConfiguration: { input: (r) => ({ body: { id: r.unit, outputChannel: r.channel, multiChannel: true } }) },
  // Merged into the shared group's defaults without a version; roles take turns all the same.
  updateGroupUnitSettings: { input: (r) => ({ params: { id: r.group }, body: { delayMs: 2000 } }), exclusive: true },
  updateInventoryUnitDetails: { input: (r) => ({ body: { id: r.unit, inventoryId: r.inventory, ownership: 'lease' } }) },

  // ── unit actions ───────────────────────────────────────────────────────────────────────────
  addUnitService: { input: (r) => ({ params: { id: r.unit }, body: { serviceName: 'tally', tier: 'pro2' } }) },
  // Removing needs the service to be there (whichever row ran before).
  removeUnitService: { input: (r) => ({ params: { id: r.unit, serviceId: 'tally' } }), setup: (w) => w.unitHasService('tally') },
  startMultiCameraStream: { input: (r) => ({ params: { id: r.unit }, body: { numberOfFeeds: 2, channelIds: [r.channel] } }) },
  stopMultiCameraStream: { input: (r) => ({ params: { id: r.unit } }), setup: (w) => w.running('multiCamera') },
  startSwitcherStream: { input: (r) => ({ params: { id: r.unit }, body: { mode: 'switcher', highQualityChannelId: r.channel } }) },
  stopSwitcherStream: { input: (r) => ({ params: { id: r.unit } }), setup: (w) => w.running('switcher') },
  startDatabridge: { input: (r) => ({ params: { id: r.unit }, body: { gatewayId: r.gateway } }) },
  stopDatabridge: { input: (r) => ({ params: { id: r.unit } }), setup: (w) => w.running('databridge') },
  startVideoReturn: { input: (r) => ({ params: { id: r.unit }, body: { vrChannelId: r.vrChannel } }) },
  stopVideoReturn: { input: (r) => ({ params: { id: r.unit } }), setup: (w) => w.running('videoReturn') },
  connectIpPipe: { input: (r) => ({ params: { id: r.unit }, body: { serverId: r.server } }) },
  disconnectIpPipe: { input: (r) => ({ params: { id: r.unit } }), setup: (w) => w.running('l2ControlPipe') },
  startIntercomSession: { input: (r) => ({ params: { id: r.unit, n: '2' }, body: { mode: 'targetChannel', channelId: r.channel } }) },
  stopIntercomSession: { input: (r) => ({ params: { id: r.unit, n: '2' } }), setup: (w) => w.running('ifb') },
  shutdownUnit: { input: (r) => ({ params: { id: r.unit } }) },
  uploadUnitFiles: { input: (r) => ({ params: { id: r.unit }, body: { paths: [r.recordedPath], channelId: r.channel } }) },
  deleteUnitFiles: { input: (r) => ({ params: { id: r.unit }, body: { paths: [r.deletePath] } }) },
  removeUnitPairing: { input: (r) => ({ params: { id: r.unit } }) },
  // A hub sends the logs of one unit at a time: roles take turns, each stopping its sending after.
  startFetchLogs: {
    input: (r) => ({ params: { id: r.unit }, body: { description: 'Role matrix', channelId: r.logsChannel, timeZone: 'Europe/Paris' } }),
    setup: async (w) => {
      await w.logsChannelFree();
      await w.idle();
    },
    exclusive: true,
    teardown: (w) => w.idle(),
  },
  stopFetchLogs: { input: (r) => ({ params: { id: r.unit } }) },
  // Social media and CDN forward a live stream: the unit streams first.
  startSocialMediaStream: { input: (r) => ({ params: { id: r.unit }, body: {} }), setup: (w) => w.running('video') },
  stopSocialMediaStream: { input: (r) => ({ params: { id: r.unit } }) },
  startCdnStream: { input: (r) => ({ params: { id: r.unit }, body: {} }), setup: (w) => w.running('video') },
  stopCdnStream: { input: (r) => ({ params: { id: r.unit } }) },
  updateUserContact: { input: () => ({ body: { phone: '+44 20 7946 0000', company: 'Matrix' } }) },

  // ── admin unit calls ───────────────────────────────────────────────────────────────────────
  createAdminUnit: {
    input: (r, w) => {
      const n = w.role.replace(/[^a-z]/g, '').toUpperCase();
      return {
        body: {
          name: `Matrix-New-${n}`,
          typeGroup: 'fieldUnits',
          productType: 'LU800',
          serialNumber: `MXNEW${n}`.slice(0, 32),
          inventoryId: r.inventory,
          groupIds: [r.group],
        },
      };
    },
  },
  updateAdminUnit: { input: (r) => ({ params: { id: r.unit }, body: { comment: 'Checked by the role matrix' } }) },
  deleteAdminUnit: { input: (r) => ({ params: { id: r.spareUnit } }) },
  // Adding needs the unit outside the inventory, removing needs it inside (and in another one too).
  addAdminUnitInventory: {
    input: (r) => ({ params: { id: r.unit, inventoryId: r.extraInventory } }),
    setup: (w) => w.unitInInventory(w.refs.extraInventory, false),
  },
  removeAdminUnitInventory: {
    input: (r) => ({ params: { id: r.unit, inventoryId: r.extraInventory } }),
    setup: (w) => w.unitInInventory(w.refs.extraInventory, true),
  },
  addAdminUnitGroup: { input: (r) => ({ params: { id: r.unit, groupId: r.extraGroup } }), setup: (w) => w.unitInGroup(w.refs.extraGroup, false) },
  removeAdminUnitGroup: { input: (r) => ({ params: { id: r.unit, groupId: r.extraGroup } }), setup: (w) => w.unitInGroup(w.refs.extraGroup, true) },
  setAdminUnitTargetSwVersion: { input: (r) => ({ params: { id: r.unit }, body: { targetSwVersion: null } }) },
  setAdminUnitDbGateway: { input: (r) => ({ params: { id: r.unit }, body: { gatewayId: r.gateway } }) },
  clearAdminUnitDbGateway: { input: (r) => ({ params: { id: r.unit } }) },
  deregisterAdminUnit: { input: (r) => ({ params: { id: r.deregisterUnit } }) },

  // ── channel files ──────────────────────────────────────────────────────────────────────────
  fetchChannelFiles: { input: (r) => ({ query: { groupId: r.group, channelId: r.fileChannel } }) },
  removeChannelFiles: { input: (r) => ({ body: { ids: [r.removeFile] } }) },
  startChannelFileBroadcast: {
    input: (r) => ({ body: { id: r.channelFile } }),
    // Played out only on an idle channel: the role's hub is simulated, and a reset from an earlier
    // row may still be settling (no unit streams to the file channel).
    setup: async (w) => {
      await w.channelFilePlaying(w.refs.channelFile, false);
      await w.channelFree(w.refs.fileChannel);
    },
  },
  stopChannelFileBroadcast: { input: (r) => ({ body: { id: r.channelFile } }), setup: (w) => w.channelFilePlaying(w.refs.channelFile, true) },
  renameChannelFile: { input: (r, w) => ({ body: { id: r.renameFile, name: `matrix-${w.role.replace(/_/g, '-')}-renamed` } }) },
  makeChannelFileChunk: { input: (r) => ({ body: { id: r.channelFile, startSec: 5, endSec: 20 } }) },
  fetchChannelDownloadUrls: { input: (r) => ({ params: { id: r.fileChannel }, query: { fileId: r.channelFile } }) },
  fetchFileMetadata: { input: (r) => ({ query: { channelId: r.fileChannel, filePath: r.channelFilePath } }) },

  // ── stories ────────────────────────────────────────────────────────────────────────────────
  listInventoryStories: { input: (r) => ({ params: { inventoryId: r.inventory }, query: { search: 'Matrix' } }) },
  countInventoryStories: { input: (r) => ({ params: { inventoryId: r.inventory } }) },
  getStory: { input: (r) => ({ params: { inventoryId: r.inventory, storyId: r.story } }) },
  createStory: { input: (_r, w) => ({ params: { inventoryId: _r.inventory }, body: { slugline: `Matrix new ${w.role}`, reporter: 'R. Matrix' } }) },
  updateStory: {
    input: async (r, w) => ({
      params: { inventoryId: r.inventory, storyId: r.story },
      body: { version: await w.storyVersion(r.story), comments: `Edited by ${w.role}` },
    }),
  },
  deleteStory: { input: (r) => ({ params: { inventoryId: r.inventory, storyId: r.deleteStory } }) },
  // Assigning needs the unit off the story, unassigning needs it on.
  assignStoryUnit: {
    input: (r) => ({ params: { inventoryId: r.inventory, storyId: r.story, unitId: r.unit } }),
    setup: (w) => w.storyHasUnit(w.refs.story, w.refs.unit, false),
  },
  unassignStoryUnit: {
    input: (r) => ({ params: { inventoryId: r.inventory, storyId: r.story, unitId: r.unit } }),
    setup: (w) => w.storyHasUnit(w.refs.story, w.refs.unit, true),
  },
  getStoryIntegration: { input: (r) => ({ params: { inventoryId: r.inventory } }) },
  // One integration per inventory, shared by every role: read its version and write in turn.
  updateStoryIntegration: {
    input: async (r, w) => ({
      params: { inventoryId: r.inventory },
      body: { version: await w.storyIntegrationVersion(r.inventory), queue: `MATRIX.${w.role.toUpperCase()}` },
    }),
    exclusive: true,
  },
  testStoryMapping: { input: (r) => ({ params: { inventoryId: r.inventory }, body: { sample: { slug: 'Election night', id: 1 } } }) },

  // ── guest invitations ──────────────────────────────────────────────────────────────────────
  createGroupInvitation: {
    input: (r, w) => ({ params: { id: r.group }, body: { deviceName: `Matrix-Guest-${w.role}`, email: 'guest@example.com', period: '1d' } }),
  },
  sendGroupInvitationEmail: { input: (r) => ({ params: { id: r.group }, body: { invitationId: r.invitation, email: 'guest@example.com' } }) },
  sendGroupInvitationSms: { input: (r) => ({ params: { id: r.group }, body: { invitationId: r.invitation, phone: '4420794600' } }) },
  // The group's invitation settings: one row every role shares (read-then-write of its version), so roles take turns.
  getGroupAdhocSettings: { input: (r) => ({ params: { groupId: r.group } }) },
  updateGroupAdhocSettings: {
    input: async (r, w) => ({ params: { groupId: r.group }, body: { mode: 'ADHOC_SMART', period: '3d', version: await w.groupVersion(r.group) } }),
    exclusive: true,
  },
  getGroupPermanentSettings: { input: (r) => ({ params: { id: r.group } }) },
  updateGroupPermanentSettings: {
    input: async (r, w) => ({ params: { id: r.group }, body: { regenerate: 'weekly', resetKey: true, version: await w.groupVersion(r.group) } }),
    exclusive: true,
  },
  getGroupUnitExpiration: { input: (r) => ({ params: { id: r.group, unitId: r.unit } }) },
  // Cleared (permanent membership): what the role's unit is in every other row.
  updateGroupUnitExpiration: { input: (r) => ({ params: { id: r.group, unitId: r.unit }, body: { period: null } }) },
  // Each role's device joins under a name of its own (the code stays open: a permanent key).
  joinGroupWithCode: { input: async (_r, w) => ({ body: { code: await w.joinCode(), deviceName: `Matrix-Join-${w.role}`, productType: 'LU-Smart' } }) },
  // ── spec 001: one file per area under ./examples ──────────────────────────────────────────
  ...SERVERS_EXAMPLES,
  ...CHANNELS_EXAMPLES,
  ...CHANNEL_CONFIGURATION_EXAMPLES,
  ...VIDEO_RETURN_EXAMPLES,
  ...P2P_EXAMPLES,
  ...GROUPS_EXAMPLES,
  ...GROUP_ALERTS_EXAMPLES,
  ...INVENTORIES_EXAMPLES,
  ...USERS_EXAMPLES,
  ...AUDIO_ROOMS_EXAMPLES,
  ...GRAPHICS_EXAMPLES,
  ...REMOTE_ACTIONS_EXAMPLES,
  ...SHARES_EXAMPLES,
  ...USAGE_PROFILES_EXAMPLES,
  ...USAGE_REPORTS_EXAMPLES,
  ...MANAGED_SERVICES_EXAMPLES,
  ...LICENCE_ACTIVATIONS_EXAMPLES,
  ...SOFTWARE_VERSIONS_EXAMPLES,
  ...UPGRADES_EXAMPLES,
  ...UPGRADE_BATCHES_EXAMPLES,
  ...ADMIN_SERVERS_EXAMPLES,
  ...DATABRIDGE_GATEWAYS_EXAMPLES,
  ...ORGANISATIONS_EXAMPLES,
  ...CLIENT_APPLICATIONS_EXAMPLES,
  ...MODEM_VENDORS_EXAMPLES,
  ...AI_CREDENTIALS_EXAMPLES,
  ...APPLICATION_CONFIGURATION_EXAMPLES,
  ...STREAM_PROVIDERS_EXAMPLES,
  ...STREAM_MEDIA_PROFILES_EXAMPLES,
  ...GEOCODING_PROFILES_EXAMPLES,
  ...SOFTWARE_VERSION_PRODUCTS_EXAMPLES,
  ...WHATS_NEW_EXAMPLES,
  ...SYSTEM_MESSAGES_EXAMPLES,
  ...ACCESS_APPROVALS_EXAMPLES,
  ...ACCOUNT_EXAMPLES,
};
