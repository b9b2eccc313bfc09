/**
 * What a recording saw of the fleet (pure: no storage), for an import into the mock
 * (mock/fleet-import.ts): every inventory, group, unit, server, channel and video return
 * channel its REST answers and /ws events show, each as the recording last saw it; and units'
 * configuration, servers' configuration tabs (fleet-capture-configuration.ts), alerts and alerts
 * configurations (fleet-capture-alerts.ts), users and audio rooms (fleet-capture-accounts.ts),
 * whose answers count only as their call's answer schema parses them.
 *
 * A recording made through the CLI's proxy holds the REST exchanges (`answer` lines). An answer
 * counts when it is a 2xx of a catalogue call whose answer is one of the fleet's objects (a unit's
 * summary or detail, the unit list, the channel list, a server, a page of servers, groups or
 * inventories, the signed-in user's groups and inventories, a group's video return channels).
 * Events count as they change what they carry: `unit.status` a unit's status and applications,
 * `unit.telemetry` its battery, location, links, camera and bitrate, the `*.status` events a
 * server's, channel's or video return channel's status, the `*.changed` and `unit.updated` events
 * the whole object (`unit.configuration`, `groupAlerts.changed`, `user.changed`, `audioRoom.changed`
 * too; `alert.raised` an alert, `alert.cleared` its end); a `*.removed` one drops it. Lines are
 * taken in order: the last word on a field stands. Values the recording does not know are left out
 * (an import keeps what the mock has), and so is every secret the recording left out (`[redacted]`). An object only a status event named has
 * no name here: an import changes it where the mock has it and makes nothing new of it.
 */
import {
  ActiveAlert,
  AudioRoom,
  AudioRoomPage,
  DefaultAlertConfiguration,
  GroupAlertsConfiguration,
  IpPipeSettings,
  ServerConfiguration,
  SmpteSettings,
  UnitAlertsConfiguration,
  UnitConfiguration,
  UserAccountDetail,
  UserAccountPage,
  type UserAccount,
  AdminInventory,
  AdminInventoryPage,
  AdminServerPage,
  AdminVrChannelPage,
  catalogue,
  ChannelList,
  CurrentUser,
  GroupList,
  GroupPage,
  GroupVrChannelList,
  ServerDetail,
  UnitDetail,
  UnitSummary,
  VrChannelDetail,
  type BitrateSample,
  type EndpointDef,
  type Recording,
  type RecordedEvent,
} from '@fleet/contracts';
import { z } from 'zod';
import { captureAudioRoom, captureUser } from './fleet-capture-accounts.js';
import {
  captureActiveAlert,
  captureClearedAlert,
  captureDefaultAlerts,
  captureGroupAlerts,
  captureRaisedAlert,
  captureInventoryAlerts,
  captureUnitAlerts,
  showsInventoryAlerts,
  type CapturedAlertConfiguration,
} from './fleet-capture-alerts.js';
import { callOf } from './fleet-capture-calls.js';
import { columnsOf, ids, isRow, same, str, type CapturedObject, type ColumnMap, type Row } from './fleet-capture-columns.js';
import {
  captureServerConfiguration,
  captureServerIpPipe,
  captureServerSmpte,
  captureUnitColumns,
  captureUnitConfiguration,
  type CapturedConfiguration,
} from './fleet-capture-configuration.js';

export type { CapturedObject } from './fleet-capture-columns.js';
export { callOf } from './fleet-capture-calls.js';
export type { CapturedConfiguration } from './fleet-capture-configuration.js';
export type { CapturedAlertConfiguration, CapturedRecipient } from './fleet-capture-alerts.js';

/** The kinds of object an import builds. */
export type CapturedKind = 'inventory' | 'group' | 'unit' | 'server' | 'channel' | 'vrChannel';

/** A unit's live values: what its device last reported, as far as the recording showed it. */
export interface CapturedUnitLive {
  online?: boolean;
  applications?: Record<string, unknown>;
  battery?: unknown;
  location?: unknown;
  modems?: unknown[];
  cameraConnected?: boolean;
  totalBitrate?: number;
  /** The bitrate samples, oldest first, when a unit detail showed them (and what telemetry added since). */
  samples?: BitrateSample[];
}

/** A unit: its columns, memberships and live values. */
export interface CapturedUnit extends CapturedObject {
  live: CapturedUnitLive;
  /** Whether its video licence is valid, as its summary said. */
  licenseValid?: boolean;
}

