/**
 * The role matrix: every call of the endpoint catalogue × every role, on the real core with the
 * real simulator.
 *
 * - A role outside the declaration's roles gets 403 FORBIDDEN.
 * - A role inside it succeeds: the declared success status, on a valid request (the example of
 *   tests/support/catalogue-examples.ts) for objects in its scope. Each role works on objects of its
 *   own — a unit with a simulated device, a hub and channel, channel files, recorded files, stories,
 *   an invitation — so one role's shutdown, deletion or edit decides nothing for another; roles run
 *   side by side. The only exceptions are written down below: refusals by a rule finer than roles
 *   (REFUSED_BY_RULE) and defects of the core not fixed yet (KNOWN_DEFECTS), each with its reason.
 * - Object-level access: for every call, each object the example names (unit, hub, channel,
 *   channel file, story, inventory, group, video return channel, invitation) is swapped, for a
 *   non-global caller, for an object outside their inventories and groups and for one that does
 *   not exist: both answers are the same (404 NOT_FOUND for units), and nothing in the database
 *   changes.
 *
 * Full matrix on SQLite; the scope check and four representative roles on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  catalogue,
  ENDPOINT_IDS,
  GLOBAL_SCOPE_ROLES,
  ROLES,
  SERVICES,
  type EndpointDef,
  type EndpointId,
  type Role,
  type UnitApplicationKey,
  type UnitDetail,
  type UnitFault,
} from '@fleet/contracts';
import { EXAMPLES, type ExampleInput, type Refs, type World } from '../support/catalogue-examples.js';
import { describeChanges, readAllTables } from '../support/db-snapshot.js';
import { covers, devicesSettled, eventually, FAST_TIMINGS, pgUrl, startTestStack, type TestStack } from '../support/stack.js';
import { streamSettingIds } from '../support/examples/stream-setting-ids.js';

/** Device timings short enough for a matrix of starts, stops and reboots. */
const TIMINGS = {
  ...FAST_TIMINGS,
  // Telemetry once a second: no row reads it faster, and 40 devices at 10 Hz would slow every request.
  telemetryIntervalMs: 1000,
  // Starts and stops pass through connecting / disconnecting quickly: rows wait for them.
  streamStartMs: [10, 20],
  streamStopMs: [10, 20],
  rebootMs: [100, 150],
  linkToggleMs: [60, 100],
  networkScanMs: [100, 150],
  operatorSwitchMs: [60, 100],
  speedTestMs: 200,
  settingApplyMs: [60, 100],
  // Links drop only when a row asks: a spontaneous drop of one of the unit's two modems made the
  // cellular scan's row answer CELLULAR_SCAN_ONE_MODEM now and then (the rule is right, the row's
  // unit was not the healthy one it assumes).
  spontaneousLinkEvents: false,
} as const;

// ── exceptions, each with its reason ───────────────────────────────────────────────────────────

/**
 * Refusals by a rule of the spec finer than roles: the role may make the call, but this user may
 * not (the answer is exactly this 403). Keyed by endpoint id.
 */
const REFUSED_BY_RULE: Partial<Record<EndpointId, { role: Role; code: string; why: string }[]>> = {
  deleteUnitFiles: [
    {
      role: 'luc_read',
      code: 'READ_ONLY_FILE_DELETE',
      why: '000 §5 "Deleting uploaded files is not allowed for read-only users" (the role is admitted to get that message)',
    },
  ],
  startFetchLogs: [
    {
      role: 'luc_partner',
      code: 'SUPPORT_CASE_NO_EMAIL',
      why: '000 §5 users without an e-mail address cannot open a support case (the seeded luc_partner has none)',
    },
  ],
};

/**
 * Defects of the core this matrix found and that are not fixed yet: an admitted role's valid
 * request that fails. Each entry must still fail (a fixed defect must leave this list).
 */
const KNOWN_DEFECTS: Partial<Record<EndpointId, { roles?: readonly Role[]; why: string }>> = {};

// ── the objects of each role ───────────────────────────────────────────────────────────────────

const SHARED = {
  inventory: 'inv-global',
  group: 'grp-newsroom',
  extraGroup: 'grp-field-crews',
  extraInventory: 'inv-global-sports',
  smartUnit: 'LUSMART-0001',
  vrChannel: 'VRC-0001',
  vrServer: 'VRS-0001',
  ingestServer: 'ING-0001',
  gateway: 'dbg-0001',
  logsChannel: 'MMH-0001-CH1',
  inputChannel: 'MMH-0001-CH4',
} as const;

/** The group every role's device joins (POST groups/join) with its permanent key: one no other example changes. */
const JOIN_GROUP = 'grp-studio';
const JOIN_KEY = 'MATRIXJN';

/** Objects outside every non-global user's inventories and groups (Metro-TV), set up once. */
const HIDDEN = {
  unit: 'LU800-0005',
  server: 'MMH-0002',
  smartUnit: 'LUSMART-0003',
  channel: 'MMH-0002-CH1',
  channelFile: 'chf-matrix-hidden',
  channelFilePath: '/storage/received/matrix-hidden.mp4',
  story: 'sty-matrix-hidden',
  inventory: 'inv-metro',
  group: 'grp-metro-live',
  vrChannel: 'VRC-0004',
  invitation: 'ivt-matrix-hidden',
  p2pLink: 'p2p-matrix-hidden',
  audioRoom: 'aud-0003',
  usageProfile: 'usp-matrix-hidden',
  publisher: 'pub-matrix-hidden',
  shareLink: 'shl-matrix-hidden',
  subscriberFolder: 'sfd-matrix-hidden',
  subscriber: 'sub-matrix-hidden',
  user: 'usr-matrix-hidden',
  remoteAction: 'ra-matrix-hidden',
  softwareVersion: 'swv-matrix-hidden',
  upgradeJob: 'upj-matrix-hidden',
} as const;

/** Objects that do not exist (ids the schemas accept). */
const MISSING = {
  unit: 'NO-SUCH-UNIT',
  server: 'NO-SUCH-HUB',
  channel: 'NO-SUCH-CHANNEL',
  channelFile: 'chf-no-such',
  story: 'sty-no-such',
  inventory: 'inv-no-such',
  group: 'grp-no-such',
  vrChannel: 'VRC-NO-SUCH',
  invitation: 'ivt-no-such',
  p2pLink: 'p2p-no-such',
  audioRoom: 'aud-no-such',
  usageProfile: 'usp-no-such',
  publisher: 'pub-no-such',
  subscriberFolder: 'sfd-no-such',
  subscriber: 'sub-no-such',
  user: 'usr-no-such',
  remoteAction: 'ra-no-such',
  softwareVersion: 'swv-no-such',
  upgradeJob: 'upj-no-such',
} as const;

type ObjectKind =
  | 'unit'
  | 'server'
  | 'channel'
  | 'channel file'
  | 'story'
  | 'inventory'
  | 'group'
  | 'video return channel'
  | 'invitation'
  | 'p2p link'
  | 'audio room'
  | 'user'
  | 'software version'
  | 'publisher'
  | 'subscriber folder'
  | 'subscriber'
  | 'usage profile';

/**
 * For each ref that names an object in someone's scope: its kind, and the refs that put an
 * out-of-scope object (kept coherent: a Metro-TV story comes with its inventory, a Metro-TV channel
 * with the path of a file on it) or a missing one in its place.
 */
