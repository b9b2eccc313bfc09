/**
 * The events of /ws (realtime.ts has the protocol around them): one union, validated at both ends.
 */
import { z } from 'zod';
import { AlertLevel, AlertType, ChannelStatus, UnitStatus, UnitStatusChangeEvent, VrChannelStatus } from './enums.js';
import { UnitCommand } from './enums.js';
import { ClientNotification } from './entities/notification.js';
import { CommandOutcome } from './entities/unit-commands.js';
import { UnitConfiguration } from './entities/unit-config.js';
import { Applications, Battery, BitrateSample, ChannelInUse, Location, Modem, UnitSummary } from './entities/unit.js';
import { Story } from './entities/stories.js';
import { ChannelLive } from './entities/channels.js';
import { ServerDetail } from './entities/servers.js';
import { VrChannelDetail } from './entities/video-return.js';
import { P2pLink } from './entities/p2p.js';
import { GroupListRow } from './entities/groups.js';
import { ChannelFile } from './entities/files.js';
import { AudioRoom } from './entities/audio-rooms.js';
import { ShareKind } from './entities/shares.js';
import { UsageProfile } from './entities/usage-profiles.js';
import { UserAccount } from './entities/users.js';
import { GroupAlertsConfiguration } from './entities/group-alerts.js';
import { AdminInventory } from './entities/inventories.js';
import { RemoteAction } from './entities/remote-actions.js';
import { UpgradeDeviceType, UpgradeJob } from './entities/upgrades.js';
import { UpgradeBatchSummary } from './entities/upgrade-batches.js';
import {
  AccessApprovalChangedEvent,
  ManagedServiceChangedEvent,
  NotificationRemovedEvent,
  SystemDeviceChangedEvent,
  SystemEntitiesChangedEvent,
  SystemSettingChangedEvent,
  WhatsNewChangedEvent,
  WhatsNewRemovedEvent,
} from './realtime-events-admin.js';

export * from './realtime-events-admin.js';

export const UnitStatusEvent = z.object({
  type: z.literal('unit.status'),
  unitId: z.string(),
  status: UnitStatus,
  previous: UnitStatus.nullable(),
  /** Counter transition relayed to the console (spec 001 §4). */
  change: UnitStatusChangeEvent.nullable(),
  applications: Applications,
  /**
   * The unit's total bitrate after the report, when the report changes it (0 once the unit is
   * offline: an offline unit sends no telemetry that could clear it). Absent: unchanged.
   */
  totalBitrate: z.number().nonnegative().optional(),
  at: z.number().int(),
});
/** The unit's tally changed as its channel drives it (spec 000 §3 tally): program, preview, or null once off. */
export const UnitTallyEvent = z.object({
  type: z.literal('unit.tally'),
  unitId: z.string(),
  tally: z.enum(['program', 'preview']).nullable(),
  at: z.number().int(),
});
export const UnitTelemetryEvent = z.object({
  type: z.literal('unit.telemetry'),
  unitId: z.string(),
  battery: Battery.nullable(),
  location: Location.nullable(),
  modems: z.array(Modem),
  totalBitrate: z.number().nonnegative(),
  cameraConnected: z.boolean(),
  sample: BitrateSample,
  at: z.number().int(),
});
export const UnitUpdatedEvent = z.object({ type: z.literal('unit.updated'), unit: UnitSummary, at: z.number().int() });
/** Where a unit streams changed: the channels a receiving server now reports collecting from it (the summary's `channelsInUse`). */
export const UnitChannelsEvent = z.object({ type: z.literal('unit.channels'), unitId: z.string(), channelsInUse: z.array(ChannelInUse), at: z.number().int() });
export const DeviceAddedEvent = z.object({ type: z.literal('device.added'), unitId: z.string(), at: z.number().int() });
export const DeviceRemovedEvent = z.object({ type: z.literal('device.removed'), unitId: z.string(), at: z.number().int() });

