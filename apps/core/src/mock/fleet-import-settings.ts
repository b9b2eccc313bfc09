/**
 * The second part of an import's storage step (mock/fleet-import.ts), once the fleet's objects are
 * there: units' configuration, servers' configuration tabs, alerts and alerts configurations, users
 * and audio rooms, as the recording last saw them (mock/fleet-capture.ts). Like the first part it
 * only adds and changes, and a reference to something neither the recording nor the mock has is
 * left as the mock had it.
 *
 * - A configuration (a unit's, a server's tabs) changes only a unit or server the mock has: the
 *   recorded settings are laid key by key on the stored JSON, so what no answer showed (the secrets
 *   above all: an IP input's passphrase, Wi-Fi and APN passwords) stays as the mock had it.
 * - An alert the mock has changes; one it lacks is made when its type, level and unit or server
 *   are known. An alerts configuration (the default, an inventory's, a group's, a unit's) is changed
 *   or made for an inventory, group or unit the mock has; a mailing list seen whole replaces the stored one (addresses with
 *   their state; a pending one has no verification link that works: tokens are never answered).
 * - Users: a user the mock has is changed and keeps their password. A user made from a recording
 *   has NO usable password (a random hash: no answer carries one, and none is invented): they sign
 *   in once an operator sets one (PUT v2/users/{id}/password). A recorded username or e-mail the
 *   mock gives another user stays that user's (the mock's accounts keep signing in): the recorded
 *   one is then not made, or keeps its own.
 * - Audio rooms: made or changed in an inventory the mock has (a name another room of the inventory
 *   holds is moved out of the way, as other names are).
 */
import { dummyPasswordHash, type Db } from '@fleet/db';
import type { CapturedFleet, CapturedRecipient } from './fleet-capture.js';
import { isRow, mergeDeep, type Row } from './fleet-capture-columns.js';

/** The Prisma calls made on a table, in the loose shape the captured columns come in (as fleet-import.ts's). */
export interface Table {
  findUnique(args: { where: Record<string, unknown>; select?: Record<string, true> }): Promise<Record<string, unknown> | null>;
  findFirst(args: { where: Record<string, unknown>; select?: Record<string, true> }): Promise<Record<string, unknown> | null>;
  findMany(args: { where: Record<string, unknown> }): Promise<Record<string, unknown>[]>;
  update(args: { where: { id: string }; data: Record<string, unknown> }): Promise<unknown>;
  create(args: { data: Record<string, unknown> }): Promise<{ id: string }>;
  deleteMany(args: { where: Record<string, unknown> }): Promise<unknown>;
}

/** What fleet-import.ts lends this step: its upsert (names moved out of the way) and memberships. */
export interface ImportRows {
  upsert(t: Table, id: string, data: Row, unique: readonly (readonly string[])[], create: () => Row | null): Promise<boolean>;
  link(links: Table, own: string, id: string, other: string, wanted: readonly string[] | undefined, others: Table): Promise<void>;
}

export interface SettingsCounts {
  unitConfigurations: number;
  serverConfigurations: number;
  alerts: number;
  alertConfigurations: number;
  users: number;
  audioRooms: number;
}

const table = (t: unknown) => t as Table;
const dateOf = (v: string | null): Date | null => (v === null ? null : new Date(v));
const dated = (data: Row, ...columns: string[]): Row => {
  for (const c of columns) if (typeof data[c] === 'string') data[c] = new Date(data[c]);
  return data;
};

