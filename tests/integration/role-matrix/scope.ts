/**
 * Object-level access: objects outside every non-global user's inventories and groups (HIDDEN) and ids
 * that do not exist (MISSING), swapped into each call's example; both answers must be the same.
 */
import { catalogue, ENDPOINT_IDS, GLOBAL_SCOPE_ROLES, type EndpointDef, type Role, type UnitDetail } from '@fleet/contracts';
import { type Refs } from '../../support/catalogue-examples.js';
import { describeChanges, readAllTables } from '../../support/db-snapshot.js';
import { type TestStack } from '../../support/stack.js';
import { refsUsedBy, withRefs } from './refs.js';
import { type Answer, exampleInput, send, toRequest } from './requests.js';
import { RoleWorld } from './world.js';

/** Objects outside every non-global user's inventories and groups (Metro-TV), set up once. */
export const HIDDEN = {
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
export const MISSING = {
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

export type ObjectKind =
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
export const OUT_OF_SCOPE: Partial<Record<keyof Refs, { kind: ObjectKind; hidden: Partial<Refs>; missing: Partial<Refs> }>> = {
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

// ── object-level access ────────────────────────────────────────────────────────────────────────

/** A non-global role the call admits (luc_regular, else luc_admin, else the first), or null. */
export function nonGlobalRoleFor(def: EndpointDef): Role | null {
  const roles = def.roles as readonly Role[];
  for (const r of ['luc_regular', 'luc_admin'] as const) if (roles.includes(r)) return r;
  return roles.find((r) => !GLOBAL_SCOPE_ROLES.includes(r)) ?? null;
}

/** What the out-of-scope answer may not differ in from the missing one. */
export function comparable(a: Answer): unknown {
  if (a.status >= 200 && a.status < 300) return { status: a.status, body: a.body };
  let error: unknown = a.body;
  try {
    error = (JSON.parse(a.body) as { error?: unknown }).error;
  } catch {
    // not JSON: compared as text
  }
  return { status: a.status, error };
}

export async function checkObjectScope(s: TestStack, worlds: Map<Role, RoleWorld>): Promise<{ failures: string[]; kinds: Set<ObjectKind>; checked: number }> {
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
