/**
 * The clients of the crash test and the keys each of them writes.
 *
 * Clients log in as the seeded demo users (README "Demo accounts") that may write, one session
 * each. Every key has exactly one writer, so the order of its writes is known: a unit (its name,
 * file name prefix and NTP server, all counted by the unit's version) belongs to one client that
 * can see it; a story, a guest invitation and a channel file belong to the client that created or
 * was given it; a user's preferences are shared by that user's clients, each writing a top-level
 * field of its own (the core merges fields under the row's version).
 */
import { catalogue, hasAnyRole, type CurrentUser, type EndpointId, type Role, type UnitSummary } from '@fleet/contracts';
import { DEFAULT_DEMO_PASSWORD } from '@fleet/db';
import { bodyOf, call, login } from './http.js';
import { Counter, Register, type Tally, count } from './ledger.js';

/** Every value the test writes starts with this, so its rows can be found afterwards. */
export const MARK = 'dx-';

/** Demo users that may write, in the order clients take them (README, packages/db/src/seed.ts). */
export const WRITER_USERS = [
  'luc_regular',
  'luc_admin',
  'super_user',
  'staff',
  'luc_media_group_admin',
  'luc_partner',
  'luc_contractor',
  'luc_unit_control',
  'luc_freelancer',
] as const;

/** Top-level preference fields taking free text; the n-th client of a user writes the n-th. */
export const PREF_FIELDS = ['currentRoute', 'lastSelectedUnit', 'graphicsRegion', 'luSmartCountry', 'inventoryName'] as const;
export type PrefField = (typeof PREF_FIELDS)[number];

/** The value a preference write stores for a marker. */
export const prefValue = (field: PrefField, marker: string): string => (field === 'currentRoute' ? `/list?run=${marker}` : marker);

/** Every text field of a story, each carrying the marker of the write that set it. */
export function storyFields(marker: string) {
  return {
    slugline: `S ${marker}`,
    crewName: `crew ${marker}`,
    storyId: marker,
    usageTerms: `terms ${marker}`,
    provider: `provider ${marker}`,
    reporter: `reporter ${marker}`,
    keywords: `kw,${marker}`,
    comments: `comments ${marker}`,
  };
}
export type StoryFields = ReturnType<typeof storyFields>;
export const STORY_FIELD_NAMES = Object.keys(storyFields('')) as (keyof StoryFields)[];

export const ntpServer = (marker: string): string => `${marker}.example.net`;
export const guestEmail = (marker: string): string => `${marker}@example.com`;
export const renameComment = (name: string): string => `renamed ${name}`;

export interface Client {
  readonly index: number;
  readonly username: string;
  readonly userId: string;
  readonly cookie: string;
  readonly roles: readonly Role[];
  /** Inventory its stories go to, group its invitations go to (null: it may not). */
  readonly inventoryId: string | null;
  readonly groupId: string | null;
  /** A unit of the stories' inventory it assigns to and removes from its stories. */
  readonly assignUnit: string | null;
  readonly prefField: PrefField | null;
  /** The groups the user is in (the channel files it may see). */
  readonly groupIds: readonly string[];
  readonly units: UnitKey[];
  readonly stories: StoryKey[];
  readonly files: FileKey[];
  readonly invitations: InvitationKey[];
  /** Writes sent, for markers. */
  sent: number;
}

export function can(c: Pick<Client, 'roles'>, id: EndpointId): boolean {
  return hasAnyRole(c.roles, catalogue[id].roles);
}

export interface UnitKey {
  readonly id: string;
  readonly owner: Client;
  /** The name; a rename also sets the comment to renameComment(name) in the same write. */
  readonly name: Register<string>;
  readonly prefix: Register<string | null>;
  readonly ntp: Register<string | null>;
  readonly version: Counter;
}

export interface StoryKey {
  readonly id: string;
  readonly inventoryId: string;
  readonly owner: Client;
  /** The marker every text field derives from (storyFields). */
  readonly fields: Register<string>;
  /** Whether the owner's assignUnit is on the story. */
  readonly assigned: Register<boolean>;
  readonly version: Counter;
  /** The version the owner sends with its next edit. */
  knownVersion: number;
}

export interface FileKey {
  readonly id: string;
  readonly owner: Client;
  /** A group whose channel files list shows the file. */
  readonly groupId: string;
  readonly ext: string;
  readonly name: Register<string>;
  /** Length of the chunk list. */
  readonly chunks: Counter;
  readonly version: Counter;
  chunksThisRound: number;
}

export interface InvitationKey {
  readonly id: string;
  readonly owner: Client;
  readonly groupId: string;
  readonly deviceName: string;
  readonly email: Register<string>;
  readonly version: Counter;
  /** Written this round: read back through the API at the verification. */
  touched: boolean;
}

export interface PrefKey {
  readonly userId: string;
  readonly field: PrefField;
  readonly owner: Client;
  readonly value: Register<string | null>;
}

/** A create without an acknowledgement: its row may be there (unknown) or must not be (rejected). */
export interface PendingCreate {
  readonly kind: 'story' | 'invitation';
  readonly marker: string;
  readonly owner: Client;
  readonly outcome: 'rejected' | 'unknown';
  /** Inventory (story) or group (invitation). */
  readonly scope: string;
}