export interface CapturedFleet {
  inventories: Map<string, CapturedObject>;
  groups: Map<string, CapturedObject>;
  units: Map<string, CapturedUnit>;
  servers: Map<string, CapturedObject>;
  channels: Map<string, CapturedObject>;
  vrChannels: Map<string, CapturedObject>;
  /** Units' configuration (by unit id): Unit.configuration patches and the unit columns among them. */
  unitConfigurations: Map<string, CapturedConfiguration>;
  /** Servers' configuration tabs (by server id): Server.configuration patches and the server columns among them. */
  serverConfigurations: Map<string, CapturedConfiguration>;
  /** Alerts by id (`active: false` once seen cleared). */
  alerts: Map<string, CapturedObject>;
  /** Alerts configurations: `default`, `group:<id>`, `unit:<id>`. */
  alertConfigurations: Map<string, CapturedAlertConfiguration>;
  users: Map<string, CapturedObject>;
  audioRooms: Map<string, CapturedObject>;
}

// ── Answers → objects ──────────────────────────────────────────────────────────────────────────

const UNIT_COLUMNS: ColumnMap = {
  ...same('string', 'name', 'comment', 'typeGroup', 'swVersion', 'transmissionMode', 'workingMode', 'serialNumber', 'storeAndForwardVideoQuality', 'ownership'),
  type: ['productType', 'string'],
  ...same('bool', 'hasExtender', 'sharing'),
  ...same('int', 'version'),
  ...same('json', 'license', 'capabilities', 'services', 'multiCameraLabels', 'applications'),
  ...same('string?', 'tally', 'filenamePrefix', 'targetSwVersion', 'usageProfileId'),
  ...same('date?', 'lastReboot'),
};
const SERVER_COLUMNS: ColumnMap = {
  ...same('string', 'name', 'serverType', 'productType', 'serial', 'alias', 'comment', 'status', 'swVersion', 'publishingMode'),
  ...same(
    'string?',
    'targetSwVersion',
    'inventoryId',
    'ifbMode',
    'cloudRegion',
    'cloudInstance',
    'cloudProvider',
    'deviceId',
    'tallyHwStatus',
    'audioHwStatus',
    'state',
  ),
  ...same('int', 'maxChannels', 'version'),
  ...same('int?', 'webrtcPort', 'genlockOffset', 'upTime'),
  ...same('json', 'serverUsage', 'applications'),
};
const CHANNEL_COLUMNS: ColumnMap = {
  channelName: ['name', 'string'],
  ...same('string', 'serverId', 'type', 'status', 'swVersion'),
  ...same(
    'bool',
    'output',
    'preview',
    'sharing',
    'distributor',
    'forceOutput',
    'forwardRtmp',
    'ndi',
    'studio',
    'ifb',
    'onAir',
    'supportedByUnit',
    'recording',
    'ptmpLu100',
    'privateSession',
  ),
  ...same('int?', 'sdiNo', 'ptmpDelay', 'uptime', 'bandwidthLimit'),
  ...same(
    'string?',
    'flavor',
    'cdnName',
    'protocol',
    'broadcasterName',
    'allocatedTo',
    'allocatedToUnitAlias',
    'allocatedToUnitUid',
    'allocatedToByApp',
    'tallyHwStatus',
    'audioHwStatus',
    'serverProductType',
    'liveuVersion',
  ),
  ...same('json', 'capabilities', 'fetchedRtmpData', 'fileTransfer', 'overlay', 'smpteMetadata', 'ptmpStatuses', 'assignment'),
  ...same('int', 'version'),
};
const VR_CHANNEL_COLUMNS: ColumnMap = {
  ...same('string', 'name', 'description', 'status'),
  ...same('int?', 'uptime'),
  ...same('string?', 'serialNumber', 'inputStandard', 'serverId'),
  ...same('json', 'inputParameters', 'p2MPStreamingStatuses', 'urlData'),
  ...same('int', 'version'),
};
/** The video return channel's configuration tab, flattened into its columns (the passphrase is a secret: never imported). */
const VR_CONFIGURATION_COLUMNS: ColumnMap = {
  inputType: ['inputType', 'string'],
  url: ['url', 'string?'],
  destinationPort: ['destinationPort', 'int?'],
  latency: ['latency', 'int?'],
};
const GROUP_COLUMNS: ColumnMap = { ...same('string', 'name', 'inventoryId'), ...same('int', 'version') };
const INVENTORY_COLUMNS: ColumnMap = { ...same('string', 'name', 'region'), ...same('string?', 'parentId', 'sipServer'), ...same('int', 'version') };

