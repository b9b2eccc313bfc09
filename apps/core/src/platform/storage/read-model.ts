/**
 * The read model: what hot reads touch, in memory. Units (with their memberships), groups,
 * inventories, servers, channels and video return channels are loaded from storage at start and
 * kept current from the storage layer's write feed (`watchWrites`): after every committed write,
 * and before the writer is answered, the rows it touched are read again from the database — the
 * source of truth — so the instance that wrote reads its own writes. Other instances hear the same
 * refreshes through an invalidation bus (Redis) and read the rows from the database too.
 *
 * Nothing here interprets business rules: it maps a write (model, arguments, result) to the rows to
 * read again, coalescing concurrent refreshes so that the last read of a row starts after the last
 * write to it.
 */
import { watchWrites, type Db, type Prisma, type WriteChange } from '@fleet/db';
import { UnitRepository, unitMemberships, type UnitRecord } from './unit-rows.js';
import { systemClock, type Clock } from '../clock.js';
import { byId, MemoryTable, type TableName } from './memory-table.js';

export { deepFreeze, MemoryTable, type ChangeOrigin, type TableName } from './memory-table.js';

/** What to read again: some rows of a table, or all of it (`ids: null`). */
export interface Invalidation {
  readonly table: TableName | 'users' | 'sessions';
  readonly ids: readonly string[] | null;
  /** Only the rows' own columns changed (not their memberships). */
  readonly columnsOnly?: boolean;
}

/** Carries invalidations between core instances (Redis pub/sub when several share a database). */
export interface InvalidationBus {
  publish(invalidations: readonly Invalidation[]): void;
  subscribe(listener: (invalidations: readonly Invalidation[]) => void): void;
}

const channelMemberships = {
  groups: { select: { groupId: true } },
  inventories: { select: { inventoryId: true } },
} as const satisfies Prisma.ChannelInclude;

export type GroupRow = Prisma.GroupGetPayload<object>;
export type InventoryRow = Prisma.InventoryGetPayload<object>;
export type ServerRow = Prisma.ServerGetPayload<object>;
export type ChannelRecord = Prisma.ChannelGetPayload<{ include: typeof channelMemberships }>;
export type VrChannelRecord = Prisma.VideoReturnChannelGetPayload<{ include: typeof channelMemberships }>;
export type AlertConfigurationRecord = Prisma.AlertConfigurationGetPayload<{ include: { recipients: true } }>;