// ── Alerts, transitions, statuses, transfers, notifications, settings (000 §4, 001 §4, §7) ──────
/** An alert as the live lists show it: on a unit, a server or a channel (spec 000 §3 Alerts). */
export const LiveAlert = z.object({
  id: z.string(),
  type: AlertType,
  level: AlertLevel,
  message: z.string(),
  unitId: z.string().nullable(),
  serverId: z.string().nullable(),
  channelId: z.string().nullable(),
  raisedAt: z.string(),
});
export type LiveAlert = z.infer<typeof LiveAlert>;
export const AlertRaisedEvent = z.object({ type: z.literal('alert.raised'), alert: LiveAlert, at: z.number().int() });
export const AlertClearedEvent = z.object({
  type: z.literal('alert.cleared'),
  alertId: z.string(),
  alertType: AlertType,
  unitId: z.string().nullable(),
  serverId: z.string().nullable(),
  channelId: z.string().nullable(),
  at: z.number().int(),
});
/** Transition flags of spec 000 §4: set when a start/stop is asked, cleared when the state is reached. */
export const UNIT_TRANSITION_FLAGS = ['isTransition', 'isVrTransition', 'isDbTransition'] as const;
export const UnitTransitionEvent = z.object({
  type: z.literal('unit.transition'),
  unitId: z.string(),
  flag: z.enum(UNIT_TRANSITION_FLAGS),
  /** True while the unit passes through connecting/disconnecting; false once cleared. */
  active: z.boolean(),
  /** The wanted state (e.g. 'streaming', 'idle'), null when cleared. */
  target: z.string().nullable(),
  at: z.number().int(),
});
export const ChannelStatusEvent = z.object({
  type: z.literal('channel.status'),
  channelId: z.string(),
  serverId: z.string().nullable(),
  status: ChannelStatus,
  previous: ChannelStatus.nullable(),
  at: z.number().int(),
});
export const ServerStatusEvent = z.object({
  type: z.literal('server.status'),
  serverId: z.string(),
  /** Server status as stored ("online" | "offline" | "busy" | "upgrading" ...). */
  status: z.string().max(64),
  previous: z.string().max(64).nullable(),
  at: z.number().int(),
});
export const VrChannelStatusEvent = z.object({
  type: z.literal('vrChannel.status'),
  vrChannelId: z.string(),
  status: VrChannelStatus,
  previous: VrChannelStatus.nullable(),
  at: z.number().int(),
});
export const FileTransferStartedEvent = z.object({
  type: z.literal('file.transferStarted'),
  unitId: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  channelId: z.string().nullable(),
  at: z.number().int(),
});
export const FileTransferCompletedEvent = z.object({
  type: z.literal('file.transferCompleted'),
  unitId: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  ok: z.boolean(),
  at: z.number().int(),
});
export const NotificationEvent = z.object({ type: z.literal('notification'), notification: ClientNotification, at: z.number().int() });
/** A server setting the console depends on changed; a changed wsLibrary makes consoles reload (spec 000 §8). */
export const ConfigChangedEvent = z.object({ type: z.literal('config.changed'), wsLibrary: z.string(), at: z.number().int() });
// ── end of alerts, transitions, statuses, transfers, notifications, settings ────────────────────

// ── Unit commands and unit updates ──────────────────────────────────────────────────────────────
/** A unit's configuration changed (spec 000 §7 unit updates): the setting and the new configuration. */
export const UnitConfigurationEvent = z.object({
  type: z.literal('unit.configuration'),
  unitId: z.string(),
  setting: z.string(),
  configuration: UnitConfiguration,
  at: z.number().int(),
});
/**
 * A command that finishes after its acknowledgement (cellular scan, speed test) finished: outcome,
 * the catalogue code and text when it did not complete ("Scan failed, please try again", "Channel
 * changed, repeat speed test", "Test cancelled"), and its result (operators found, measured rates).
 */
export const UnitCommandResultEvent = z.object({
  type: z.literal('unit.commandResult'),
  unitId: z.string(),
  command: UnitCommand,
  outcome: CommandOutcome,
  code: z.string().nullable(),
  message: z.string().nullable(),
  result: z.json().nullable(),
  at: z.number().int(),
});
// ── end of unit-config members ──────────────────────────────────────────────────────────────────

// ── Stories ─────────────────────────────────────────────────────────────────────────────────────
/**
 * A story was created or changed (fields or assigned units); topic: its inventory and that
 * inventory's groups. Consoles replace it in their lists when its version is newer.
 */
export const StoryChangedEvent = z.object({ type: z.literal('story.changed'), story: Story, at: z.number().int() });
/** A story was deleted; topic: its inventory and that inventory's groups. */
export const StoryRemovedEvent = z.object({ type: z.literal('story.removed'), id: z.string(), inventoryId: z.string(), at: z.number().int() });
// ── end of stories area ─────────────────────────────────────────────────────────────────────────