// ── The fold ───────────────────────────────────────────────────────────────────────────────────

class Fold {
  readonly fleet: CapturedFleet = {
    inventories: new Map(),
    groups: new Map(),
    units: new Map(),
    servers: new Map(),
    channels: new Map(),
    vrChannels: new Map(),
    unitConfigurations: new Map(),
    serverConfigurations: new Map(),
    alerts: new Map(),
    alertConfigurations: new Map(),
    users: new Map(),
    audioRooms: new Map(),
  };

  /** Units' answers that showed their inventory's alerts configuration, in order (see {@link finish}). */
  private readonly inventoryAlerts: UnitAlertsConfiguration[] = [];

  /**
   * What needs the whole recording: an inventory's alerts configuration from the units' answers that
   * showed it, each taken when its unit is in one inventory (a unit in several gets its first joined's,
   * which no answer says).
   */
  finish(): CapturedFleet {
    const alerts = { alerts: this.fleet.alerts, alertConfigurations: this.fleet.alertConfigurations };
    for (const u of this.inventoryAlerts) {
      const inventories = this.fleet.units.get(u.uniqueId)?.inventoryIds ?? [];
      if (inventories.length === 1) captureInventoryAlerts(alerts, inventories[0]!, u);
    }
    return this.fleet;
  }

  private object<K extends 'inventories' | 'groups' | 'servers' | 'channels' | 'vrChannels'>(table: K, id: string): CapturedObject {
    const map = this.fleet[table];
    let o = map.get(id);
    if (!o) map.set(id, (o = { id, columns: {} }));
    return o;
  }

  private unitOf(id: string): CapturedUnit {
    let u = this.fleet.units.get(id);
    if (!u) this.fleet.units.set(id, (u = { id, columns: {}, live: {} }));
    return u;
  }

  private merge(o: CapturedObject, columns: Record<string, unknown>, row: Row): void {
    Object.assign(o.columns, columns);
    const inv = ids(row.inventoryIds);
    const grp = ids(row.groupIds);
    if (inv) o.inventoryIds = [...inv];
    if (grp) o.groupIds = [...grp];
  }

  inventory(row: Row): void {
    const id = str(row.id);
    if (id) this.merge(this.object('inventories', id), columnsOf(row, INVENTORY_COLUMNS), {});
  }

  group(row: Row): void {
    const id = str(row.id);
    if (!id) return;
    this.merge(this.object('groups', id), columnsOf(row, GROUP_COLUMNS), {});
    const inventoryId = str(row.inventoryId);
    const inventoryName = str(row.inventoryName);
    if (inventoryId && inventoryName) this.inventory({ id: inventoryId, name: inventoryName });
  }

  unit(row: Row): void {
    const id = str(row.uniqueId);
    if (!id) return;
    const u = this.unitOf(id);
    const columns = columnsOf(row, UNIT_COLUMNS);
    const selected = row.selectedChannel;
    if (isRow(selected) && (selected.channelId === null || typeof selected.channelId === 'string')) columns.selectedChannelId = selected.channelId;
    // The stored address (a unit's location when it reports none).
    const location = row.location;
    if (location === null) Object.assign(columns, { latitude: null, longitude: null, address: null });
    else if (isRow(location) && typeof location.lat === 'number' && typeof location.lng === 'number') {
      Object.assign(columns, { latitude: location.lat, longitude: location.lng, address: typeof location.address === 'string' ? location.address : null });
    }
    this.merge(u, columns, row);
    // A summary says only whether the licence is valid (a unit made new gets a licence that is or is not).
    if (typeof row.licenseValid === 'boolean') u.licenseValid = row.licenseValid;
    const live = u.live;
    if (typeof row.status === 'string') live.online = row.status !== 'offline';
    if (isRow(row.applications)) live.applications = row.applications;
    if ('battery' in row) live.battery = row.battery;
    if ('location' in row) live.location = row.location;
    if (typeof row.cameraConnected === 'boolean') live.cameraConnected = row.cameraConnected;
    if (typeof row.totalBitrate === 'number') live.totalBitrate = row.totalBitrate;
    if (Array.isArray(row.modems)) live.modems = row.modems;
    if (Array.isArray(row.bitrateSamples))
      live.samples = row.bitrateSamples.filter((s): s is BitrateSample => isRow(s) && typeof s.t === 'number' && typeof s.kbps === 'number');
  }

