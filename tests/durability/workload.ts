/**
 * The load of one round: every client sends one write after another, each of a kind picked at
 * random among those its role and keys allow, each carrying a marker of its own, until the round
 * is stopped (just before the kill). What each answer said goes into the keys' ledgers.
 */
import type { EndpointId, EndpointInput, EndpointOutput } from '@fleet/contracts';
import { call, type Answer } from './http.js';
import { count, Counter, Register, type Outcome, type Tally } from './ledger.js';
import {
  can,
  guestEmail,
  marker,
  ntpServer,
  prefValue,
  renameComment,
  storyFields,
  type Client,
  type FileKey,
  type InvitationKey,
  type StoryKey,
  type UnitKey,
  type World,
} from './world.js';

/** A write must answer within this (device commands wait up to DEVICE_COMMAND_TIMEOUT_MS, 12 s). */
const WRITE_TIMEOUT_MS = 20_000;
/** Chunks a file gets per round at most (each one rewrites the file's growing chunk list). */
const CHUNKS_PER_ROUND = 5;

export type Random = () => number;

/** mulberry32: a small seeded generator, so that a run's choices can be repeated. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: Random, items: readonly T[]): T | undefined => items[Math.floor(rnd() * items.length)];

interface RoundContext {
  readonly world: World;
  readonly round: number;
  readonly rnd: Random;
  readonly tally: Tally;
}

type Op = () => Promise<void>;

async function write<K extends EndpointId>(
  ctx: RoundContext,
  c: Client,
  kind: string,
  id: K,
  input: Partial<EndpointInput<K>>,
): Promise<Answer<EndpointOutput<K>>> {
  const t0 = performance.now();
  const a = await call(ctx.world.url, c.cookie, id, input, WRITE_TIMEOUT_MS);
  count(ctx.tally, kind, a.outcome, a.outcome === 'rejected' ? a.code : undefined, performance.now() - t0);
  return a;
}

function unitOps(ctx: RoundContext, c: Client, u: UnitKey): Op[] {
  const ops: Op[] = [];
  if (can(c, 'renameDevice')) {
    ops.push(async () => {
      const m = marker(c, ctx.round);
      const a = await write(ctx, c, 'rename', 'renameDevice', { body: { id: u.id, name: m, comment: renameComment(m) } });
      u.name.record(m, a.outcome);
      u.version.record(a.outcome);
    });
  }
  if (can(c, 'updateUnitFilenamePrefix')) {
    ops.push(async () => {
      const m = marker(c, ctx.round);
      const a = await write(ctx, c, 'configuration', 'updateUnitFilenamePrefix', { params: { id: u.id }, body: { filenamePrefix: m } });
      u.prefix.record(m, a.outcome);
      u.version.record(a.outcome);
    });
  }
  if (can(c, 'updateUnitNtpTimecode')) {
    ops.push(async () => {
      const server = ntpServer(marker(c, ctx.round));
      const a = await write(ctx, c, 'configuration', 'updateUnitNtpTimecode', { params: { id: u.id }, body: { enabled: true, server } });
      u.ntp.record(server, a.outcome);
      u.version.record(a.outcome);
    });
  }
  return ops;
}

function storyOps(ctx: RoundContext, c: Client, s: StoryKey): Op[] {
  const ops: Op[] = [];
  if (can(c, 'updateStory')) {
    ops.push(async () => {
      const m = marker(c, ctx.round);
      const a = await write(ctx, c, 'storyUpdate', 'updateStory', {
        params: { inventoryId: s.inventoryId, storyId: s.id },
        body: { version: s.knownVersion, ...storyFields(m) },
      });
      s.fields.record(m, a.outcome);
      s.version.record(a.outcome);
      if (a.outcome === 'acked') s.knownVersion = a.body.version;
    });
  }
  const unitId = c.assignUnit;
  if (unitId && can(c, 'assignStoryUnit') && can(c, 'unassignStoryUnit')) {
    ops.push(async () => {
      const assign = !s.assigned.expected;
      const input = { params: { inventoryId: s.inventoryId, storyId: s.id, unitId } };
      const a = assign ? await write(ctx, c, 'storyUnits', 'assignStoryUnit', input) : await write(ctx, c, 'storyUnits', 'unassignStoryUnit', input);
      s.assigned.record(assign, a.outcome);
      s.version.record(a.outcome);
      if (a.outcome === 'acked') s.knownVersion = a.body.version;
    });
  }
  return ops;
}

function fileOps(ctx: RoundContext, c: Client, f: FileKey): Op[] {
  const ops: Op[] = [
    async () => {
      const m = marker(c, ctx.round);
      const a = await write(ctx, c, 'fileRename', 'renameChannelFile', { body: { id: f.id, name: m } });
      f.name.record(f.ext === '' ? m : `${m}.${f.ext}`, a.outcome);
      f.version.record(a.outcome);
    },
  ];
  if (f.chunksThisRound < CHUNKS_PER_ROUND && can(c, 'makeChannelFileChunk')) {
    ops.push(async () => {
      f.chunksThisRound++;
      const a = await write(ctx, c, 'fileChunk', 'makeChannelFileChunk', { body: { id: f.id, startSec: 0, endSec: 1 } });
      f.chunks.record(a.outcome);
      f.version.record(a.outcome);
    });
  }
  return ops;
}

function invitationOps(ctx: RoundContext, c: Client, inv: InvitationKey): Op[] {
  if (!can(c, 'sendGroupInvitationEmail')) return [];
  return [
    async () => {
      const email = guestEmail(marker(c, ctx.round));
      inv.touched = true;
      const a = await write(ctx, c, 'invitationEmail', 'sendGroupInvitationEmail', { params: { id: inv.groupId }, body: { invitationId: inv.id, email } });
      inv.email.record(email, a.outcome);
      inv.version.record(a.outcome);
    },
  ];
}

function pendingCreate(ctx: RoundContext, kind: 'story' | 'invitation', m: string, owner: Client, outcome: Outcome, scope: string): void {
  if (outcome !== 'acked') ctx.world.pending.push({ kind, marker: m, owner, outcome, scope });
}

function createOps(ctx: RoundContext, c: Client): Op[] {
  const ops: Op[] = [];
  const { world } = ctx;
  const inventoryId = c.inventoryId;
  if (inventoryId) {
    ops.push(async () => {
      const m = marker(c, ctx.round);
      const a = await write(ctx, c, 'storyCreate', 'createStory', { params: { inventoryId }, body: storyFields(m) });
      pendingCreate(ctx, 'story', m, c, a.outcome, inventoryId);
      if (a.outcome !== 'acked') return;
      const s: StoryKey = {
        id: a.body.id,
        inventoryId,
        owner: c,
        fields: new Register(m),
        assigned: new Register(false),
        version: new Counter(a.body.version),
        knownVersion: a.body.version,
      };
      c.stories.push(s);
      world.stories.set(s.id, s);
    });
  }
  const groupId = c.groupId;
  if (groupId) {
    ops.push(async () => {
      const m = marker(c, ctx.round);
      const email = guestEmail(m);
      const a = await write(ctx, c, 'invitationCreate', 'createGroupInvitation', { params: { id: groupId }, body: { deviceName: m, email, period: '1d' } });
      pendingCreate(ctx, 'invitation', m, c, a.outcome, groupId);
      if (a.outcome !== 'acked') return;
      // A new invitation row starts at version 0; the verification reads it back.
      const inv: InvitationKey = { id: a.body.id, owner: c, groupId, deviceName: m, email: new Register(email), version: new Counter(0), touched: true };
      c.invitations.push(inv);
      world.invitations.set(inv.id, inv);
    });
  }
  const pref = world.prefs.find((p) => p.owner === c);
  const prefVersion = pref ? world.prefVersions.get(pref.userId) : undefined;
  if (pref && prefVersion) {
    ops.push(async () => {
      const value = prefValue(pref.field, marker(c, ctx.round));
      const a = await write(ctx, c, 'preference', 'updateUserPreferences', { body: { [pref.field]: value } });
      pref.value.record(value, a.outcome);
      prefVersion.record(a.outcome);
    });
  }
  return ops;
}

/** Every write the client may send now: one op per kind (a kind's key picked at random). */
function choices(ctx: RoundContext, c: Client): Op[] {
  const { rnd } = ctx;
  const byKind: Op[][] = [createOps(ctx, c)];
  const u = pick(rnd, c.units);
  if (u) byKind.push(unitOps(ctx, c, u));
  const s = pick(rnd, c.stories);
  if (s) byKind.push(storyOps(ctx, c, s));
  const f = pick(rnd, c.files);
  if (f) byKind.push(fileOps(ctx, c, f));
  const inv = pick(rnd, c.invitations);
  if (inv) byKind.push(invitationOps(ctx, c, inv));
  return byKind.flat();
}

export interface Load {
  /** No client starts another write after this (requests already sent go on). */
  stop(): void;
  /** Every client's last request has settled. */
  readonly done: Promise<void>;
}

export function startLoad(world: World, round: number, rnd: Random, tally: Tally): Load {
  const ctx: RoundContext = { world, round, rnd, tally };
  for (const f of world.files.values()) f.chunksThisRound = 0;
  let stopped = false;
  const loop = async (c: Client) => {
    while (!stopped) {
      const op = pick(rnd, choices(ctx, c));
      if (!op) return;
      await op();
    }
  };
  const done = Promise.all(world.clients.map(loop)).then(() => undefined);
  return {
    stop: () => {
      stopped = true;
    },
    done,
  };
}