export async function writeSettings(db: Db, fleet: CapturedFleet, rows: ImportRows): Promise<SettingsCounts> {
  const counts: SettingsCounts = { unitConfigurations: 0, serverConfigurations: 0, alerts: 0, alertConfigurations: 0, users: 0, audioRooms: 0 };
  const has = async (t: unknown, id: unknown): Promise<boolean> =>
    typeof id === 'string' && (await table(t).findUnique({ where: { id }, select: { id: true } })) !== null;
  /** Drop a reference to a row the mock does not have (the mock's own stays). */
  const known = async (data: Row, column: string, t: unknown): Promise<void> => {
    if (typeof data[column] === 'string' && !(await has(t, data[column]))) delete data[column];
  };

  // Units' and servers' configuration: laid on the stored JSON of a unit or server the mock has.
  for (const [kind, captured] of [
    ['unit', fleet.unitConfigurations],
    ['server', fleet.serverConfigurations],
  ] as const) {
    const t = table(kind === 'unit' ? db.unit : db.server);
    for (const c of captured.values()) {
      const row = await t.findUnique({ where: { id: c.id }, select: { configuration: true } });
      if (!row) continue;
      const configuration = mergeDeep(isRow(row.configuration) ? row.configuration : {}, c.configuration);
      // An IP pipe the recording saw needs its server list to be stored: none seen whole and none stored is an empty one.
      if (isRow(c.configuration.ipPipe) && isRow(configuration.ipPipe) && !Array.isArray(configuration.ipPipe.servers))
        configuration.ipPipe = { ...configuration.ipPipe, servers: [] };
      await t.update({ where: { id: c.id }, data: { ...c.columns, configuration } });
      counts[kind === 'unit' ? 'unitConfigurations' : 'serverConfigurations']++;
    }
  }

  for (const a of fleet.alerts.values()) {
    const data = dated({ ...a.columns }, 'raisedAt', 'clearedAt');
    await known(data, 'unitId', db.unit);
    await known(data, 'serverId', db.server);
    const made = () =>
      typeof data.type === 'string' && typeof data.level === 'string' && (data.unitId !== undefined || data.serverId !== undefined) ? data : null;
    if (await rows.upsert(table(db.alert), a.id, data, [], made)) counts.alerts++;
  }

  for (const c of fleet.alertConfigurations.values()) {
    const t = table(db.alertConfiguration);
    const data: Row = { ...c.columns };
    await known(data, 'sourceGroupId', db.group);
    let where: Row;
    let owner: Row;
    if (c.scope === 'default') {
      where = { scope: 'default', unitId: null, groupId: null, inventoryId: null };
      owner = { scope: 'default' };
    } else if (c.scope === 'group') {
      const group = await db.group.findUnique({ where: { id: c.ownerId! }, select: { inventoryId: true } });
      if (!group) continue;
      where = { groupId: c.ownerId };
      owner = { scope: 'group', groupId: c.ownerId, inventoryId: group.inventoryId };
    } else if (c.scope === 'inventory') {
      if (!(await has(db.inventory, c.ownerId))) continue;
      where = { scope: 'inventory', inventoryId: c.ownerId };
      owner = { scope: 'inventory', inventoryId: c.ownerId };
    } else {
      if (!(await has(db.unit, c.ownerId))) continue;
      where = { unitId: c.ownerId };
      owner = { scope: 'unit', unitId: c.ownerId };
    }
    const stored = await t.findFirst({ where, select: { id: true, settings: true } });
    // A group's mode is kept in its settings (alert-columns.ts groupAlertMode).
    if (c.groupMode !== undefined)
      data.settings = { ...(isRow(stored?.settings) ? stored.settings : {}), ...(isRow(data.settings) ? data.settings : {}), groupMode: c.groupMode };
    let id: string;
    if (stored) {
      id = String(stored.id);
      if (Object.keys(data).length > 0) await t.update({ where: { id }, data });
    } else id = (await t.create({ data: { ...owner, ...data } })).id;
    if (c.recipients) await recipients(table(db.alertEmailRecipient), id, c.recipients);
    counts.alertConfigurations++;
  }

  for (const u of fleet.users.values()) {
    const data = dated({ ...u.columns }, 'passwordExpiresAt', 'lastLoginAt');
    // A username or e-mail the mock gives another user stays theirs.
    for (const column of ['username', 'email'] as const) {
      if (typeof data[column] !== 'string') continue;
      const other = await table(db.user).findFirst({ where: { [column]: data[column], NOT: { id: u.id } }, select: { id: true } });
      if (other) delete data[column];
    }
    const made = () =>
      typeof data.username === 'string' && typeof data.firstName === 'string' && typeof data.lastName === 'string' && typeof data.userType === 'string'
        ? { roles: [data.userType], ...data, passwordHash: dummyPasswordHash() }
        : null;
    if (await rows.upsert(table(db.user), u.id, data, [], made)) {
      counts.users++;
      await rows.link(table(db.userInventory), 'userId', u.id, 'inventoryId', u.inventoryIds, table(db.inventory));
      await rows.link(table(db.userGroup), 'userId', u.id, 'groupId', u.groupIds, table(db.group));
    }
  }

  for (const r of fleet.audioRooms.values()) {
    const data = { ...r.columns };
    await known(data, 'inventoryId', db.inventory);
    await known(data, 'serverId', db.server);
    const made = () => (typeof data.name === 'string' && typeof data.inventoryId === 'string' ? data : null);
    if (await rows.upsert(table(db.audioRoom), r.id, data, [['inventoryId', 'name']], made)) counts.audioRooms++;
  }
  return counts;
}

/** A mailing list seen whole: the stored one becomes it (an address kept keeps its row; its state as recorded). */
async function recipients(t: Table, alertConfigurationId: string, wanted: readonly CapturedRecipient[]): Promise<void> {
  const held = await t.findMany({ where: { alertConfigurationId } });
  const key = (r: { alertType: unknown; email: unknown }) => `${String(r.alertType)}\n${String(r.email)}`;
  const keep = new Set(wanted.map(key));
  const gone = held.filter((h) => !keep.has(key(h as { alertType: unknown; email: unknown }))).map((h) => h.id);
  if (gone.length > 0) await t.deleteMany({ where: { id: { in: gone } } });
  for (const r of wanted) {
    const row = held.find((h) => key(h as { alertType: unknown; email: unknown }) === key(r));
    const state = { verified: r.verified, ...(r.verificationExpiresAt !== undefined ? { verificationExpiresAt: dateOf(r.verificationExpiresAt) } : {}) };
    if (row) await t.update({ where: { id: String(row.id) }, data: state });
    else await t.create({ data: { alertConfigurationId, alertType: r.alertType, email: r.email, ...state } });
  }
}