  server(row: Row): void {
    const id = str(row.id) ?? str(row.uniqueId);
    if (id) this.merge(this.object('servers', id), columnsOf(row, SERVER_COLUMNS), {});
  }

  channel(row: Row): void {
    const id = str(row.channelId);
    if (!id) return;
    this.merge(this.object('channels', id), columnsOf(row, CHANNEL_COLUMNS), row);
    const serverId = str(row.serverId);
    const serverName = str(row.serverName);
    // The server a channel names, as far as the channel says (a server answer tells the rest).
    if (serverId && !this.fleet.servers.get(serverId)?.columns.name && serverName) this.server({ id: serverId, name: serverName });
  }

  vrChannel(row: Row): void {
    const id = str(row.uniqueId);
    if (!id) return;
    const columns = columnsOf(row, VR_CHANNEL_COLUMNS);
    if (isRow(row.configuration)) Object.assign(columns, columnsOf(row.configuration, VR_CONFIGURATION_COLUMNS));
    this.merge(this.object('vrChannels', id), columns, row);
  }

  /** A user, and the inventories and groups their answer names. */
  private user(u: UserAccount | UserAccountDetail): void {
    captureUser(this.fleet.users, u);
    for (const i of u.inventories) this.inventory({ id: i.id, name: i.name });
    if ('groups' in u) for (const g of u.groups) this.group({ id: g.id, name: g.name, inventoryId: g.inventoryId, inventoryName: g.inventoryName });
  }

  /**
   * The answers of a unit's configuration, servers' configuration tabs, alerts, users and audio
   * rooms, taken only as their call's answer schema parses them. True when the answer was one.
   */
  private settings(def: EndpointDef, response: unknown): boolean {
    const r = def.response;
    const parsed = r.safeParse(response);
    if (!parsed.success) return false;
    const v: unknown = parsed.data;
    const f = this.fleet;
    const alerts = { alerts: f.alerts, alertConfigurations: f.alertConfigurations };
    if (r === UnitConfiguration) captureUnitConfiguration(f.unitConfigurations, v as UnitConfiguration);
    else if (r === ServerConfiguration) captureServerConfiguration(f.serverConfigurations, v as ServerConfiguration);
    else if (r === SmpteSettings) captureServerSmpte(f.serverConfigurations, v as SmpteSettings);
    else if (r === IpPipeSettings) captureServerIpPipe(f.serverConfigurations, v as IpPipeSettings);
    else if (r instanceof z.ZodArray && r.element === ActiveAlert) for (const a of v as ActiveAlert[]) captureActiveAlert(alerts, a);
    else if (r === GroupAlertsConfiguration) captureGroupAlerts(alerts, v as GroupAlertsConfiguration);
    else if (r === UnitAlertsConfiguration && def === catalogue.getUnitAlertsConfiguration) {
      // Not the possible configuration: that one is a preview of a mode, not the unit's.
      const u = v as UnitAlertsConfiguration;
      captureUnitAlerts(alerts, u);
      // Whose inventory is known once the whole recording is read (the unit's inventories may come later).
      if (showsInventoryAlerts(u)) this.inventoryAlerts.push(u);
      captureUnitColumns(f.unitConfigurations, u.uniqueId, { alertsConfigMode: u.mode });
    } else if (r === DefaultAlertConfiguration) captureDefaultAlerts(alerts, v as DefaultAlertConfiguration);
    else if (r === UserAccountPage) for (const u of (v as UserAccountPage).items) this.user(u);
    else if (r === UserAccountDetail) this.user(v as UserAccountDetail);
    else if (r === AudioRoomPage) for (const a of (v as AudioRoomPage).items) captureAudioRoom(f.audioRooms, a);
    else if (r === AudioRoom) captureAudioRoom(f.audioRooms, v as AudioRoom);
    else return false;
    return true;
  }