// ── Servers, channels, video return channels ────────────────────────────────────────────────────
/**
 * A channel's live state changed (status, allocation, configuration, memberships) or the channel
 * was created; topic: its groups and inventories. Consoles replace their copy when its version is
 * not older than theirs (status changes from devices keep the version and carry a later `at`).
 */
export const ChannelChangedEvent = z.object({ type: z.literal('channel.changed'), channel: ChannelLive, at: z.number().int() });
/** A channel was deleted or left the topic's groups and inventories. */
export const ChannelRemovedEvent = z.object({ type: z.literal('channel.removed'), channelId: z.string(), at: z.number().int() });
/** A server changed (status, configuration, comment); topic: its inventory and the groups and inventories of its channels. */
export const ServerChangedEvent = z.object({ type: z.literal('server.changed'), server: ServerDetail, at: z.number().int() });
/**
 * A channel's streaming destinations were added, changed or removed (they are not part of its live
 * state); topic: the channel's groups and inventories. Consoles showing that channel's destinations
 * read them again.
 */
export const ChannelDestinationsChangedEvent = z.object({ type: z.literal('channelDestinations.changed'), channelId: z.string(), at: z.number().int() });
/** A video return channel changed or was created; topic: its groups and inventories. */
export const VrChannelChangedEvent = z.object({ type: z.literal('vrChannel.changed'), vrChannel: VrChannelDetail, at: z.number().int() });
/** A video return channel was deleted or left the topic's groups and inventories. */
export const VrChannelRemovedEvent = z.object({ type: z.literal('vrChannel.removed'), uniqueId: z.string(), at: z.number().int() });
/**
 * A point-to-point link changed (created, edited, started or stopped streaming, shared) or was
 * deleted (`removed`); topic: its master unit's groups and inventories and the link's groups.
 */
export const P2pChangedEvent = z.object({ type: z.literal('p2p.changed'), link: P2pLink, removed: z.boolean(), at: z.number().int() });

/** A group was created or changed (renamed, details, members), as the /groups list shows it; topics: the group and its inventory. */
export const GroupChangedEvent = z.object({ type: z.literal('group.changed'), group: GroupListRow, at: z.number().int() });
/** A group was deleted; topics: the group and its inventory. */
export const GroupRemovedEvent = z.object({ type: z.literal('group.removed'), groupId: z.string(), at: z.number().int() });

// ── Files ───────────────────────────────────────────────────────────────────────────────────────
/**
 * A channel file appeared (a unit started sending it, spec 001 §4 file transfer) or changed (its
 * transfer progressed or completed, it was renamed, cut into a chunk, started or stopped playing
 * out); topic: its channel's groups and inventories. Consoles replace it when its version is not
 * older than theirs.
 */
export const ChannelFileAddedEvent = z.object({ type: z.literal('channelFile.added'), file: ChannelFile, at: z.number().int() });
export const ChannelFileChangedEvent = z.object({ type: z.literal('channelFile.changed'), file: ChannelFile, at: z.number().int() });
/** Channel files were removed (channelfiles/removal); topic: their channels' groups and inventories. */
export const ChannelFileRemovedEvent = z.object({ type: z.literal('channelFile.removed'), ids: z.array(z.string()), at: z.number().int() });
// ── end of files area ───────────────────────────────────────────────────────────────────────────

// ── Audio rooms ─────────────────────────────────────────────────────────────────────────────────
/** An audio room was created or changed (fields, participants, started or stopped); topics: its inventory and that inventory's groups. */
export const AudioRoomChangedEvent = z.object({ type: z.literal('audioRoom.changed'), audioRoom: AudioRoom, at: z.number().int() });
/** An audio room was deleted; topics: its inventory and that inventory's groups. */
export const AudioRoomRemovedEvent = z.object({ type: z.literal('audioRoom.removed'), audioRoomId: z.string(), inventoryId: z.string(), at: z.number().int() });
// ── Graphics ────────────────────────────────────────────────────────────────────────────────────
/**
 * A graphics composition of the inventory was created, opened again (a new job, a trial hour
 * counted) or deleted (`removed`); topics: its inventory and that inventory's groups. My Graphics
 * reads the inventory's compositions and its service state again.
 */