const OUT_OF_SCOPE: Partial<Record<keyof Refs, { kind: ObjectKind; hidden: Partial<Refs>; missing: Partial<Refs> }>> = {
  unit: { kind: 'unit', hidden: { unit: HIDDEN.unit }, missing: { unit: MISSING.unit } },
  spareUnit: { kind: 'unit', hidden: { spareUnit: HIDDEN.unit }, missing: { spareUnit: MISSING.unit } },
  deregisterUnit: { kind: 'unit', hidden: { deregisterUnit: HIDDEN.unit }, missing: { deregisterUnit: MISSING.unit } },
  smartUnit: { kind: 'unit', hidden: { smartUnit: HIDDEN.smartUnit }, missing: { smartUnit: MISSING.unit } },
  server: { kind: 'server', hidden: { server: HIDDEN.server }, missing: { server: MISSING.server } },
  channel: { kind: 'channel', hidden: { channel: HIDDEN.channel }, missing: { channel: MISSING.channel } },
  fileChannel: { kind: 'channel', hidden: { fileChannel: HIDDEN.channel, channelFilePath: HIDDEN.channelFilePath }, missing: { fileChannel: MISSING.channel } },
  proxyChannel: { kind: 'channel', hidden: { proxyChannel: HIDDEN.channel }, missing: { proxyChannel: MISSING.channel } },
  spareChannel: { kind: 'channel', hidden: { spareChannel: HIDDEN.channel }, missing: { spareChannel: MISSING.channel } },
  logsChannel: { kind: 'channel', hidden: { logsChannel: HIDDEN.channel }, missing: { logsChannel: MISSING.channel } },
  inputChannel: { kind: 'channel', hidden: { inputChannel: HIDDEN.channel }, missing: { inputChannel: MISSING.channel } },
  channelFile: { kind: 'channel file', hidden: { channelFile: HIDDEN.channelFile }, missing: { channelFile: MISSING.channelFile } },
  renameFile: { kind: 'channel file', hidden: { renameFile: HIDDEN.channelFile }, missing: { renameFile: MISSING.channelFile } },
  removeFile: { kind: 'channel file', hidden: { removeFile: HIDDEN.channelFile }, missing: { removeFile: MISSING.channelFile } },
  story: { kind: 'story', hidden: { story: HIDDEN.story }, missing: { story: MISSING.story } },
  deleteStory: { kind: 'story', hidden: { deleteStory: HIDDEN.story }, missing: { deleteStory: MISSING.story } },
  inventory: {
    kind: 'inventory',
    hidden: { inventory: HIDDEN.inventory, story: HIDDEN.story, deleteStory: HIDDEN.story },
    missing: { inventory: MISSING.inventory },
  },
  extraInventory: { kind: 'inventory', hidden: { extraInventory: HIDDEN.inventory }, missing: { extraInventory: MISSING.inventory } },
  adminInventory: { kind: 'inventory', hidden: { adminInventory: HIDDEN.inventory }, missing: { adminInventory: MISSING.inventory } },
  deleteInventory: { kind: 'inventory', hidden: { deleteInventory: HIDDEN.inventory }, missing: { deleteInventory: MISSING.inventory } },
  group: { kind: 'group', hidden: { group: HIDDEN.group, invitation: HIDDEN.invitation }, missing: { group: MISSING.group } },
  extraGroup: { kind: 'group', hidden: { extraGroup: HIDDEN.group }, missing: { extraGroup: MISSING.group } },
  vrChannel: { kind: 'video return channel', hidden: { vrChannel: HIDDEN.vrChannel }, missing: { vrChannel: MISSING.vrChannel } },
  deleteVrChannel: { kind: 'video return channel', hidden: { deleteVrChannel: HIDDEN.vrChannel }, missing: { deleteVrChannel: MISSING.vrChannel } },
  ownGroup: { kind: 'group', hidden: { ownGroup: HIDDEN.group }, missing: { ownGroup: MISSING.group } },
  deleteGroup: { kind: 'group', hidden: { deleteGroup: HIDDEN.group }, missing: { deleteGroup: MISSING.group } },
  removeGroup: { kind: 'group', hidden: { removeGroup: HIDDEN.group }, missing: { removeGroup: MISSING.group } },
  p2pLink: { kind: 'p2p link', hidden: { p2pLink: HIDDEN.p2pLink }, missing: { p2pLink: MISSING.p2pLink } },
  deleteP2pLink: { kind: 'p2p link', hidden: { deleteP2pLink: HIDDEN.p2pLink }, missing: { deleteP2pLink: MISSING.p2pLink } },
  audioRoom: { kind: 'audio room', hidden: { audioRoom: HIDDEN.audioRoom }, missing: { audioRoom: MISSING.audioRoom } },
  deleteAudioRoom: { kind: 'audio room', hidden: { deleteAudioRoom: HIDDEN.audioRoom }, missing: { deleteAudioRoom: MISSING.audioRoom } },
  usageProfile: { kind: 'usage profile', hidden: { usageProfile: HIDDEN.usageProfile }, missing: { usageProfile: MISSING.usageProfile } },
  deleteUsageProfile: { kind: 'usage profile', hidden: { deleteUsageProfile: HIDDEN.usageProfile }, missing: { deleteUsageProfile: MISSING.usageProfile } },
  publisher: { kind: 'publisher', hidden: { publisher: HIDDEN.publisher, shareLink: HIDDEN.shareLink }, missing: { publisher: MISSING.publisher } },
  deletePublisher: { kind: 'publisher', hidden: { deletePublisher: HIDDEN.publisher }, missing: { deletePublisher: MISSING.publisher } },
  subscriberFolder: {
    kind: 'subscriber folder',
    hidden: { subscriberFolder: HIDDEN.subscriberFolder },
    missing: { subscriberFolder: MISSING.subscriberFolder },
  },
  deleteSubscriberFolder: {
    kind: 'subscriber folder',
    hidden: { deleteSubscriberFolder: HIDDEN.subscriberFolder },
    missing: { deleteSubscriberFolder: MISSING.subscriberFolder },
  },
  subscriber: { kind: 'subscriber', hidden: { subscriber: HIDDEN.subscriber }, missing: { subscriber: MISSING.subscriber } },
  deleteSubscriber: { kind: 'subscriber', hidden: { deleteSubscriber: HIDDEN.subscriber }, missing: { deleteSubscriber: MISSING.subscriber } },
  invitation: { kind: 'invitation', hidden: { invitation: HIDDEN.invitation }, missing: { invitation: MISSING.invitation } },
  user: { kind: 'user', hidden: { user: HIDDEN.user }, missing: { user: MISSING.user } },
  deleteUser: { kind: 'user', hidden: { deleteUser: HIDDEN.user }, missing: { deleteUser: MISSING.user } },
  // A remote action is in scope through its unit.
  remoteAction: { kind: 'unit', hidden: { remoteAction: HIDDEN.remoteAction }, missing: { remoteAction: MISSING.remoteAction } },
  // A software version is in scope when it is available to one of the caller's inventories (the hidden one: Metro-TV's only).
  softwareVersion: { kind: 'software version', hidden: { softwareVersion: HIDDEN.softwareVersion }, missing: { softwareVersion: MISSING.softwareVersion } },
  deleteSoftwareVersion: {
    kind: 'software version',
    hidden: { deleteSoftwareVersion: HIDDEN.softwareVersion },
    missing: { deleteSoftwareVersion: MISSING.softwareVersion },
  },
  // Upgrades are in scope through their device.
  upgradeUnit: { kind: 'unit', hidden: { upgradeUnit: HIDDEN.unit }, missing: { upgradeUnit: MISSING.unit } },
  upgradeServer: { kind: 'server', hidden: { upgradeServer: HIDDEN.server }, missing: { upgradeServer: MISSING.server } },
  upgradeJob: { kind: 'unit', hidden: { upgradeJob: HIDDEN.upgradeJob }, missing: { upgradeJob: MISSING.upgradeJob } },
};

