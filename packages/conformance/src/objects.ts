/**
 * Discovery: which objects the user can see, found in the answers of the list calls, and how each
 * path or query parameter of the catalogue names one of them.
 *
 * Objects are kept per kind with the other objects their list call was made with (a story found
 * through an inventory's story list remembers that inventory), so a call naming two objects (an
 * inventory and one of its stories) gets a pair that belongs together.
 */

export type Kind =
  | 'unit'
  | 'smartUnit'
  | 'inventory'
  | 'group'
  | 'channel'
  | 'server'
  | 'mmhServer'
  | 'vrServer'
  | 'ingestServer'
  | 'vrChannel'
  | 'story'
  | 'user'
  | 'p2pLink'
  | 'audioRoom'
  | 'remoteAction'
  | 'softwareVersion'
  | 'upgradeJob'
  | 'upgradeBatch'
  | 'dbGateway'
  | 'organisation'
  | 'clientApplication'
  | 'modemVendor'
  | 'aiCredential'
  | 'applicationConfiguration'
  | 'streamProvider'
  | 'streamProfile'
  | 'streamMediaProfile'
  | 'geocodingProfile'
  | 'whatsNew'
  | 'systemMessage'
  | 'accessApproval'
  | 'channelFile'
  | 'modemIndex'
  | 'identifier'
  | 'targetVersion'
  | 'filePath';

/** Kinds whose objects belong to another one (a story to its inventory): resolved first, so the owner follows. */
export const DEPENDENT_KINDS: ReadonlySet<Kind> = new Set<Kind>(['story', 'targetVersion', 'filePath', 'modemIndex', 'ingestServer']);

/** How the report names a kind ("no <noun> visible to this user"). */
export const KIND_NOUN: Record<Kind, string> = {
  unit: 'unit',
  smartUnit: 'LU-Smart unit',
  inventory: 'inventory',
  group: 'group',
  channel: 'channel',
  server: 'server',
  mmhServer: 'multimedia hub server',
  vrServer: 'video return server',
  ingestServer: 'ingest server',
  vrChannel: 'video return channel',
  story: 'story',
  user: 'user',
  p2pLink: 'point-to-point link',
  audioRoom: 'audio room',
  remoteAction: 'remote action',
  softwareVersion: 'software version',
  upgradeJob: 'upgrade job',
  upgradeBatch: 'upgrade batch',
  dbGateway: 'databridge gateway',
  organisation: 'organisation',
  clientApplication: 'client application',
  modemVendor: 'modem vendor',
  aiCredential: 'AI credential',
  applicationConfiguration: 'application configuration',
  streamProvider: 'stream provider',
  streamProfile: 'stream profile',
  streamMediaProfile: 'stream media profile',
  geocodingProfile: 'geocoding profile',
  whatsNew: "what's new entry",
  systemMessage: 'system message',
  accessApproval: 'access approval',
  channelFile: 'channel file',
  modemIndex: 'modem',
  identifier: 'channel',
  targetVersion: 'upgrade target version',
  filePath: 'received channel file',
};

/** The path segment before `{param}` (or the query name) → the kind of object it names. */
const SEGMENT_KINDS: Record<string, Kind> = {
  units: 'unit',
  devices: 'unit',
  smartunit: 'smartUnit',
  inventories: 'inventory',
  inventory: 'inventory',
  groups: 'group',
  channels: 'channel',
  servers: 'server',
  mmhservers: 'mmhServer',
  vrservers: 'vrServer',
  ingestservers: 'ingestServer',
  ingestServers: 'ingestServer',
  vrChannels: 'vrChannel',
  stories: 'story',
  users: 'user',
  p2p: 'p2pLink',
  audioRooms: 'audioRoom',
  remoteActions: 'remoteAction',
  softwareVersions: 'softwareVersion',
  upgrades: 'upgradeJob',
  upgradeBatches: 'upgradeBatch',
  dbGateways: 'dbGateway',
  organisations: 'organisation',
  clientApplications: 'clientApplication',
  modemVendors: 'modemVendor',
  aiCredentials: 'aiCredential',
  applicationConfiguration: 'applicationConfiguration',
  streamProviders: 'streamProvider',
  streamProfiles: 'streamProfile',
  streamMediaProfiles: 'streamMediaProfile',
  geocodingProfiles: 'geocodingProfile',
  whatsNew: 'whatsNew',
  systemMessages: 'systemMessage',
  accessApprovals: 'accessApproval',
  modem: 'modemIndex',
  fetch_by_id: 'unit',
  enhanced: 'unit',
};

const NAME_KINDS: Record<string, Kind> = {
  inventoryId: 'inventory',
  inventoryUid: 'inventory',
  inventory: 'inventory',
  storyId: 'story',
  groupId: 'group',
  groupUid: 'group',
  group: 'group',
  unitId: 'unit',
  unitIds: 'unit',
  machineUid: 'unit',
  deviceId: 'unit',
  serverId: 'ingestServer',
  channelId: 'channel',
  ids: 'channel',
  fileId: 'channelFile',
  identifier: 'identifier',
  providerId: 'streamProvider',
  organisationId: 'organisation',
  targetVersion: 'targetVersion',
  filePath: 'filePath',
};