/** Units by name (names are unique), in code-unit order on both providers. */
const byName = (a: { name: string; id: string }, b: { name: string; id: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : byId(a, b));

const idsWhere = (ids: readonly string[] | null) => (ids === null ? {} : { id: { in: [...ids] } });

export class ReadModel {
  readonly units: MemoryTable<UnitRecord>;
  readonly groups: MemoryTable<GroupRow>;
  readonly inventories: MemoryTable<InventoryRow>;
  readonly servers: MemoryTable<ServerRow>;
  readonly channels: MemoryTable<ChannelRecord>;
  readonly vrChannels: MemoryTable<VrChannelRecord>;
  readonly alertConfigurations: MemoryTable<AlertConfigurationRecord>;
  /** The units table as the services read and write unit rows (names, extras, configuration, the unit-row write). */
  readonly unitRows: UnitRepository;
  private readonly userListeners: Array<(userIds: readonly string[] | null) => void> = [];
  private readonly sessionListeners: Array<(sessionIds: readonly string[] | null) => void> = [];
  private bus: InvalidationBus | null = null;

  constructor(
    private readonly db: Db,
    clock: Clock = systemClock,
  ) {
    this.units = new MemoryTable(
      'units',
      (ids) => db.unit.findMany({ where: idsWhere(ids), include: unitMemberships }),
      byName,
      {
        read: (ids) => db.unit.findMany({ where: idsWhere(ids) }),
        merge: (held, fresh) => ({ ...(fresh as Omit<UnitRecord, 'inventories' | 'groups'>), inventories: held.inventories, groups: held.groups }),
      },
      clock,
    );
    this.unitRows = new UnitRepository(this.units, db);
    this.groups = new MemoryTable('groups', (ids) => db.group.findMany({ where: idsWhere(ids) }), byId, undefined, clock);
    this.inventories = new MemoryTable('inventories', (ids) => db.inventory.findMany({ where: idsWhere(ids) }), byId, undefined, clock);
    this.servers = new MemoryTable('servers', (ids) => db.server.findMany({ where: idsWhere(ids) }), byId, undefined, clock);
    this.channels = new MemoryTable('channels', (ids) => db.channel.findMany({ where: idsWhere(ids), include: channelMemberships }), byId, undefined, clock);
    this.vrChannels = new MemoryTable(
      'vrChannels',
      (ids) => db.videoReturnChannel.findMany({ where: idsWhere(ids), include: channelMemberships }),
      byId,
      undefined,
      clock,
    );
    // Oldest first: "the first of a scope" is the oldest one, as storage's `orderBy createdAt` gave.
    this.alertConfigurations = new MemoryTable(
      'alertConfigurations',
      (ids) => db.alertConfiguration.findMany({ where: idsWhere(ids), include: { recipients: { orderBy: { id: 'asc' } } } }),
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || byId(a, b),
      undefined,
      clock,
    );
  }

  /** The alert configuration of a unit, of a group, or the first of an inventory's or the platform's. */
  alertConfigurationOf(owner: { unitId: string } | { groupId: string } | { inventoryId: string } | 'default'): AlertConfigurationRecord | null {
    const all = this.alertConfigurations.all();
    if (owner === 'default') return all.find((c) => c.scope === 'default') ?? null;
    if ('unitId' in owner) return all.find((c) => c.unitId === owner.unitId) ?? null;
    if ('groupId' in owner) return all.find((c) => c.groupId === owner.groupId) ?? null;
    return all.find((c) => c.scope === 'inventory' && c.inventoryId === owner.inventoryId) ?? null;
  }

  private get tables(): Record<TableName, Pick<MemoryTable<{ id: string }>, 'load' | 'refresh' | 'patch'>> {
    return {
      units: this.units,
      groups: this.groups,
      inventories: this.inventories,
      servers: this.servers,
      channels: this.channels,
      vrChannels: this.vrChannels,
      alertConfigurations: this.alertConfigurations,
    };
  }

  /** Load every table and follow the database's writes from now on. */
  async start(bus: InvalidationBus | null = null): Promise<void> {
    watchWrites(this.db, (changes) => this.apply(changes));
    await Promise.all(Object.values(this.tables).map((t) => t.load()));
    this.bus = bus;
    bus?.subscribe((invalidations) => void this.invalidate(invalidations));
  }

  /** A user's roles, inventories or groups changed (null: possibly anyone's): sessions re-resolve. */
  onUsersChanged(listener: (userIds: readonly string[] | null) => void): void {
    this.userListeners.push(listener);
  }

  /** Sessions were deleted or changed (null: possibly any). */
  onSessionsChanged(listener: (sessionIds: readonly string[] | null) => void): void {
    this.sessionListeners.push(listener);
  }

  /** Committed writes of this instance: read what they touched, then tell the other instances. */
  private async apply(changes: readonly WriteChange[]): Promise<void> {
    const all: Invalidation[] = [];
    // Rows written with known values are patched in place of a read, in commit order. A row that
    // another write of the same batch changed otherwise is still read (after its patches).
    const patched = new Set<string>();
    const read = new Set<string>();
    for (const c of changes) {
      const invalidations = invalidationsOf(c, this);
      all.push(...invalidations);
      const table = c.row && c.model !== null ? ROWS[c.model] : undefined;
      if (table && this.tables[table].patch(c.row!.id, c.row!.columns)) patched.add(`${table}\u0000${c.row!.id}`);
      else for (const inv of invalidations) for (const id of inv.ids ?? []) read.add(`${inv.table}\u0000${id}`);
    }
    for (const key of read) patched.delete(key);
    const invalidations = merge(all);
    if (invalidations.length === 0) return;
    const reads = patched.size === 0 ? invalidations : unpatched(invalidations, patched);
    await this.invalidate(reads, 'local');
    this.bus?.publish(invalidations);
  }

  /** Read these rows again (also what another instance wrote). */
  async invalidate(invalidations: readonly Invalidation[], origin: 'local' | 'remote' = 'remote'): Promise<void> {
    const work: Promise<void>[] = [];
    for (const inv of invalidations) {
      if (inv.table === 'users') for (const l of this.userListeners) l(inv.ids);
      else if (inv.table === 'sessions') for (const l of this.sessionListeners) l(inv.ids);
      else work.push(this.tables[inv.table].refresh(inv.ids, inv.columnsOnly === true, origin));
    }
    await Promise.all(work);
  }
}

// ── from a write to the rows it touched ────────────────────────────────────────────────────────

type Args = { where?: Record<string, unknown>; data?: unknown; create?: unknown };

/** The string values of `key` in a where/data fragment: `x`, `{ in: [...] }`, `{ equals: x }`. */
function valuesOf(fragment: unknown, key: string): string[] | null {
  if (!fragment || typeof fragment !== 'object') return null;
  const v = (fragment as Record<string, unknown>)[key];
  if (typeof v === 'string') return [v];
  if (v && typeof v === 'object') {
    const o = v as { in?: unknown; equals?: unknown };
    if (Array.isArray(o.in) && o.in.every((x) => typeof x === 'string')) return o.in as string[];
    if (typeof o.equals === 'string') return [o.equals];
  }
  return null;
}

/** The values of `key` a write names or returns; null when it cannot tell (then: the whole table). */
function keysOf(change: WriteChange, key: string, compound?: string): string[] | null {
  const args = (change.args ?? {}) as Args;
  const found = new Set<string>();
  const add = (xs: string[] | null): boolean => {
    if (!xs) return false;
    for (const x of xs) found.add(x);
    return true;
  };
  const fromRow = (row: unknown): boolean => add(valuesOf(row, key));
  const where = args.where;
  const fromWhere = add(valuesOf(where, key)) || (compound !== undefined && add(valuesOf((where as Record<string, unknown> | undefined)?.[compound], key)));
  const result = change.result;
  let fromResult = false;
  if (Array.isArray(result)) fromResult = result.every((r) => fromRow(r)) && result.length > 0;
  else if (result && typeof result === 'object' && !('count' in result)) fromResult = fromRow(result);
  let fromData = false;
  if (Array.isArray(args.data)) fromData = args.data.length > 0 && args.data.every((d) => fromRow(d));
  else if (change.operation.startsWith('create')) fromData = fromRow(args.data);
  if (fromWhere || fromResult || fromData) return [...found];
  return null;
}

/** Join tables → the table whose records carry them, and the column naming the record. */
const JOINS: Record<string, { table: TableName; key: string; compound: string }> = {
  UnitInventory: { table: 'units', key: 'unitId', compound: 'unitId_inventoryId' },
  UnitGroup: { table: 'units', key: 'unitId', compound: 'unitId_groupId' },
  ChannelInventory: { table: 'channels', key: 'channelId', compound: 'channelId_inventoryId' },
  GroupChannel: { table: 'channels', key: 'channelId', compound: 'groupId_channelId' },
  VrChannelInventory: { table: 'vrChannels', key: 'vrChannelId', compound: 'vrChannelId_inventoryId' },
  GroupVrChannel: { table: 'vrChannels', key: 'vrChannelId', compound: 'groupId_vrChannelId' },
  AlertEmailRecipient: { table: 'alertConfigurations', key: 'alertConfigurationId', compound: 'alertConfigurationId' },
};

const ROWS: Record<string, TableName> = {
  Unit: 'units',
  Group: 'groups',
  Inventory: 'inventories',
  Server: 'servers',
  Channel: 'channels',
  VideoReturnChannel: 'vrChannels',
  AlertConfiguration: 'alertConfigurations',
};

/** Models whose writes change who may see what. */
const SCOPE: Record<string, string> = { User: 'id', UserInventory: 'userId', UserGroup: 'userId' };

function invalidationsOf(change: WriteChange, model: ReadModel): Invalidation[] {
  const all = (table: Invalidation['table']): Invalidation => ({ table, ids: null });
  // Raw SQL may have changed anything.
  if (change.model === null) return [...(Object.values(ROWS) as TableName[]).map(all), all('users'), all('sessions')];
  const join = JOINS[change.model];
  if (join) return [{ table: join.table, ids: keysOf(change, join.key, join.compound) }];
  // A new session is resolved when first used; a changed or deleted one must not stay cached.
  if (change.model === 'Session') return change.operation === 'create' ? [] : [{ table: 'sessions', ids: keysOf(change, 'id') }];
  const scopeKey = SCOPE[change.model];
  if (scopeKey)
    return [
      {
        table: 'users',
        ids: keysOf(change, scopeKey, scopeKey === 'userId' ? `userId_${change.model === 'UserGroup' ? 'groupId' : 'inventoryId'}` : undefined),
      },
    ];
  const table = ROWS[change.model];
  if (!table) return [];
  const ids = keysOf(change, 'id');
  // An update changes the row's own columns only; a create or delete may change its relations.
  const columnsOnly = change.operation.startsWith('update');
  const out: Invalidation[] = [{ table, ids, ...(columnsOnly ? { columnsOnly } : {}) }];
  // Deleting a group or an inventory cascades to the join rows of units, channels, users.
  if (change.operation.startsWith('delete') && (table === 'groups' || table === 'inventories')) {
    const gone = new Set(ids ?? []);
    const inGroup =
      ids === null
        ? null
        : model.units
            .all()
            .filter((u) => u.groups.some((m) => gone.has(m.groupId)))
            .map((u) => u.id);
    out.push(table === 'groups' ? { table: 'units', ids: inGroup } : all('units'));
    out.push(all('channels'), all('vrChannels'), all('users'));
    // An inventory's groups go with it.
    if (table === 'inventories') out.push(all('groups'), all('servers'));
  }
  // A unit's, group's or inventory's alert configuration goes with it.
  if (change.operation.startsWith('delete') && (table === 'units' || table === 'groups' || table === 'inventories')) out.push(all('alertConfigurations'));
  // A server's channels go with it.
  if (change.operation.startsWith('delete') && table === 'servers') out.push(all('channels'), all('vrChannels'));
  return out;
}

/**
 * The invalidations without the rows already patched (`table\0id`). Only column reads are dropped:
 * a row also asked for whole (its relations may have changed) or a whole table is still read.
 */
function unpatched(list: Invalidation[], patched: ReadonlySet<string>): Invalidation[] {
  const out: Invalidation[] = [];
  for (const inv of list) {
    if (!inv.columnsOnly || inv.ids === null) {
      out.push(inv);
      continue;
    }
    const ids = inv.ids.filter((id) => !patched.has(`${inv.table}\u0000${id}`));
    if (ids.length > 0) out.push({ ...inv, ids });
  }
  return out;
}

/** One invalidation per table (all rows wins over some); rows read whole win over columns only. */
function merge(list: Invalidation[]): Invalidation[] {
  const whole = new Map<Invalidation['table'], Set<string> | null>();
  const columns = new Map<Invalidation['table'], Set<string>>();
  for (const inv of list) {
    if (inv.columnsOnly && inv.ids !== null) {
      if (!columns.has(inv.table)) columns.set(inv.table, new Set());
      for (const id of inv.ids) columns.get(inv.table)!.add(id);
      continue;
    }
    if (!whole.has(inv.table)) whole.set(inv.table, new Set());
    const cur = whole.get(inv.table);
    if (cur === null || cur === undefined) continue;
    if (inv.ids === null) whole.set(inv.table, null);
    else for (const id of inv.ids) cur.add(id);
  }
  const out: Invalidation[] = [];
  for (const [table, ids] of whole) if (ids === null || ids.size > 0) out.push({ table, ids: ids === null ? null : [...ids] });
  for (const [table, ids] of columns) {
    const w = whole.get(table);
    if (w === null) continue;
    const rest = [...ids].filter((id) => !w?.has(id));
    if (rest.length > 0) out.push({ table, ids: rest, columnsOnly: true });
  }
  return out;
}