const slug = (role: Role) => role.replace(/_/g, '-');
const refsOf = (role: Role): Refs => ({
  ...SHARED,
  unit: `MATRIX-${slug(role).toUpperCase()}`,
  spareUnit: `MATRIX-${slug(role).toUpperCase()}-SPARE`,
  deregisterUnit: `MATRIX-${slug(role).toUpperCase()}-DEREG`,
  server: `MATRIX-HUB-${slug(role).toUpperCase()}`,
  channel: `MATRIX-HUB-${slug(role).toUpperCase()}-CH1`,
  proxyChannel: `MATRIX-HUB-${slug(role).toUpperCase()}-CH2`,
  spareChannel: `MATRIX-HUB-${slug(role).toUpperCase()}-CH3`,
  fileChannel: `MATRIX-HUB-${slug(role).toUpperCase()}-CH4`,
  channelFile: `chf-matrix-${slug(role)}`,
  channelFilePath: `/storage/received/matrix-${slug(role)}.mp4`,
  renameFile: `chf-matrix-${slug(role)}-rename`,
  removeFile: `chf-matrix-${slug(role)}-remove`,
  recordedPath: `/media/sd/matrix_up.mp4`,
  deletePath: `/media/sd/matrix_del.mp4`,
  story: `sty-matrix-${slug(role)}`,
  deleteStory: `sty-matrix-${slug(role)}-delete`,
  invitation: `ivt-matrix-${slug(role)}`,
  deleteVrChannel: `VRC-MATRIX-${slug(role).toUpperCase()}`,
  adminInventory: `inv-matrix-${slug(role)}`,
  deleteInventory: `inv-matrix-${slug(role)}-delete`,
  p2pLink: `p2p-matrix-${slug(role)}`,
  deleteP2pLink: `p2p-matrix-${slug(role)}-delete`,
  audioRoom: `aud-matrix-${slug(role)}`,
  deleteAudioRoom: `aud-matrix-${slug(role)}-delete`,
  publisher: `pub-matrix-${slug(role)}`,
  deletePublisher: `pub-matrix-${slug(role)}-delete`,
  shareLink: `shl-matrix-${slug(role)}`,
  subscriberFolder: `sfd-matrix-${slug(role)}`,
  deleteSubscriberFolder: `sfd-matrix-${slug(role)}-delete`,
  subscriber: `sub-matrix-${slug(role)}`,
  deleteSubscriber: `sub-matrix-${slug(role)}-delete`,
  usageProfile: `usp-matrix-${slug(role)}`,
  deleteUsageProfile: `usp-matrix-${slug(role)}-delete`,
  graphicsApp: `app-matrix-${slug(role)}`,
  ownGroup: `grp-matrix-${slug(role)}`,
  deleteGroup: `grp-matrix-${slug(role)}-delete`,
  removeGroup: `grp-matrix-${slug(role)}-remove`,
  user: `usr-matrix-${slug(role)}`,
  deleteUser: `usr-matrix-${slug(role)}-delete`,
  remoteAction: `ra-matrix-${slug(role)}`,
  softwareVersion: `swv-matrix-${slug(role)}`,
  deleteSoftwareVersion: `swv-matrix-${slug(role)}-delete`,
  upgradeUnit: `MATRIX-${slug(role).toUpperCase()}-UPG`,
  upgradeServer: `MATRIX-UPG-HUB-${slug(role).toUpperCase()}`,
  upgradeJob: `upj-matrix-${slug(role)}`,
  upgradeBatch: 'ubt-matrix',
  adminServer: `srv-matrix-${slug(role)}-admin`,
  deleteAdminServer: `srv-matrix-${slug(role)}-delete`,
  dbGateway: `dbg-matrix-${slug(role)}`,
  deleteDbGateway: `dbg-matrix-${slug(role)}-delete`,
  whatsNew: `wnw-matrix-${slug(role)}`,
  deleteWhatsNew: `wnw-matrix-${slug(role)}-delete`,
  systemMessage: `ntf-matrix-${slug(role)}`,
  deleteSystemMessage: `ntf-matrix-${slug(role)}-delete`,
  accessApproval: `acc-matrix-${slug(role)}`,
  revokeAccessApproval: `acc-matrix-${slug(role)}-revoke`,
  organisation: `org-matrix-${slug(role)}`,
  deleteOrganisation: `org-matrix-${slug(role)}-delete`,
  clientApplication: `cap-matrix-${slug(role)}`,
  deleteClientApplication: `cap-matrix-${slug(role)}-delete`,
  modemVendor: `mvd-matrix-${slug(role)}`,
  deleteModemVendor: `mvd-matrix-${slug(role)}-delete`,
  aiCredential: `aic-matrix-${slug(role)}`,
  deleteAiCredential: `aic-matrix-${slug(role)}-delete`,
  appConfiguration: `cfg-matrix-${slug(role)}`,
  deleteAppConfiguration: `cfg-matrix-${slug(role)}-delete`,
});

/** A world for building inputs only: no set-up, versions read as 0. */
function inputWorld(role: Role, refs: Refs = refsOf(role)): World {
  const none = () => Promise.reject(new Error('no set-up while only building a request'));
  return {
    role,
    refs,
    idle: none,
    linksUp: none,
    running: none,
    unitInInventory: none,
    unitInGroup: none,
    storyHasUnit: none,
    unitHasService: none,
    channelFilePlaying: none,
    logsChannelFree: none,
    channelFree: none,
    serverOnline: none,
    streamingDestination: none,
    beforeRestart: none,
    restarted: none,
    storyVersion: () => Promise.resolve(0),
    storyIntegrationVersion: () => Promise.resolve(0),
    groupVersion: () => Promise.resolve(0),
    groupAlertsVersion: () => Promise.resolve(0),
    joinCode: () => Promise.resolve(JOIN_KEY),
  };
}

/** The same world with other refs (an object swapped for one out of scope or missing). */
function withRefs(world: World, refs: Refs): World {
  return Object.assign(Object.create(world) as World, { refs });
}

/** Which refs an example reads (recorded through a proxy). */
async function refsUsedBy(id: EndpointId, role: Role): Promise<(keyof Refs)[]> {
  const used = new Set<keyof Refs>();
  const proxy = new Proxy(refsOf(role), {
    get(target, key: string | symbol) {
      if (typeof key === 'string' && key in target) used.add(key as keyof Refs);
      return Reflect.get(target, key);
    },
  });
  await exampleInput(id, proxy, inputWorld(role, proxy));
  return [...used];
}

// ── requests ───────────────────────────────────────────────────────────────────────────────────

interface Answer {
  status: number;
  code: string | undefined;
  body: string;
}

interface Built {
  method: EndpointDef['method'];
  url: string;
  body: unknown;
}

/** An example's input as the wire sees it (whatever the call). */
interface WireInput {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The example input of one call. */
async function exampleInput(id: EndpointId, refs: Refs, world: World): Promise<WireInput> {
  // Each entry's input fits its own call; indexed by a union of ids, TypeScript sees a union of
  // functions it cannot call, so the entry is read through the shape every input shares.
  const example = EXAMPLES[id] as unknown as { input(r: Refs, w: World): ExampleInput<EndpointId> | Promise<ExampleInput<EndpointId>> };
  return (await example.input(refs, world)) as WireInput;
}

/** The wire request of an example (path parameters filled, query as strings, JSON body). */
function toRequest(id: EndpointId, parts: WireInput): Built {
  const def: EndpointDef = catalogue[id];
  const query = Object.entries(parts.query ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, String(v)]);
  const qs = query.length > 0 ? `?${new URLSearchParams(query).toString()}` : '';
  return { method: def.method, url: `/api${buildPath(def.path, parts.params)}${qs}`, body: parts.body };
}

/** Whether an example fits its declaration's schemas (wire form of the query included). */
function fitsSchemas(id: EndpointId, parts: WireInput): string | null {
  const def: EndpointDef = catalogue[id];
  if (def.params && !def.params.safeParse(Object.fromEntries(Object.entries(parts.params ?? {}).map(([k, v]) => [k, String(v)]))).success) return 'params';
  if (def.query && !def.query.safeParse(Object.fromEntries(Object.entries(parts.query ?? {}).map(([k, v]) => [k, String(v)]))).success) return 'query';
  if (def.body && !def.body.safeParse(parts.body).success) return 'body';
  if (!def.body && parts.body !== undefined) return 'body (none declared)';
  return null;
}

async function send(s: TestStack, cookie: string, req: Built): Promise<Answer> {
  const res = await s.app.inject({ method: req.method, url: req.url, headers: { cookie }, ...(req.body === undefined ? {} : { payload: req.body as object }) });
  let code: string | undefined;
  try {
    code = (res.json() as { error?: { code?: string } }).error?.code;
  } catch {
    code = undefined;
  }
  return { status: res.statusCode, code, body: res.body };
}

// ── each role's world ──────────────────────────────────────────────────────────────────────────

/** Roles take turns on rows every role shares (examples marked `exclusive`). */
class Turns {
  private tail: Promise<void> = Promise.resolve();
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const prev = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((r) => (release = r));
    await prev;
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

class RoleWorld implements World {
  readonly refs: Refs;
  constructor(
    private readonly s: TestStack,
    readonly role: Role,
    private readonly observer: string,
  ) {
    this.refs = refsOf(role);
  }

  private get db() {
    return this.s.app.services.db;
  }

  /** The unit's live status and activities, as the core answers them. */
  private async live(): Promise<Pick<UnitDetail, 'status' | 'applications'>> {
    const res = await this.s.app.inject({ method: 'GET', url: `/api/v2/units/${this.refs.unit}`, headers: { cookie: this.observer } });
    const d = res.json() as UnitDetail;
    return { status: d.status, applications: d.applications };
  }