export const GraphicsChangedEvent = z.object({
  type: z.literal('graphics.changed'),
  inventoryId: z.string(),
  compositionId: z.string(),
  removed: z.boolean(),
  at: z.number().int(),
});
// ── end of graphics ─────────────────────────────────────────────────────────────────────────────
/**
 * A publisher, subscriber folder or subscriber was created or changed (`share.changed`) or deleted
 * (`share.removed`), on its inventory's topics (and its group's, for a publisher): the /publishers
 * and /subscribers screens read the list again.
 */
export const ShareChangedEvent = z.object({
  type: z.literal('share.changed'),
  kind: ShareKind,
  id: z.string(),
  inventoryId: z.string(),
  groupId: z.string().nullable(),
  at: z.number().int(),
});
export const ShareRemovedEvent = z.object({
  type: z.literal('share.removed'),
  kind: ShareKind,
  id: z.string(),
  inventoryId: z.string(),
  groupId: z.string().nullable(),
  at: z.number().int(),
});
// ── end of audio rooms ──────────────────────────────────────────────────────────────────────────
// ── Usage profiles and usage ────────────────────────────────────────────────────────────────────
/**
 * A usage profile was created, changed, or units were put on it or taken off it, as `inventoryId`'s
 * list shows it (its unit count is that inventory's); topics: that inventory and its groups. A global
 * profile's change is published once per inventory, each with its own count.
 */
export const UsageProfileChangedEvent = z.object({
  type: z.literal('usageProfile.changed'),
  inventoryId: z.string(),
  usageProfile: UsageProfile,
  at: z.number().int(),
});
/** A usage profile was deleted; topics: its inventory and that inventory's groups (every inventory for a global one). */
export const UsageProfileRemovedEvent = z.object({
  type: z.literal('usageProfile.removed'),
  usageProfileId: z.string(),
  inventoryId: z.string(),
  at: z.number().int(),
});
/**
 * Usage of the inventory's units was written (every few seconds while they stream, at most once per
 * flush per inventory); topics: the inventory and its groups. Reports read again.
 */
export const UsageChangedEvent = z.object({ type: z.literal('usage.changed'), inventoryId: z.string(), at: z.number().int() });
// ── end of usage profiles and usage ─────────────────────────────────────────────────────────────
// ── user accounts ──
/** A user was created or changed (fields, state, inventories, groups); topics: the user's inventories and their groups. */
export const UserChangedEvent = z.object({ type: z.literal('user.changed'), user: UserAccount, at: z.number().int() });
/** A user was deleted, or left these inventories' topics; topics: those inventories. */
export const UserRemovedEvent = z.object({ type: z.literal('user.removed'), userId: z.string(), at: z.number().int() });
// ── end of user accounts ──

// ── Remote actions ──────────────────────────────────────────────────────────────────────────────
/**
 * A remote action was created or its status changed (pending → running → done / failed as the
 * device answers); topic: its unit's groups and inventories.
 */
export const RemoteActionChangedEvent = z.object({ type: z.literal('remoteAction.changed'), remoteAction: RemoteAction, at: z.number().int() });
// ── end of remote actions ───────────────────────────────────────────────────────────────────────

// ── Inventories ─────────────────────────────────────────────────────────────────────────────────
/**
 * An inventory was created or changed (name, region, parent, SIP server, properties, tally / IFB
 * channels, ingest account); topic: the inventory and its parent (whose admin list shows it).
 */
export const InventoryChangedEvent = z.object({ type: z.literal('inventory.changed'), inventory: AdminInventory, at: z.number().int() });
/** An inventory was deleted; topic: the inventory and its parent. */
export const InventoryRemovedEvent = z.object({ type: z.literal('inventory.removed'), inventoryId: z.string(), at: z.number().int() });
// ── end of inventories area ─────────────────────────────────────────────────────────────────────

// ── Group alerts ────────────────────────────────────────────────────────────────────────────────
/** A group's alerts configuration was saved, or one of its recipients verified their address; topic: the group. */
export const GroupAlertsChangedEvent = z.object({
  type: z.literal('groupAlerts.changed'),
  groupId: z.string(),
  configuration: GroupAlertsConfiguration,
  at: z.number().int(),
});
// ── end of group alerts ─────────────────────────────────────────────────────────────────────────

// ── Software versions ───────────────────────────────────────────────────────────────────────────
/**
 * A software version was created or changed (fields, deprecated, inventories); topics: the
 * inventories it is assigned to, before and after the change, and their groups (every inventory's
 * for a version available to all). No fields: a version's inventory list differs per reader, so the
 * /sw_version screen reads its list again.
 */
