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
import { UNITS_EXAMPLES } from './examples/units.js';
import { USER_EXAMPLES } from './examples/user.js';
import { UNIT_READS_EXAMPLES } from './examples/unit-reads.js';
import { UNIT_COMMANDS_EXAMPLES } from './examples/unit-commands.js';
import { UNIT_UPDATES_EXAMPLES } from './examples/unit-updates.js';
import { UNIT_ACTIONS_EXAMPLES } from './examples/unit-actions.js';
import { UNIT_ADMIN_EXAMPLES } from './examples/unit-admin.js';
import { FILES_EXAMPLES } from './examples/files.js';
import { STORIES_EXAMPLES } from './examples/stories.js';
import { INVITATIONS_EXAMPLES } from './examples/invitations.js';
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

export const EXAMPLES: Examples = {
  // ── spec 000 and 001: one file per catalogue area under ./examples ─────────────────────────
  ...UNITS_EXAMPLES,
  ...USER_EXAMPLES,
  ...UNIT_READS_EXAMPLES,
  ...UNIT_COMMANDS_EXAMPLES,
  ...UNIT_UPDATES_EXAMPLES,
  ...UNIT_ACTIONS_EXAMPLES,
  ...UNIT_ADMIN_EXAMPLES,
  ...FILES_EXAMPLES,
  ...STORIES_EXAMPLES,
  ...INVITATIONS_EXAMPLES,
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