export interface World {
  url: string;
  readonly clients: Client[];
  readonly units: Map<string, UnitKey>;
  readonly stories: Map<string, StoryKey>;
  readonly files: Map<string, FileKey>;
  readonly invitations: Map<string, InvitationKey>;
  readonly prefs: PrefKey[];
  /** One version per user's preferences row (every field write of every client of the user). */
  readonly prefVersions: Map<string, Counter>;
  readonly pending: PendingCreate[];
}

export const marker = (c: Client, round: number): string => `${MARK}c${c.index}-r${round}-n${++c.sent}`;

/** The one of `candidates` owning the fewest keys so far (ties: the first). */
function leastLoaded(candidates: Client[], load: (c: Client) => number): Client | undefined {
  return candidates.reduce<Client | undefined>((best, c) => (best === undefined || load(c) < load(best) ? c : best), undefined);
}

/**
 * Log the clients in and hand out the keys. Stored values (names, prefixes, preferences, file names,
 * versions) start as 0/null here and are settled from the database before the first round.
 */
export async function setUp(url: string, clientCount: number, tally: Tally): Promise<World> {
  const clients: Client[] = [];
  const visible = new Map<number, UnitSummary[]>();
  for (let i = 0; i < clientCount; i++) {
    const username = WRITER_USERS[i % WRITER_USERS.length] ?? 'luc_regular';
    const cookie = await login(url, username, DEFAULT_DEMO_PASSWORD);
    count(tally, 'login', 'acked');
    const me: CurrentUser = bodyOf('users/current', await call(url, cookie, 'getCurrentUser', {}));
    const units = bodyOf('devices/fetch', await call(url, cookie, 'fetchDevices', { query: {} }));
    const roles = me.roles;
    const inventoryId = hasAnyRole(roles, catalogue.createStory.roles) ? (me.inventories[0]?.id ?? null) : null;
    const assignUnit = inventoryId
      ? (units
          .filter((u) => u.inventoryIds.includes(inventoryId))
          .map((u) => u.uniqueId)
          .sort()[0] ?? null)
      : null;
    const sameUser = clients.filter((c) => c.username === username).length;
    clients.push({
      index: i,
      username,
      userId: me.id,
      cookie,
      roles,
      inventoryId,
      groupId: hasAnyRole(roles, catalogue.createGroupInvitation.roles) ? (me.groups[0]?.id ?? null) : null,
      assignUnit,
      prefField: PREF_FIELDS[sameUser] ?? null,
      groupIds: me.groups.map((g) => g.id),
      units: [],
      stories: [],
      files: [],
      invitations: [],
      sent: 0,
    });
    visible.set(i, units);
  }

  const world: World = {
    url,
    clients,
    units: new Map(),
    stories: new Map(),
    files: new Map(),
    invitations: new Map(),
    prefs: [],
    prefVersions: new Map(),
    pending: [],
  };

  const unitIds = [...new Set([...visible.values()].flatMap((us) => us.map((u) => u.uniqueId)))].sort();
  for (const id of unitIds) {
    const owner = leastLoaded(
      clients.filter((c) => can(c, 'renameDevice') && visible.get(c.index)?.some((u) => u.uniqueId === id)),
      (c) => c.units.length,
    );
    if (!owner) continue;
    const key: UnitKey = {
      id,
      owner,
      name: new Register(''),
      prefix: new Register<string | null>(null),
      ntp: new Register<string | null>(null),
      version: new Counter(0),
    };
    owner.units.push(key);
    world.units.set(id, key);
  }

  // Channel files: whatever the clients' groups show, each file to one client that may change it.
  const fileWriters = clients.filter((c) => can(c, 'renameChannelFile'));
  const groupIds = [...new Set(fileWriters.flatMap((c) => c.groupIds))].sort();
  for (const groupId of groupIds) {
    const inGroup = fileWriters.filter((c) => c.groupIds.includes(groupId));
    const reader = inGroup[0];
    if (!reader) continue;
    const list = bodyOf('channelfiles', await call(url, reader.cookie, 'fetchChannelFiles', { query: { groupId } }));
    for (const f of list.items) {
      if (world.files.has(f.id) || f.isTransferring) continue;
      const owner = leastLoaded(inGroup, (w) => w.files.length) ?? reader;
      const dot = f.fileName.lastIndexOf('.');
      const key: FileKey = {
        id: f.id,
        owner,
        groupId,
        ext: dot > 0 ? f.fileName.slice(dot + 1) : '',
        name: new Register(f.fileName),
        chunks: new Counter(0),
        version: new Counter(0),
        chunksThisRound: 0,
      };
      owner.files.push(key);
      world.files.set(f.id, key);
    }
  }

  for (const c of clients) {
    if (!c.prefField) continue;
    world.prefs.push({ userId: c.userId, field: c.prefField, owner: c, value: new Register<string | null>(null) });
    if (!world.prefVersions.has(c.userId)) world.prefVersions.set(c.userId, new Counter(0));
  }
  return world;
}
