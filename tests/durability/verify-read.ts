/**
 * The durability check's reading: every key of the run from the database directly (Prisma,
 * @fleet/db createDb) and through the API as its writer sees it (a read the API did not answer is
 * itself a finding).
 */
import type { ChannelFile, Story, UnitConfiguration, UnitDetail, UserPreferences } from '@fleet/contracts';
import { createDb, type Prisma } from '@fleet/db';
import { call, type Answer } from './http.js';
import { MARK, STORY_FIELD_NAMES, type Client, type StoryFields, type World } from './world.js';

function jsonObject(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

export const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export interface StoredStory extends StoryFields {
  id: string;
  inventoryId: string | null;
  version: number;
  unitIds: string[];
}

export interface StoredInvitation {
  id: string;
  groupId: string;
  groupExists: boolean;
  planType: string;
  period: string | null;
  code: string;
  deviceName: string | null;
  email: string | null;
  expiresAt: Date | null;
  createdAt: Date;
  usedAt: Date | null;
  version: number;
}

export async function readStored(url: string, world: World) {
  const db = await createDb({ url });
  try {
    const p = db.prisma;
    // Every row a write of this test touched carries the marker in some field: also a half-written one.
    const storyWhere = { OR: STORY_FIELD_NAMES.map((f) => ({ [f]: { contains: MARK } })) } as Prisma.StoryWhereInput;
    const [units, stories, invitations, prefs, files] = await Promise.all([
      p.unit.findMany({
        where: { id: { in: [...world.units.keys()] } },
        select: { id: true, name: true, comment: true, filenamePrefix: true, configuration: true, version: true },
      }),
      p.story.findMany({
        where: storyWhere,
        select: {
          id: true,
          inventoryId: true,
          version: true,
          ...Object.fromEntries(STORY_FIELD_NAMES.map((f) => [f, true])),
          units: { select: { unitId: true } },
        },
      }),
      p.invitation.findMany({
        where: { OR: [{ deviceName: { startsWith: MARK } }, { email: { startsWith: MARK } }] },
        select: {
          id: true,
          groupId: true,
          planType: true,
          period: true,
          code: true,
          deviceName: true,
          email: true,
          expiresAt: true,
          createdAt: true,
          usedAt: true,
          version: true,
          group: { select: { id: true } },
        },
      }),
      p.userPreference.findMany({ where: { userId: { in: [...world.prefVersions.keys()] } }, select: { userId: true, data: true, version: true } }),
      p.channelFile.findMany({
        where: { id: { in: [...world.files.keys()] } },
        select: { id: true, fileName: true, chunkIndex: true, chunks: true, version: true },
      }),
    ]);
    return {
      units: new Map(
        units.map((u) => [
          u.id,
          {
            name: u.name,
            comment: u.comment,
            prefix: u.filenamePrefix,
            ntp: textOrNull(jsonObject(jsonObject(u.configuration).ntpTimecode).server),
            version: u.version,
          },
        ]),
      ),
      stories: new Map(
        stories.map((s): [string, StoredStory] => {
          // The select above names every story field: the row has them all.
          const row = s as unknown as StoredStory & { units: { unitId: string }[] };
          const fields = Object.fromEntries(STORY_FIELD_NAMES.map((f) => [f, row[f]])) as StoryFields;
          return [s.id, { ...fields, id: s.id, inventoryId: s.inventoryId, version: s.version, unitIds: row.units.map((u) => u.unitId).sort() }];
        }),
      ),
      invitations: new Map(
        invitations.map((i): [string, StoredInvitation] => [
          i.id,
          {
            id: i.id,
            groupId: i.groupId,
            groupExists: i.group?.id === i.groupId,
            planType: i.planType,
            period: i.period,
            code: i.code,
            deviceName: i.deviceName,
            email: i.email,
            expiresAt: i.expiresAt,
            createdAt: i.createdAt,
            usedAt: i.usedAt,
            version: i.version,
          },
        ]),
      ),
      prefs: new Map(prefs.map((r) => [r.userId, { data: jsonObject(r.data), version: r.version }])),
      files: new Map(
        files.map((f) => {
          const chunks = (Array.isArray(f.chunks) ? f.chunks : []).map((c) => jsonObject(c));
          return [
            f.id,
            { fileName: f.fileName, chunkIndex: f.chunkIndex, chunks: chunks.map((c) => ({ id: String(c.id), index: Number(c.index) })), version: f.version },
          ];
        }),
      ),
    };
  } finally {
    await db.close();
  }
}
export type Stored = Awaited<ReturnType<typeof readStored>>;

/** Run `fn` over `items`, at most `limit` at a time. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export async function readServed(world: World) {
  const { url } = world;
  /** A read the API did not answer is itself a finding; the key's API comparison is then skipped. */
  const failures: string[] = [];
  const read = <T>(what: string, a: Answer<T>): T | undefined => {
    if (a.outcome === 'acked') return a.body;
    failures.push(`API READ FAILED ${what}: ${a.outcome === 'rejected' ? `${a.status} ${a.code}` : a.error}`);
    return undefined;
  };

  const units = new Map<string, { detail: UnitDetail; config: UnitConfiguration }>();
  await mapLimit([...world.units.values()], 8, async (u) => {
    const detail = read(`GET v2/units/${u.id}`, await call(url, u.owner.cookie, 'getUnit', { params: { id: u.id } }));
    const config = read(`GET v2/units/${u.id}/configurationV2`, await call(url, u.owner.cookie, 'getUnitConfigurationV2', { params: { id: u.id } }));
    if (detail && config) units.set(u.id, { detail, config });
  });

  const stories = new Map<string, Story>();
  /** Inventories whose every page was read: only their stories are compared. */
  const listedInventories = new Set<string>();
  const inventories = new Map<string, Client>();
  for (const s of world.stories.values()) if (!inventories.has(s.inventoryId)) inventories.set(s.inventoryId, s.owner);
  for (const p of world.pending) if (p.kind === 'story' && !inventories.has(p.scope)) inventories.set(p.scope, p.owner);
  for (const [inventoryId, reader] of inventories) {
    for (let offset = 0; ; ) {
      const page = read(
        `stories of ${inventoryId}`,
        await call(url, reader.cookie, 'listInventoryStories', { params: { inventoryId }, query: { offset, limit: 200 } }),
      );
      if (!page) break;
      for (const s of page.items) stories.set(s.id, s);
      offset += page.items.length;
      if (page.items.length === 0 || offset >= page.total) {
        listedInventories.add(inventoryId);
        break;
      }
    }
  }

  const prefs = new Map<string, UserPreferences>();
  for (const k of world.prefs) {
    if (prefs.has(k.userId)) continue;
    const p = read(`preferences of ${k.owner.username}`, await call(url, k.owner.cookie, 'getUserPreferences', {}));
    if (p) prefs.set(k.userId, p);
  }

  const files = new Map<string, ChannelFile>();
  const listedGroups = new Set<string>();
  const lists = new Map<string, Client>();
  for (const f of world.files.values()) lists.set(f.groupId, f.owner);
  for (const [groupId, reader] of lists) {
    const list = read(`channel files of ${groupId}`, await call(url, reader.cookie, 'fetchChannelFiles', { query: { groupId } }));
    if (!list) continue;
    listedGroups.add(groupId);
    for (const f of list.items) files.set(f.id, f);
  }
  return { units, stories, listedInventories, prefs, files, listedGroups, failures };
}
export type Served = Awaited<ReturnType<typeof readServed>>;