/** The kind of object a path parameter names, from its name and the segment before it. */
export function kindOfPathParam(path: string, name: string): Kind | null {
  const byName = NAME_KINDS[name];
  if (byName && name !== 'groupId' && name !== 'serverId') return byName;
  const m = new RegExp(`/([^/{}]+)/\\{${name}\\}`).exec(path);
  const segment = m?.[1];
  if (segment && SEGMENT_KINDS[segment]) return SEGMENT_KINDS[segment] ?? null;
  return byName ?? null;
}

/** The kind of object a query parameter names (only required ones are filled). */
export function kindOfQueryParam(name: string): Kind | null {
  return NAME_KINDS[name] ?? null;
}

export interface Found {
  id: string;
  /** The objects the list call was made with, by kind. */
  context: Partial<Record<Kind, string>>;
  item: Record<string, unknown>;
}

/** Where a list call's answer holds objects of a kind: the array (`.` = the answer itself) and the id field. */
interface HarvestRule {
  list: string;
  kind: Kind;
  /** The id field, or how to make the id from the item. */
  id: string | ((item: Record<string, unknown>) => unknown);
  filter?: (item: Record<string, unknown>) => boolean;
  /** Objects the item itself names (a file's channel). */
  owners?: (item: Record<string, unknown>) => Partial<Record<Kind, string>>;
}

const isSmart = (i: Record<string, unknown>): boolean => /smart/i.test(String(i.type ?? i.productType ?? ''));
const serverType =
  (t: string) =>
  (i: Record<string, unknown>): boolean =>
    String(i.serverType ?? i.type ?? '') === t;

const HARVEST: Record<string, HarvestRule[]> = {
  fetchDevices: [
    { list: '.', kind: 'unit', id: 'uniqueId' },
    { list: '.', kind: 'smartUnit', id: 'uniqueId', filter: isSmart },
  ],
  searchAdminUnits: [
    { list: 'items', kind: 'unit', id: 'id' },
    { list: 'items', kind: 'smartUnit', id: 'id', filter: isSmart },
  ],
  getCurrentUser: [
    { list: 'inventories', kind: 'inventory', id: 'id' },
    { list: 'groups', kind: 'group', id: 'id' },
  ],
  searchAdminInventories: [{ list: 'items', kind: 'inventory', id: 'id' }],
  fetchGroups: [{ list: '.', kind: 'group', id: 'id' }],
  searchAdminGroups: [{ list: 'items', kind: 'group', id: 'id' }],
  fetchChannels: [
    { list: 'channels', kind: 'channel', id: 'channelId' },
    { list: 'channels', kind: 'server', id: 'serverId' },
    { list: 'channels', kind: 'identifier', id: 'channelId' },
  ],
  searchAdminChannels: [{ list: 'items', kind: 'channel', id: 'id' }],
  searchAdminServers: [
    { list: 'items', kind: 'server', id: 'id' },
    { list: 'items', kind: 'mmhServer', id: 'id', filter: serverType('mmh_server') },
    { list: 'items', kind: 'vrServer', id: 'id', filter: serverType('vr_server') },
    { list: 'items', kind: 'ingestServer', id: 'id', filter: serverType('ingest_server') },
  ],
  getServer: [
    { list: '.', kind: 'mmhServer', id: 'id', filter: serverType('mmh_server') },
    { list: '.', kind: 'vrServer', id: 'id', filter: serverType('vr_server') },
    { list: '.', kind: 'ingestServer', id: 'id', filter: serverType('ingest_server') },
  ],
  getInventoryIngestServers: [
    { list: '.', kind: 'ingestServer', id: 'id' },
    { list: 'servers', kind: 'ingestServer', id: 'id' },
    { list: 'items', kind: 'ingestServer', id: 'id' },
  ],
  searchAdminVrChannels: [
    { list: 'items', kind: 'vrChannel', id: 'uniqueId' },
    { list: 'items', kind: 'vrChannel', id: 'id' },
  ],
  listGroupVrChannels: [
    { list: '.', kind: 'vrChannel', id: 'uniqueId' },
    { list: 'channels', kind: 'vrChannel', id: 'uniqueId' },
    { list: 'items', kind: 'vrChannel', id: 'uniqueId' },
  ],
  listAdminInventoryVrChannels: [{ list: 'items', kind: 'vrChannel', id: 'uniqueId' }],
  listInventoryStories: [
    { list: 'items', kind: 'story', id: 'id' },
    { list: 'stories', kind: 'story', id: 'id' },
  ],
  searchUsers: [{ list: 'items', kind: 'user', id: 'id' }],
  listInventoryAudioRooms: [{ list: 'items', kind: 'audioRoom', id: 'id' }],
  listRemoteActions: [{ list: 'items', kind: 'remoteAction', id: 'id' }],
  listSoftwareVersions: [{ list: 'items', kind: 'softwareVersion', id: 'id' }],
  listUnitUpgrades: [{ list: 'items', kind: 'upgradeJob', id: 'id' }],
  listServerUpgrades: [{ list: 'items', kind: 'upgradeJob', id: 'id' }],
  listUpgradeBatches: [{ list: 'items', kind: 'upgradeBatch', id: 'id' }],
  searchAdminDbGateways: [{ list: 'items', kind: 'dbGateway', id: 'id' }],
  searchOrganisations: [{ list: 'items', kind: 'organisation', id: 'id' }],
  searchClientApplications: [{ list: 'items', kind: 'clientApplication', id: 'id' }],
  searchModemVendors: [{ list: 'items', kind: 'modemVendor', id: 'id' }],
  searchAiCredentials: [{ list: 'items', kind: 'aiCredential', id: 'id' }],
  searchApplicationConfiguration: [{ list: 'items', kind: 'applicationConfiguration', id: 'id' }],
  listStreamProviders: [{ list: 'items', kind: 'streamProvider', id: 'id' }],
  listStreamProfiles: [{ list: 'items', kind: 'streamProfile', id: 'id' }],
  listStreamMediaProfiles: [{ list: 'items', kind: 'streamMediaProfile', id: 'id' }],
  listGeocodingProfiles: [{ list: 'items', kind: 'geocodingProfile', id: 'id' }],
  listAdminWhatsNew: [{ list: 'items', kind: 'whatsNew', id: 'id' }],
  listSystemMessages: [{ list: 'items', kind: 'systemMessage', id: 'id' }],
  listAccessApprovals: [{ list: 'items', kind: 'accessApproval', id: 'id' }],
  fetchChannelFiles: [
    { list: 'items', kind: 'channelFile', id: 'id' },
    {
      list: 'items',
      kind: 'filePath',
      id: (i) => (typeof i.rootDirectory === 'string' && typeof i.fileName === 'string' ? `${i.rootDirectory}/${i.fileName}` : undefined),
      owners: (i) => (typeof i.channelId === 'string' ? { channel: i.channelId } : {}),
    },
  ],
  getUnitUpgradeTargets: [{ list: 'targets', kind: 'targetVersion', id: 'number' }],
  getServerUpgradeTargets: [{ list: 'targets', kind: 'targetVersion', id: 'number' }],
  getDeviceModems: [
    { list: 'modems', kind: 'modemIndex', id: 'index' },
    { list: '.', kind: 'modemIndex', id: 'index' },
  ],
};