  private inject(fault: UnitFault): void {
    const r = this.s.sim?.inject({ unitId: this.refs.unit, fault });
    if (!r?.applied || r.error) throw new Error(`simulator control ${JSON.stringify(fault)} on ${this.refs.unit}: ${JSON.stringify(r)}`);
  }

  /** Whether a request since the last idle() may have changed the unit's device state. */
  unsettled = true;

  async idle(): Promise<void> {
    if (!this.unsettled) return;
    let lastStop = 0;
    let seen: unknown;
    await eventually(async () => {
      const { status, applications } = await this.live();
      const device = this.s.sim?.device(this.refs.unit);
      seen = { status, applications, device: { online: device?.online, applications: device?.applications } };
      const running = Object.entries(applications).filter(([, a]) => a && a.state !== 'disconnecting' && a.state !== 'stopping');
      // The core's view and the device's own agree (a report on its way would change the first).
      const deviceIdle = device?.online === true && Object.keys(device.applications).length === 0;
      if (status === 'idle' && Object.keys(applications).length === 0 && deviceIdle) return true;
      if (status === 'offline') this.inject({ type: 'power', on: true });
      else if (running.length > 0 && Date.now() - lastStop > 200) {
        // Stop what runs (a start left by an earlier row) through the simulator control.
        for (const [app] of running) this.inject({ type: 'app', app: app as UnitApplicationKey, start: false });
        lastStop = Date.now();
      }
      return false;
    }, 10_000).catch((e: unknown) => {
      throw new Error(`${this.refs.unit} not idle: ${JSON.stringify(seen)}`, { cause: e });
    });
    this.unsettled = false;
  }

  async linksUp(): Promise<void> {
    await this.idle();
    let seen: unknown;
    await eventually(async () => {
      const res = await this.s.app.inject({ method: 'GET', url: `/api/v2/units/${this.refs.unit}`, headers: { cookie: this.observer } });
      const modems = (res.json() as UnitDetail).modems.filter((m) => m.enabled);
      seen = modems.map((m) => ({ id: m.id, connected: m.connected }));
      return modems.length >= 2 && modems.every((m) => m.connected);
    }, 10_000).catch((e: unknown) => {
      throw new Error(`${this.refs.unit}: its enabled modems not all connected: ${JSON.stringify(seen)}`, { cause: e });
    });
  }

  async running(app: UnitApplicationKey): Promise<void> {
    await this.idle();
    this.unsettled = true;
    this.inject({ type: 'app', app, start: true });
    await eventually(async () => (await this.live()).applications[app]?.state === 'running', 10_000);
  }

  async storyVersion(id: string): Promise<number> {
    return (await this.db.story.findUnique({ where: { id }, select: { version: true } }))?.version ?? 0;
  }

  async storyIntegrationVersion(inventoryId: string): Promise<number> {
    return (await this.db.storyIntegration.findUnique({ where: { inventoryId }, select: { version: true } }))?.version ?? 0;
  }

  async groupVersion(id: string): Promise<number> {
    return (await this.db.group.findUnique({ where: { id }, select: { version: true } }))?.version ?? 0;
  }

  async joinCode(): Promise<string> {
    const permanent = { mode: 'PERMANENT', key: JOIN_KEY, regeneration: 'never', keyCreatedAt: new Date().toISOString() };
    const group = await this.db.group.findUniqueOrThrow({ where: { id: JOIN_GROUP }, select: { invitation: true } });
    const held = (group.invitation ?? {}) as { permanent?: { key?: string } };
    if (held.permanent?.key !== JOIN_KEY)
      await this.db.group.update({ where: { id: JOIN_GROUP }, data: { invitation: { ...(group.invitation as object), permanent } } });
    return JOIN_KEY;
  }

  async groupAlertsVersion(groupId: string): Promise<number> {
    return (await this.db.alertConfiguration.findUnique({ where: { groupId }, select: { version: true } }))?.version ?? 0;
  }

  async unitInInventory(inventoryId: string, member: boolean): Promise<void> {
    const unitId = this.refs.unit;
    if (member) {
      await this.db.unitInventory.upsert({ where: { unitId_inventoryId: { unitId, inventoryId } }, create: { unitId, inventoryId }, update: {} });
    } else {
      const groups = await this.db.group.findMany({ where: { inventoryId }, select: { id: true } });
      await this.db.unitGroup.deleteMany({ where: { unitId, groupId: { in: groups.map((g) => g.id) } } });
      await this.db.unitInventory.deleteMany({ where: { unitId, inventoryId } });
    }
    await this.s.app.services.units.refreshUnit(unitId);
  }

  async unitInGroup(groupId: string, member: boolean): Promise<void> {
    const unitId = this.refs.unit;
    if (member) await this.db.unitGroup.upsert({ where: { unitId_groupId: { unitId, groupId } }, create: { unitId, groupId }, update: {} });
    else await this.db.unitGroup.deleteMany({ where: { unitId, groupId } });
    await this.s.app.services.units.refreshUnit(unitId);
  }

  async storyHasUnit(storyId: string, unitId: string, assigned: boolean): Promise<void> {
    if (assigned) await this.db.storyUnit.upsert({ where: { storyId_unitId: { storyId, unitId } }, create: { storyId, unitId }, update: {} });
    else await this.db.storyUnit.deleteMany({ where: { storyId, unitId } });
  }

  async unitHasService(serviceName: string): Promise<void> {
    const unitId = this.refs.unit;
    const id = `svc-${unitId}-${serviceName}`;
    await this.db.service.upsert({
      where: { id },
      create: { id, unitId, serviceName, serviceStatus: 'enabled', usageKind: 'na' },
      update: { serviceStatus: 'enabled' },
    });
  }

  async channelFilePlaying(id: string, playing: boolean): Promise<void> {
    await this.db.channelFile.update({ where: { id }, data: { broadcasting: playing } });
  }

  async logsChannelFree(): Promise<void> {
    await this.channelFree(this.refs.logsChannel);
  }

  /** The channel's server powered on and the channel idle (through the simulator control). */
  async channelFree(channelId: string): Promise<void> {
    const server = await this.db.channel.findUniqueOrThrow({ where: { id: channelId }, select: { serverId: true } });
    const on = this.s.sim?.inject({ serverId: server.serverId, fault: { type: 'serverPower', on: true } });
    if (!on?.applied || on.error) throw new Error(`simulator control: ${server.serverId} on: ${JSON.stringify(on)}`);
    const r = this.s.sim?.inject({ serverId: server.serverId, fault: { type: 'channelStatus', channelId, status: 'idle' } });
    if (!r?.applied || r.error) throw new Error(`simulator control: ${channelId} idle: ${JSON.stringify(r)}`);
    await devicesSettled(this.s.app);
    await eventually(async () => (await this.db.channel.findUniqueOrThrow({ where: { id: channelId }, select: { status: true } })).status === 'idle', 10_000);
  }

  async serverOnline(serverId: string): Promise<void> {
    const r = this.s.sim?.inject({ serverId, fault: { type: 'serverPower', on: true } });
    if (!r?.applied || r.error) throw new Error(`simulator control: ${serverId} on: ${JSON.stringify(r)}`);
    await eventually(async () => (await this.db.server.findUniqueOrThrow({ where: { id: serverId }, select: { status: true } })).status === 'online', 10_000);
    // Its channels report back after the server itself: the next role's calls on them (a channel
    // file played out) need them up again, not only the server.
    await eventually(
      async () =>
        (await this.db.channel.findMany({ where: { serverId }, select: { status: true } })).every((c) => c.status !== 'offline' && c.status !== 'unavailable'),
      10_000,
    );
  }

  async streamingDestination(channelId: string, id: string): Promise<void> {
    const data = { channelId, name: id, provider: `matrix-${id}`, streamType: 'backup', urlPrimary: 'rtmp://cdn.example.com/live', streamId: id };
    await this.db.streamingDestination.upsert({ where: { id }, create: { id, ...data }, update: data });
  }

  private offlineSeen = 0;
  private offlineChanges(): Promise<number> {
    return this.db.unitStatusChange.count({ where: { unitId: this.refs.unit, to: 'offline' } });
  }

  async beforeRestart(): Promise<void> {
    await this.idle();
    this.offlineSeen = await this.offlineChanges();
  }