export const SoftwareVersionChangedEvent = z.object({
  type: z.literal('softwareVersion.changed'),
  softwareVersionId: z.string(),
  number: z.string(),
  at: z.number().int(),
});
/** A software version was deleted; topics as for `softwareVersion.changed`. */
export const SoftwareVersionRemovedEvent = z.object({
  type: z.literal('softwareVersion.removed'),
  softwareVersionId: z.string(),
  number: z.string(),
  at: z.number().int(),
});
// ── end of software versions ────────────────────────────────────────────────────────────────────

// ── Upgrades ────────────────────────────────────────────────────────────────────────────────────
/**
 * A device's upgrade job was created or changed state or progress (progress at most about every
 * 500 ms per device); topics: the device's inventories and their groups.
 */
export const UpgradeChangedEvent = z.object({
  type: z.literal('upgrade.changed'),
  deviceType: UpgradeDeviceType,
  deviceId: z.string(),
  job: UpgradeJob,
  at: z.number().int(),
});
/**
 * A batch upgrade was created or one of its jobs changed state (its counts and state as the list
 * shows them); topics: the inventories of its devices and their groups.
 */
export const UpgradeBatchChangedEvent = z.object({ type: z.literal('upgradeBatch.changed'), batch: UpgradeBatchSummary, at: z.number().int() });
// ── end of upgrades ─────────────────────────────────────────────────────────────────────────────

export const RealtimeEvent = z.discriminatedUnion('type', [
  UnitStatusEvent,
  UnitTelemetryEvent,
  UnitUpdatedEvent,
  UnitTallyEvent,
  UnitChannelsEvent,
  DeviceAddedEvent,
  DeviceRemovedEvent,
  // alerts, transitions, statuses, transfers, notifications, settings
  AlertRaisedEvent,
  AlertClearedEvent,
  UnitTransitionEvent,
  ChannelStatusEvent,
  ServerStatusEvent,
  VrChannelStatusEvent,
  ChannelChangedEvent,
  ChannelRemovedEvent,
  ChannelDestinationsChangedEvent,
  ServerChangedEvent,
  VrChannelChangedEvent,
  VrChannelRemovedEvent,
  P2pChangedEvent,
  GroupChangedEvent,
  GroupRemovedEvent,
  FileTransferStartedEvent,
  FileTransferCompletedEvent,
  NotificationEvent,
  ConfigChangedEvent,
  // end alerts, transitions, statuses, transfers, notifications, settings
  // unit-config area
  UnitConfigurationEvent,
  UnitCommandResultEvent,
  // end unit-config area
  // stories area
  StoryChangedEvent,
  StoryRemovedEvent,
  // end stories area
  // files area
  ChannelFileAddedEvent,
  ChannelFileChangedEvent,
  ChannelFileRemovedEvent,
  // end files area
  // audio rooms
  AudioRoomChangedEvent,
  AudioRoomRemovedEvent,
  ShareChangedEvent,
  ShareRemovedEvent,
  // end audio rooms
  // graphics
  GraphicsChangedEvent,
  // end graphics
  // usage profiles and usage
  UsageProfileChangedEvent,
  UsageProfileRemovedEvent,
  UsageChangedEvent,
  // end usage profiles and usage
  // software versions
  SoftwareVersionChangedEvent,
  SoftwareVersionRemovedEvent,
  // end software versions
  // inventories area
  InventoryChangedEvent,
  InventoryRemovedEvent,
  // end inventories area
  // user accounts
  UserChangedEvent,
  UserRemovedEvent,
  // end user accounts
  // remote actions
  RemoteActionChangedEvent,
  // end remote actions
  // group alerts
  GroupAlertsChangedEvent,
  // end group alerts
  // upgrades
  UpgradeChangedEvent,
  UpgradeBatchChangedEvent,
  ManagedServiceChangedEvent,
  // end upgrades
  // what's new
  WhatsNewChangedEvent,
  WhatsNewRemovedEvent,
  // end what's new
  // system messages and access approvals
  NotificationRemovedEvent,
  AccessApprovalChangedEvent,
  // end system messages and access approvals
  // system settings
  SystemSettingChangedEvent,
  // end system settings
  // system devices
  SystemDeviceChangedEvent,
  // end system devices
  SystemEntitiesChangedEvent,
]);
export type RealtimeEvent = z.infer<typeof RealtimeEvent>;
export type RealtimeEventType = RealtimeEvent['type'];