/** The calls whose answers hold objects of some kind (discovery runs them whatever --only says). */
export const DISCOVERY_CALLS: ReadonlySet<string> = new Set(Object.keys(HARVEST));

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The objects of every kind that one answer of a call names. */
export function harvest(callId: string, body: unknown, context: Partial<Record<Kind, string>>): { kind: Kind; found: Found }[] {
  const out: { kind: Kind; found: Found }[] = [];
  for (const rule of HARVEST[callId] ?? []) {
    let items: unknown[];
    if (rule.list === '.') items = Array.isArray(body) ? body : isRecord(body) ? [body] : [];
    else if (isRecord(body) && Array.isArray(body[rule.list])) items = body[rule.list] as unknown[];
    else continue;
    for (const item of items) {
      if (!isRecord(item)) continue;
      const id = typeof rule.id === 'function' ? rule.id(item) : item[rule.id];
      if ((typeof id !== 'string' || id === '') && typeof id !== 'number') continue;
      if (rule.filter && !rule.filter(item)) continue;
      out.push({ kind: rule.kind, found: { id: String(id), context: { ...context, ...rule.owners?.(item) }, item } });
    }
  }
  return out;
}

/** The objects found so far, per kind, in the order found, without duplicates. */
export class ObjectPool {
  private readonly byKind = new Map<Kind, Found[]>();

  add(kind: Kind, found: Found): boolean {
    const list = this.byKind.get(kind) ?? [];
    const same = list.find((f) => f.id === found.id);
    if (same) {
      // Keep the richest context (a story's inventory).
      if (Object.keys(found.context).length > Object.keys(same.context).length) same.context = found.context;
      return false;
    }
    list.push(found);
    this.byKind.set(kind, list);
    return true;
  }

  addAll(found: readonly { kind: Kind; found: Found }[]): number {
    let n = 0;
    for (const f of found) if (this.add(f.kind, f.found)) n++;
    return n;
  }

  get(kind: Kind): readonly Found[] {
    return this.byKind.get(kind) ?? [];
  }

  size(): number {
    let n = 0;
    for (const l of this.byKind.values()) n += l.length;
    return n;
  }
}