  /** A 2xx answer of a catalogue call: the objects it shows. */
  answer(def: EndpointDef, response: unknown): void {
    if (this.settings(def, response)) return;
    const r = def.response;
    const rows = (v: unknown): Row[] => (Array.isArray(v) ? v.filter(isRow) : []);
    const items = (v: unknown): Row[] => (isRow(v) ? rows(v.items) : []);
    if (r === UnitSummary || r === UnitDetail) {
      if (isRow(response)) this.unit(response);
    } else if (r instanceof z.ZodArray && r.element === UnitSummary) {
      for (const u of rows(response)) this.unit(u);
    } else if (r === ChannelList) {
      if (isRow(response)) for (const c of rows(response.channels)) this.channel(c);
    } else if (r === GroupList) {
      for (const g of rows(response)) this.group(g);
    } else if (r === GroupPage) {
      for (const g of items(response)) this.group(g);
    } else if (r === ServerDetail) {
      if (isRow(response)) this.server(response);
    } else if (r === AdminServerPage) {
      for (const s of items(response)) this.server(s);
    } else if (r === AdminInventory) {
      if (isRow(response)) this.inventory(response);
    } else if (r === AdminInventoryPage) {
      for (const i of items(response)) this.inventory(i);
    } else if (r === VrChannelDetail) {
      if (isRow(response)) this.vrChannel(response);
    } else if (r === AdminVrChannelPage || r === GroupVrChannelList) {
      for (const v of items(response)) this.vrChannel(v);
    } else if (r === CurrentUser && isRow(response)) {
      // The signed-in user is a user too, when the answer is whole; its inventories and groups in any case.
      const me = CurrentUser.safeParse(response);
      if (me.success) captureUser(this.fleet.users, me.data);
      for (const i of rows(response.inventories)) this.inventory(i);
      for (const g of rows(response.groups)) this.group(g);
    }
  }

  event(line: RecordedEvent): void {
    const e = line.event;
    switch (e.type) {
      case 'unit.updated':
        return this.unit(e.unit as unknown as Row);
      case 'unit.status': {
        const live = this.unitOf(e.unitId).live;
        live.online = e.status !== 'offline';
        live.applications = e.applications;
        return;
      }
      case 'unit.telemetry': {
        const live = this.unitOf(e.unitId).live;
        live.battery = e.battery;
        live.location = e.location;
        live.modems = e.modems;
        live.cameraConnected = e.cameraConnected;
        live.totalBitrate = e.totalBitrate;
        if (live.samples) live.samples.push(e.sample);
        return;
      }
      case 'device.removed':
        this.fleet.units.delete(e.unitId);
        this.fleet.unitConfigurations.delete(e.unitId);
        return;
      case 'unit.configuration':
        return captureUnitConfiguration(this.fleet.unitConfigurations, e.configuration);
      case 'alert.raised':
        return captureRaisedAlert(this.fleet, e.alert);
      case 'alert.cleared':
        return captureClearedAlert(this.fleet, e.alertId, e.at);
      case 'groupAlerts.changed':
        return captureGroupAlerts(this.fleet, e.configuration);
      case 'user.changed':
        return this.user(e.user);
      case 'user.removed':
        this.fleet.users.delete(e.userId);
        return;
      case 'audioRoom.changed':
        return captureAudioRoom(this.fleet.audioRooms, e.audioRoom);
      case 'audioRoom.removed':
        this.fleet.audioRooms.delete(e.audioRoomId);
        return;
      case 'server.changed':
        return this.server(e.server as unknown as Row);
      case 'server.status':
        this.object('servers', e.serverId).columns.status = e.status;
        return;
      case 'channel.changed':
        return this.channel(e.channel as unknown as Row);
      case 'channel.status':
        this.object('channels', e.channelId).columns.status = e.status;
        return;
      case 'channel.removed':
        this.fleet.channels.delete(e.channelId);
        return;
      case 'vrChannel.changed':
        return this.vrChannel(e.vrChannel as unknown as Row);
      case 'vrChannel.status':
        this.object('vrChannels', e.vrChannelId).columns.status = e.status;
        return;
      case 'vrChannel.removed':
        this.fleet.vrChannels.delete(e.uniqueId);
        return;
      case 'group.changed':
        return this.group(e.group as unknown as Row);
      case 'group.removed':
        this.fleet.groups.delete(e.groupId);
        return;
      default:
        return;
    }
  }
}

/** The fleet as the recording last saw it (see the module's comment). */
export function captureFleet(recording: Recording): CapturedFleet {
  const fold = new Fold();
  const apiBase = recording.header.proxy?.apiBase ?? '';
  for (const line of recording.lines) {
    if (line.kind === 'event') fold.event(line);
    else if (line.kind === 'answer' && line.status >= 200 && line.status < 300 && line.response !== undefined) {
      const def = callOf(line, apiBase);
      if (def) fold.answer(def, line.response);
    }
  }
  return fold.finish();
}
