/**
 * What a recording saw of the fleet (pure: no storage), for an import into the mock
 * (mock/fleet-import.ts): every inventory, group, unit, server, channel and video return
 * channel its REST answers and /ws events show, each as the recording last saw it.
 *
 * A recording made through the CLI's proxy holds the REST exchanges (`answer` lines). An answer
 * counts when it is a 2xx of a catalogue call whose answer is one of the fleet's objects (a unit's
 * summary or detail, the unit list, the channel list, a server, a page of servers, groups or
 * inventories, the signed-in user's groups and inventories, a group's video return channels).
 * Events count as they change what they carry: `unit.status` a unit's status and applications,
 * `unit.telemetry` its battery, location, links, camera and bitrate, the `*.status` events a
 * server's, channel's or video return channel's status, the `*.changed` and `unit.updated` events
 * the whole object; a `*.removed` one drops it. Lines are taken in order: the last word on a field
 * stands. Values the recording does not know are left out (an import keeps what the mock has), and
 * so is every secret the recording left out (`[redacted]`). An object only a status event named has
 * no name here: an import changes it where the mock has it and makes nothing new of it.
 */
import {
  AdminInventory,
  AdminInventoryPage,
  AdminServerPage,
  AdminVrChannelPage,
  catalogue,
  ChannelList,
  CurrentUser,
  ENDPOINT_IDS,
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
  type RecordedAnswer,
  type RecordedEvent,
} from '@fleet/contracts';
import { REDACTED } from '@fleet/contracts/recording-file';
import { z } from 'zod';

/** The kinds of object an import builds. */
export type CapturedKind = 'inventory' | 'group' | 'unit' | 'server' | 'channel' | 'vrChannel';

/** One object as the recording last saw it: its stored columns, and its memberships where shown. */
export interface CapturedObject {
  id: string;
  /** Column → value (only what the recording showed). */
  columns: Record<string, unknown>;
  inventoryIds?: string[];
  groupIds?: string[];
}

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
}

// ── Answers → objects ──────────────────────────────────────────────────────────────────────────

type Row = Record<string, unknown>;
const isRow = (v: unknown): v is Row => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** A value a column may take (a secret the recording left out is none). */
const known = (v: unknown): boolean => v !== undefined && v !== REDACTED;

type ColumnKind = 'string' | 'string?' | 'int' | 'int?' | 'bool' | 'json' | 'date?';

function fits(kind: ColumnKind, v: unknown): boolean {
  switch (kind) {
    case 'string':
      return typeof v === 'string';
    case 'string?':
      return v === null || typeof v === 'string';
    case 'int':
      return Number.isInteger(v);
    case 'int?':
      return v === null || Number.isInteger(v);
    case 'bool':
      return typeof v === 'boolean';
    case 'json':
      return v !== null && typeof v === 'object';
    case 'date?':
      return v === null || (typeof v === 'string' && !Number.isNaN(Date.parse(v)));
  }
}

/** Answer fields → stored columns, per kind (a field named like its column is listed with its own name). */
type ColumnMap = Record<string, readonly [column: string, kind: ColumnKind]>;
const same = (kind: ColumnKind, ...names: string[]): ColumnMap => Object.fromEntries(names.map((n) => [n, [n, kind] as const]));

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
  ...same('json', 'serverUsage'),
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

function columnsOf(row: Row, map: ColumnMap): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, [column, kind]] of Object.entries(map)) {
    const v = row[field];
    if (known(v) && fits(kind, v)) out[column] = v;
  }
  return out;
}

const ids = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined);

/** A recorded `answer` line's path as a catalogue path: after the core's REST prefix, without its query. */
function callPath(path: string, apiBase: string): string | null {
  const bare = path.split('?')[0] ?? '';
  const base = apiBase.replace(/\/$/, '');
  if (base !== '' && !(bare === base || bare.startsWith(`${base}/`))) return null;
  return bare.slice(base.length) || '/';
}

interface Route {
  method: string;
  pattern: RegExp;
  params: number;
  def: EndpointDef;
}

/** The catalogue's calls as path patterns, fixed paths before those with parameters. */
const ROUTES: Route[] = ENDPOINT_IDS.map((id) => {
  const def: EndpointDef = catalogue[id];
  const params = (def.path.match(/\{\w+\}/g) ?? []).length;
  const source = def.path
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return { method: def.method, pattern: new RegExp(`^${source}$`), params, def };
}).sort((a, b) => a.params - b.params);

/** The catalogue call an answer line answered, or null. */
export function callOf(line: Pick<RecordedAnswer, 'method' | 'path'>, apiBase: string): EndpointDef | null {
  const path = callPath(line.path, apiBase);
  if (path === null) return null;
  return ROUTES.find((r) => r.method === line.method && r.pattern.test(path))?.def ?? null;
}

// ── The fold ───────────────────────────────────────────────────────────────────────────────────

class Fold {
  readonly fleet: CapturedFleet = {
    inventories: new Map(),
    groups: new Map(),
    units: new Map(),
    servers: new Map(),
    channels: new Map(),
    vrChannels: new Map(),
  };

  private object<K extends Exclude<keyof CapturedFleet, 'units'>>(table: K, id: string): CapturedObject {
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

  /** A 2xx answer of a catalogue call: the objects it shows. */
  answer(def: EndpointDef, response: unknown): void {
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
  return fold.fleet;
}