  async restarted(): Promise<void> {
    await eventually(async () => (await this.offlineChanges()) > this.offlineSeen, 10_000);
    this.unsettled = true;
    await this.idle();
  }

  /** Everything the role's rows act on, created through storage (and the core told of new units). */
  async create(serial: number): Promise<void> {
    const r = this.refs;
    const db = this.db;
    const units = [
      r.unit,
      ...(catalogue.deleteAdminUnit.roles.includes(this.role) ? [r.spareUnit, r.deregisterUnit] : []),
      ...(catalogue.startUnitUpgrade.roles.includes(this.role) ? [r.upgradeUnit] : []),
    ];
    for (const [i, id] of units.entries()) {
      await db.unit.create({
        data: {
          id,
          name: id.replace(/^MATRIX-/, 'Matrix-'),
          productType: 'LU800',
          typeGroup: 'fieldUnits',
          swVersion: '10.1',
          serialNumber: `MATRIX${String(serial * 10 + i).padStart(6, '0')}`,
          license: { valid: true, kind: 'days', pro: true, fourK: true, raHours: 100, rlHours: 100 },
          capabilities: { sdCard: true, multiCamera: true, videoReturn: true, databridge: true, intercom: true, ipPipe: true, speedTest: true, hevc: true },
          services: SERVICES.map((serviceName) => ({ serviceName, serviceStatus: 'enabled' })),
          multiCameraLabels: ['CAM-1', 'CAM-2'],
          configuration: { unitUniqueId: id, delay: 3000, bandwidth: { cellular: null, total: null } },
        },
      });
      await db.unitInventory.create({ data: { unitId: id, inventoryId: r.inventory } });
      await db.unitGroup.create({ data: { unitId: id, groupId: r.group } });
      // Every licence the unit-level calls check (multi camera, video return, databridge, ...).
      await db.service.createMany({
        data: SERVICES.map((serviceName) => ({ id: `svc-${id}-${serviceName}`, unitId: id, serviceName, serviceStatus: 'enabled' })),
      });
    }
    // A hub of the role's own (online, simulated like every server; no other role's stream or
    // switcher makes its channels busy), four channels on it: the first one the role's unit streams
    // to, files received on the fourth, which no unit streams to.
    await db.server.create({
      data: { id: r.server, name: r.server, serverType: 'mmh_server', serial: `${r.server}-SN`, status: 'online', swVersion: '10.1', inventoryId: r.inventory },
    });
    for (const channelId of [r.channel, r.proxyChannel, r.spareChannel, r.fileChannel]) {
      await db.channel.create({ data: { id: channelId, name: channelId, serverId: r.server, status: 'idle', type: 'preview', swVersion: '10.1' } });
      await db.channelInventory.create({ data: { channelId, inventoryId: r.inventory } });
      await db.groupChannel.create({ data: { groupId: r.group, channelId } });
    }
    const received = (id: string, fileName: string) => ({
      id,
      channelId: r.fileChannel,
      unitId: r.unit,
      fileName,
      luName: r.unit,
      luAlias: r.unit,
      mmhId: r.server,
      mmhName: r.server,
      sizeBytes: BigInt(8_000_000),
      lastModified: new Date(),
      rootDirectory: '/storage/received',
      metadata: { lengthSec: 60, resolution: '1920x1080', codec: 'h264' },
    });
    await db.channelFile.createMany({
      data: [
        received(r.channelFile, r.channelFilePath.split('/').pop()!),
        received(r.renameFile, `matrix-${slug(this.role)}-rename.mp4`),
        received(r.removeFile, `matrix-${slug(this.role)}-remove.mp4`),
      ],
    });
    // Recorded files on the unit's storage (store and forward).
    for (const path of [r.recordedPath, r.deletePath]) {
      const fileName = path.split('/').pop()!;
      await db.file.create({
        data: { unitId: r.unit, kind: 'recorded', fileName, path, rootDirectory: '/media/sd', sizeBytes: BigInt(4_000_000), lastModified: new Date() },
      });
    }
    await db.unit.update({ where: { id: r.unit }, data: { selectedChannelId: r.channel, databridgeGatewayId: r.gateway } });
    await db.story.createMany({
      data: [
        { id: r.story, inventoryId: r.inventory, slugline: `Matrix ${this.role}`, createdById: `usr-${this.role}` },
        { id: r.deleteStory, inventoryId: r.inventory, slugline: `Matrix ${this.role} delete`, createdById: `usr-${this.role}` },
      ],
    });
    await db.invitation.create({
      data: {
        id: r.invitation,
        groupId: r.group,
        planType: 'ADHOC',
        period: '1d',
        code: `MX${String(serial).padStart(6, '0')}`,
        deviceName: `Matrix-Invite-${this.role}`,
        email: 'guest@example.com',
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    // A video return channel only the admin delete acts on; point-to-point links of the role's unit.
    if (catalogue.deleteAdminVrChannel.roles.includes(this.role)) {
      await db.videoReturnChannel.create({ data: { id: r.deleteVrChannel, name: r.deleteVrChannel, status: 'idle' } });
      await db.vrChannelInventory.create({ data: { vrChannelId: r.deleteVrChannel, inventoryId: r.inventory } });
    }
    // Empty groups of the role's own: one edited, one deleted by the admin call, one by remove_multiple.
    await db.group.createMany({ data: [r.ownGroup, r.deleteGroup, r.removeGroup].map((id) => ({ id, name: id, inventoryId: r.inventory })) });
    // Inventories of the role's own under the shared one: one the admin calls edit, one only the admin delete acts on.
    if (catalogue.deleteAdminInventory.roles.includes(this.role)) {
      for (const id of [r.adminInventory, r.deleteInventory]) {
        // The admin inventory offers a smart_plan trial, which the trial start example starts.
        const managedServices = id === r.adminInventory ? { smart_plan: { status: 'disabled', trialState: 'enabledTrial' } } : {};
        await db.inventory.create({ data: { id, name: `Matrix-${id}`, parentId: r.inventory, managedServices } });
        await db.userInventory.create({ data: { userId: `usr-${this.role}`, inventoryId: id } });
      }
    }
    for (const id of [r.p2pLink, r.deleteP2pLink]) {
      await db.p2pLink.create({ data: { id, name: id, kind: 'ptp', masterUnitId: r.unit, machines: [{ uid: r.smartUnit }] } });
    }
    // Audio rooms of the role's own (one edited, one deleted); graphics compositions: one with a
    // job whose status is read, one opened in the app only the app delete acts on.
    if (catalogue.getAudioRoom.roles.includes(this.role)) {
      await db.audioRoom.createMany({ data: [r.audioRoom, r.deleteAudioRoom].map((id) => ({ id, name: id, inventoryId: r.inventory })) });
    }
    // Shares of the role's own: publishers of its group (one with a share link), folders under the shared inventory's root, subscribers.
    if (catalogue.listPublishers.roles.includes(this.role)) {
      await db.publisher.createMany({
        data: [r.publisher, r.deletePublisher].map((id) => ({ id, name: id.slice(0, 32), shareKey: `MX-${id}`, groupId: r.group, inventoryId: r.inventory })),
      });
      const start = new Date(Date.now() + 86_400_000);
      await db.shareLink.create({
        data: {
          id: r.shareLink,
          token: r.shareLink,
          publisherId: r.publisher,
          description: 'Matrix',
          startTime: start,
          durationMinutes: 60,
          endTime: new Date(start.getTime() + 3_600_000),
        },
      });
      const root = await matrixRootFolder(db, r.inventory);
      await db.subscriberFolder.createMany({
        data: [r.subscriberFolder, r.deleteSubscriberFolder].map((id) => ({ id, name: id.slice(0, 32), parentId: root, inventoryId: r.inventory })),
      });
      await db.subscriber.createMany({
        data: [r.subscriber, r.deleteSubscriber].map((id) => ({
          id,
          name: id.slice(0, 32),
          shareKey: `MX-${r.publisher}`,
          folderId: root,
          inventoryId: r.inventory,
        })),
      });
    }
    // Admin console rows of the role's own: what's new entries, system messages and active support accesses on its unit.
    if (catalogue.listAdminWhatsNew.roles.includes(this.role)) {
      await db.whatsNew.createMany({ data: [r.whatsNew, r.deleteWhatsNew].map((id) => ({ id, title: id })) });
      const expireDate = new Date(Date.now() + 86_400_000 * 7);
      await db.notification.createMany({
        data: [r.systemMessage, r.deleteSystemMessage].map((id) => ({ id, message: id, inventoryId: r.inventory, expireDate })),
      });
      const expiresAt = new Date(Date.now() + 8 * 3_600_000);
      await db.accessApproval.createMany({
        data: [r.accessApproval, r.revokeAccessApproval].map((id) => ({ id, deviceType: 'unit', deviceId: r.unit, expiresAt })),
      });
    }
    // Servers and databridge gateways of the role's own (platform admins): one edited, one only the delete acts on.
    if (catalogue.updateAdminServer.roles.includes(this.role)) {
      await db.server.createMany({
        data: [r.adminServer, r.deleteAdminServer].map((id) => ({
          id,
          name: id,
          serial: id.toUpperCase(),
          serverType: 'ingest_server',
          swVersion: '10.1',
          inventoryId: r.inventory,
        })),
      });
      await db.databridgeGateway.createMany({ data: [r.dbGateway, r.deleteDbGateway].map((id) => ({ id, name: id, host: 'gw.matrix.test', port: 8443 })) });
    }
    // Stream and geocoding settings of the role's own (platform admins): one edited, one only the delete acts on.
    if (catalogue.updateStreamProvider.roles.includes(this.role)) {
      const ids = streamSettingIds(this.role);
      await db.streamProvider.createMany({ data: [ids.provider, ids.deleteProvider].map((id) => ({ id, name: id, kind: 'rtmp' })) });
      await db.streamProfile.createMany({ data: [ids.profile, ids.deleteProfile].map((id) => ({ id, name: id, providerId: ids.provider })) });
      await db.streamMediaProfile.createMany({
        data: [ids.mediaProfile, ids.deleteMediaProfile].map((id) => ({ id, name: id, minResolution: 480, maxResolution: 720, fps: 30, bitrate: 2000 })),
      });
      await db.geocodingProfile.createMany({
        data: [ids.geocodingProfile, ids.deleteGeocodingProfile].map((id) => ({ id, name: id, geocoders: ['osm'], accuracies: [10] })),
      });
    }
    // Platform settings rows of the role's own (platform admins): one edited, one only the delete acts on.
    if (catalogue.updateOrganisation.roles.includes(this.role)) {
      await db.organisation.createMany({ data: [r.organisation, r.deleteOrganisation].map((id) => ({ id, name: id })) });
      await db.organisationInventory.create({ data: { organisationId: r.organisation, inventoryId: r.inventory } });
      await db.clientApplication.createMany({ data: [r.clientApplication, r.deleteClientApplication].map((id) => ({ id, name: id, clientId: id })) });
      await db.modemVendor.createMany({ data: [r.modemVendor, r.deleteModemVendor].map((id) => ({ id, name: id })) });
      await db.aiCredential.createMany({ data: [r.aiCredential, r.deleteAiCredential].map((id) => ({ id, name: id, provider: 'openai' })) });
      await db.applicationConfiguration.createMany({ data: [r.appConfiguration, r.deleteAppConfiguration].map((id) => ({ id, key: id, value: {} })) });
    }
    // Usage profiles of the role's own (one edited, one deleted: no units on it).
    if (catalogue.updateUsageProfile.roles.includes(this.role)) {
      await db.usageProfile.createMany({
        data: [r.usageProfile, r.deleteUsageProfile].map((id) => ({ id, name: id, type: 'data', quotaPerMonth: 10, resetDay: 1, inventoryId: r.inventory })),
      });
    }
    const job = { jobId: `job-matrix-${slug(this.role)}`, appId: `app-matrix-${slug(this.role)}-jobs`, createdAt: new Date().toISOString() };
    await db.graphicsComposition.create({
      data: {
        id: `gfx-matrix-${slug(this.role)}-jobs`,
        inventoryId: r.inventory,
        name: 'Matrix-Jobs',
        template: 'scoreboard',
        appId: job.appId,
        data: { jobs: [job] },
      },
    });
    await db.graphicsComposition.create({
      data: { id: `gfx-matrix-${slug(this.role)}`, inventoryId: r.inventory, name: 'Matrix-Delete', template: 'scoreboard', appId: r.graphicsApp },
    });
    // The role's user may activate unit licences (spec 001 §6 grantable permission).
    await db.user.update({ where: { id: `usr-${this.role}` }, data: { permissions: { unitLicenseActivation: true } } });
    // Users of the shared inventory the role manages (the /users screen): one edited, one deleted.
    for (const id of [r.user, r.deleteUser]) {
      await db.user.create({
        data: {
          id,
          username: id,
          passwordHash: '',
          email: `${id}@example.com`,
          firstName: 'Matrix',
          lastName: 'User',
          userType: 'luc_regular',
          roles: ['luc_regular'],
        },
      });
      await db.userInventory.create({ data: { userId: id, inventoryId: r.inventory } });
    }
    await db.remoteAction.create({
      data: { id: r.remoteAction, deviceType: 'unit', deviceId: r.unit, action: 'reboot', status: 'done', requestedById: `usr-${this.role}` },
    });
    // Software versions of the role's own, available to the shared inventory: one edited, assigned and withdrawn, one only the delete acts on (numbers 4.<role index>[.1]).
    for (const [id, number] of [
      [r.softwareVersion, `4.${ROLES.indexOf(this.role)}`],
      [r.deleteSoftwareVersion, `4.${ROLES.indexOf(this.role)}.1`],
    ] as const) {
      await db.softwareVersion.create({ data: { id, number, inventories: { create: [{ inventoryId: r.inventory }] } } });
    }
    // A finished upgrade of the role's unit; a hub without channels only the server upgrade start acts on (its reboot disturbs no other row).
    await db.upgradeJob.create({
      data: { id: r.upgradeJob, deviceType: 'unit', deviceId: r.unit, fromVersion: '10.0', targetVersion: '10.1', state: 'succeeded', progress: 100 },
    });
    if (catalogue.startServerUpgrade.roles.includes(this.role)) {
      await db.server.create({
        data: {
          id: r.upgradeServer,
          name: r.upgradeServer,
          serverType: 'mmh_server',
          serial: `${r.upgradeServer}-SN`,
          status: 'online',
          swVersion: '10.1',
          inventoryId: r.inventory,
        },
      });
    }
    for (const id of units) await this.s.app.services.units.refreshUnit(id);
  }
}

/** The inventory's root subscriber folder (the seed's, or one made here). */
async function matrixRootFolder(db: TestStack['app']['services']['db'], inventoryId: string): Promise<string> {
  const root = await db.subscriberFolder.findFirst({ where: { inventoryId, isRoot: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return root?.id ?? (await db.subscriberFolder.create({ data: { name: 'Root', isRoot: true, inventoryId } })).id;
}

/** Set up every role's world, the objects outside the non-global users' scope, and wait for the units to be idle. */
async function createWorlds(s: TestStack, roles: readonly Role[]): Promise<Map<Role, RoleWorld>> {
  const db = s.app.services.db;
  // The observer is a super user of its own: the row of a role that changes its own password ends
  // that user's other sessions, and the observer must outlive every row.
  const su = await db.user.findUniqueOrThrow({ where: { id: 'usr-super_user' } });
  await db.user.create({
    data: {
      id: 'usr-matrix-observer',
      username: 'matrix-observer',
      passwordHash: su.passwordHash,
      firstName: 'Matrix',
      lastName: 'Observer',
      userType: su.userType,
      roles: JSON.parse(JSON.stringify(su.roles)) as string[],
      organisationId: su.organisationId,
    },
  });
  const observer = await s.login('matrix-observer');
  const worlds = new Map<Role, RoleWorld>();
  for (const [i, role] of roles.entries()) {
    const w = new RoleWorld(s, role, observer);
    await w.create(i + 1);
    worlds.set(role, w);
  }
  // The non-global admins own a second inventory: adding a unit to an inventory needs one of
  // theirs the unit is not in yet (the seeded admins own only the shared inventory).
  for (const role of roles.filter((r) => catalogue.addAdminUnitInventory.roles.includes(r) && !GLOBAL_SCOPE_ROLES.includes(r))) {
    await db.userInventory.create({ data: { userId: `usr-${role}`, inventoryId: SHARED.extraInventory } });
  }
  // A CDN destination (the seeded one is social media) for the CDN forwarding rows.
  await db.streamingDestination.create({
    data: {
      id: 'std-matrix-cdn',
      name: 'Matrix-CDN',
      provider: 'Akamai',
      inventoryId: SHARED.inventory,
      urlPrimary: 'rtmp://cdn.example.net/live',
      streamType: 'rtmp',
    },
  });
  // Metro-TV objects of the kinds that have no seeded instance there.
  await db.channelFile.create({
    data: {
      id: HIDDEN.channelFile,
      channelId: HIDDEN.channel,
      fileName: HIDDEN.channelFilePath.split('/').pop()!,
      rootDirectory: '/storage/received',
      sizeBytes: BigInt(8_000_000),
      metadata: { lengthSec: 60 },
    },
  });
  await db.story.create({ data: { id: HIDDEN.story, inventoryId: HIDDEN.inventory, slugline: 'Metro story' } });
  await db.user.create({
    data: { id: HIDDEN.user, username: 'metro-user', passwordHash: '', firstName: 'Metro', lastName: 'User', userType: 'luc_regular', roles: ['luc_regular'] },
  });
  await db.userInventory.create({ data: { userId: HIDDEN.user, inventoryId: HIDDEN.inventory } });
  await db.remoteAction.create({ data: { id: HIDDEN.remoteAction, deviceType: 'unit', deviceId: HIDDEN.unit, action: 'reboot', status: 'done' } });
  await db.softwareVersion.create({ data: { id: HIDDEN.softwareVersion, number: '3.9', inventories: { create: [{ inventoryId: HIDDEN.inventory }] } } });
  await db.upgradeJob.create({
    data: { id: HIDDEN.upgradeJob, deviceType: 'unit', deviceId: HIDDEN.unit, fromVersion: '10.0', targetVersion: '10.1', state: 'succeeded', progress: 100 },
  });
  await db.upgradeBatch.create({ data: { id: 'ubt-matrix', name: 'Matrix batch', targetVersion: '10.1' } });
  await db.p2pLink.create({ data: { id: HIDDEN.p2pLink, name: 'Metro-Link', kind: 'ptp', masterUnitId: HIDDEN.unit, machines: [{ uid: HIDDEN.smartUnit }] } });
  await db.usageProfile.create({
    data: { id: HIDDEN.usageProfile, name: 'Metro-Matrix-Usage', type: 'hours', quotaPerMonth: 10, resetDay: 1, inventoryId: HIDDEN.inventory },
  });
  // A Metro-TV publisher (its key is the one the subscriber examples name: a key of another organisation is valid), folder and subscriber.
  await db.publisher.create({
    data: { id: HIDDEN.publisher, name: 'Metro-Publisher', shareKey: 'MATRIXSHAREKEY', groupId: HIDDEN.group, inventoryId: HIDDEN.inventory },
  });
  await db.shareLink.create({
    data: {
      id: HIDDEN.shareLink,
      token: HIDDEN.shareLink,
      publisherId: HIDDEN.publisher,
      description: 'Metro',
      startTime: new Date(Date.now() + 86_400_000),
      durationMinutes: 60,
      endTime: new Date(Date.now() + 90_000_000),
    },
  });
  const metroRoot = await matrixRootFolder(db, HIDDEN.inventory);
  await db.subscriberFolder.create({ data: { id: HIDDEN.subscriberFolder, name: 'Metro-Folder', parentId: metroRoot, inventoryId: HIDDEN.inventory } });
  await db.subscriber.create({
    data: { id: HIDDEN.subscriber, name: 'Metro-Subscriber', shareKey: 'MATRIXSHAREKEY', folderId: metroRoot, inventoryId: HIDDEN.inventory },
  });
  await db.invitation.create({
    data: {
      id: HIDDEN.invitation,
      groupId: HIDDEN.group,
      planType: 'ADHOC',
      period: '1d',
      code: 'MXHIDDEN',
      deviceName: 'Metro-Guest',
      email: 'metro@example.com',
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  // Every unit online and idle, its camera connected (the simulator leaves a few without one).
  for (const w of worlds.values()) {
    await eventually(async () => s.sim?.device(w.refs.unit)?.online === true, 10_000);
    s.sim?.inject({ unitId: w.refs.unit, fault: { type: 'camera', connected: true } });
  }
  await Promise.all([...worlds.values()].map((w) => w.idle()));
  await eventually(async () => s.sim?.device(HIDDEN.unit)?.online === true, 10_000);
  return worlds;
}

// ── the matrix ─────────────────────────────────────────────────────────────────────────────────

interface Outcome {
  role: Role;
  id: EndpointId;
  status: number;
  code: string | undefined;
  body: string;
}

/** Run every call for one role, each allowed one after its set-up (default: the unit idle). */
async function runRole(s: TestStack, world: RoleWorld, used: Map<EndpointId, (keyof Refs)[]>, turns: Turns): Promise<Outcome[]> {
  const cookie = await s.login(world.role);
  const out: Outcome[] = [];
  // The shutdown last: nothing after it waits for the unit to come back.
  const ids = [...ENDPOINT_IDS].sort((a, b) => Number(a === 'shutdownUnit') - Number(b === 'shutdownUnit'));
  for (const id of ids) {
    const def: EndpointDef = catalogue[id];
    const example = EXAMPLES[id];
    const allowed = (def.roles as readonly Role[]).includes(world.role);
    const run = async () => {
      if (allowed) {
        if (example.setup) await example.setup(world);
        else if (used.get(id)?.includes('unit')) await world.idle();
      }
      const answer = await send(s, cookie, toRequest(id, await exampleInput(id, world.refs, world)));
      if (allowed && def.method !== 'GET') world.unsettled = true;
      if (allowed && example.teardown) await example.teardown(world);
      out.push({ role: world.role, id, ...answer });
    };
    if (allowed && example.exclusive) await turns.run(run);
    else await run();
  }
  return out;
}

function violations(outcomes: Outcome[]): string[] {
  const out: string[] = [];
  for (const o of outcomes) {
    const def: EndpointDef = catalogue[o.id];
    const tag = `${o.id} as ${o.role}: ${o.status} ${o.code ?? ''}`.trim();
    const detail = o.status >= 300 ? ` ${o.body.slice(0, 200)}` : '';
    if (!(def.roles as readonly Role[]).includes(o.role)) {
      if (o.status !== 403 || o.code !== 'FORBIDDEN') out.push(`${tag} (expected 403 FORBIDDEN)${detail}`);
      continue;
    }
    const rule = REFUSED_BY_RULE[o.id]?.find((r) => r.role === o.role);
    if (rule) {
      if (o.status !== 403 || o.code !== rule.code) out.push(`${tag} (expected 403 ${rule.code}: ${rule.why})${detail}`);
      continue;
    }
    const defect = KNOWN_DEFECTS[o.id];
    const expected = def.successStatus ?? 200;
    if (defect && (defect.roles === undefined || defect.roles.includes(o.role))) {
      if (o.status === expected) out.push(`${tag} (listed in KNOWN_DEFECTS but succeeds: remove it from the list)`);
      continue;
    }
    if (o.status !== expected) out.push(`${tag} (expected ${expected})${detail}`);
  }
  return out;
}

/** Every call for every role given, roles side by side. */
async function runMatrix(s: TestStack, worlds: Map<Role, RoleWorld>, roles: readonly Role[]): Promise<Outcome[]> {
  const used = new Map<EndpointId, (keyof Refs)[]>();
  for (const id of ENDPOINT_IDS) used.set(id, await refsUsedBy(id, roles[0]!));
  const turns = new Turns();
  const perRole = await Promise.all(roles.map((role) => runRole(s, worlds.get(role)!, used, turns)));
  return perRole.flat();
}

// ── object-level access ────────────────────────────────────────────────────────────────────────

/** A non-global role the call admits (luc_regular, else luc_admin, else the first), or null. */
function nonGlobalRoleFor(def: EndpointDef): Role | null {
  const roles = def.roles as readonly Role[];
  for (const r of ['luc_regular', 'luc_admin'] as const) if (roles.includes(r)) return r;
  return roles.find((r) => !GLOBAL_SCOPE_ROLES.includes(r)) ?? null;
}

/** What the out-of-scope answer may not differ in from the missing one. */
function comparable(a: Answer): unknown {
  if (a.status >= 200 && a.status < 300) return { status: a.status, body: a.body };
  let error: unknown = a.body;
  try {
    error = (JSON.parse(a.body) as { error?: unknown }).error;
  } catch {
    // not JSON: compared as text
  }
  return { status: a.status, error };
}

async function checkObjectScope(s: TestStack, worlds: Map<Role, RoleWorld>): Promise<{ failures: string[]; kinds: Set<ObjectKind>; checked: number }> {
  const failures: string[] = [];
  const kinds = new Set<ObjectKind>();
  const cookies = new Map<Role, string>();
  let checked = 0;
  const db = s.app.services.db;
  const hiddenLive = async () =>
    (await s.app.inject({ method: 'GET', url: `/api/v2/units/${HIDDEN.unit}`, headers: { cookie: await cookieOf('super_user') } })).json() as UnitDetail;
  const cookieOf = async (role: Role) => {
    if (!cookies.has(role)) cookies.set(role, await s.login(role));
    return cookies.get(role)!;
  };
  // Log in first: a session is a row too.
  for (const id of ENDPOINT_IDS) {
    const role = nonGlobalRoleFor(catalogue[id]);
    if (role) await cookieOf(role);
  }
  await cookieOf('super_user');
  const fullBefore = await readAllTables(db);
  const liveBefore = await hiddenLive();
  for (const id of ENDPOINT_IDS) {
    const def: EndpointDef = catalogue[id];
    const role = nonGlobalRoleFor(def);
    if (!role) continue; // only global roles: every object is in their scope
    const world = worlds.get(role);
    if (!world) {
      failures.push(`${id}: no world for ${role}, the non-global role it admits`);
      continue;
    }
    const cookie = await cookieOf(role);
    for (const ref of await refsUsedBy(id, role)) {
      const swap = OUT_OF_SCOPE[ref];
      if (!swap) continue;
      const build = async (patch: Partial<Refs>) => {
        const refs = { ...world.refs, ...patch };
        return toRequest(id, await exampleInput(id, refs, withRefs(world, refs)));
      };
      const hidden = await send(s, cookie, await build(swap.hidden));
      const missing = await send(s, cookie, await build(swap.missing));
      checked++;
      kinds.add(swap.kind);
      const tag = `${id} as ${role}, ${swap.kind} ${ref}`;
      if (JSON.stringify(comparable(hidden)) !== JSON.stringify(comparable(missing))) {
        failures.push(`${tag}: out of scope ${hidden.status} ${hidden.body.slice(0, 160)} ≠ missing ${missing.status} ${missing.body.slice(0, 160)}`);
      } else if (swap.kind === 'unit' && missing.status >= 300 && (hidden.status !== 404 || hidden.code !== 'NOT_FOUND')) {
        failures.push(`${tag}: ${hidden.status} ${hidden.code ?? ''} (expected 404 NOT_FOUND)`);
      }
    }
  }
  const liveAfter = await hiddenLive();
  if (liveAfter.status !== liveBefore.status || JSON.stringify(liveAfter.applications) !== JSON.stringify(liveBefore.applications)) {
    failures.push(`${HIDDEN.unit}'s device was acted on: ${liveBefore.status} → ${liveAfter.status} ${JSON.stringify(liveAfter.applications)}`);
  }
  // Every table as it was (the rows that differ are listed when not).
  for (const change of describeChanges(fullBefore, await readAllTables(db))) failures.push(`changed by requests on objects out of scope or missing: ${change}`);
  return { failures, kinds, checked };
}

// ── the checker itself ─────────────────────────────────────────────────────────────────────────

describe.runIf(covers('sqlite'))('role matrix checker', () => {
  it('flags an allowed role without success, a forbidden role admitted, and an exception that no longer holds', () => {
    const o = (role: Role, id: EndpointId, status: number, code?: string): Outcome => ({ role, id, status, code, body: '' });
    expect(violations([o('luc_regular', 'getUnit', 200), o('luc_read', 'startUnitStream', 403, 'FORBIDDEN'), o('luc_regular', 'createStory', 201)])).toEqual(
      [],
    );
    expect(violations([o('luc_read', 'deleteUnitFiles', 403, 'READ_ONLY_FILE_DELETE')])).toEqual([]);
    for (const bad of [
      o('luc_read', 'startUnitStream', 200),
      o('luc_read', 'startUnitStream', 404, 'NOT_FOUND'),
      o('luc_regular', 'getUnit', 403, 'FORBIDDEN'),
      o('luc_regular', 'getUnit', 401, 'UNAUTHENTICATED'),
      o('luc_regular', 'getUnit', 500, 'GENERIC'),
      o('luc_regular', 'startUnitStream', 409, 'UNIT_OFFLINE'),
      o('luc_regular', 'createStory', 200),
      o('luc_read', 'deleteUnitFiles', 200),
      o('luc_regular', 'deleteUnitFiles', 403, 'READ_ONLY_FILE_DELETE'),
    ]) {
      expect(violations([bad]), JSON.stringify(bad)).toHaveLength(1);
    }
  });

  it('has a valid example for every declared call, fitting its schemas', async () => {
    const world = inputWorld('luc_regular');
    const problems: string[] = [];
    for (const id of ENDPOINT_IDS) {
      const bad = fitsSchemas(id, await exampleInput(id, world.refs, world));
      if (bad) problems.push(`${id}: ${bad}`);
    }
    expect(problems).toEqual([]);
  });
});

// ── SQLite: the full matrix ────────────────────────────────────────────────────────────────────

describe.runIf(covers('sqlite'))('role matrix on sqlite (every call × every role)', () => {
  let s: TestStack;
  let worlds: Map<Role, RoleWorld>;
  beforeAll(async () => {
    s = await startTestStack({ provider: 'sqlite', simulatorTimings: TIMINGS });
    worlds = await createWorlds(s, ROLES);
  });
  afterAll(async () => s?.close());

  it('answers an object outside a non-global caller’s scope like a missing one, and changes nothing', async () => {
    const { failures, kinds, checked } = await checkObjectScope(s, worlds);
    expect(failures).toEqual([]);
    // At least one check per call that admits a non-global role (the others see every object).
    expect(checked).toBeGreaterThan(ENDPOINT_IDS.filter((id) => nonGlobalRoleFor(catalogue[id]) !== null).length);
    expect([...kinds].sort()).toEqual(
      (
        [
          'channel',
          'channel file',
          'group',
          'invitation',
          'inventory',
          'server',
          'story',
          'unit',
          'video return channel',
          'p2p link',
          'user',
          'audio room',
          'software version',
          'publisher',
          'subscriber folder',
          'subscriber',
          'usage profile',
        ] satisfies ObjectKind[]
      ).sort(),
    );
  });

  it('answers 403 to roles outside each declaration and success to every role inside', async () => {
    const outcomes = await runMatrix(s, worlds, ROLES);
    expect(outcomes).toHaveLength(ENDPOINT_IDS.length * ROLES.length);
    expect(violations(outcomes)).toEqual([]);
  }, 300_000);
});

// ── PostgreSQL: the scope check and representative roles ────────────────────────────────────────

describe.runIf(pgUrl())('role matrix on postgresql (scope check; global, regular, read-only, admin and partner roles)', () => {
  // luc_partner: the one non-global role the remote actions admit, so their scope is checked with it.
  // luc_media_group_admin: with super_user the only role of the shares calls (001 §2), so their scope is checked with it.
  const PG_ROLES: readonly Role[] = ['super_user', 'luc_regular', 'luc_read', 'luc_admin', 'luc_partner', 'luc_media_group_admin'];
  let s: TestStack;
  let worlds: Map<Role, RoleWorld>;
  beforeAll(async () => {
    s = await startTestStack({ provider: 'postgresql', simulatorTimings: TIMINGS });
    worlds = await createWorlds(s, PG_ROLES);
  });
  afterAll(async () => s?.close());

  it('answers an object outside a non-global caller’s scope like a missing one, and changes nothing', async () => {
    const { failures } = await checkObjectScope(s, worlds);
    expect(failures).toEqual([]);
  });

  it('answers 403 to roles outside each declaration and success to every role inside', async () => {
    const outcomes = await runMatrix(s, worlds, PG_ROLES);
    expect(violations(outcomes)).toEqual([]);
  });
});
