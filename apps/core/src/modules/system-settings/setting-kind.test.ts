import { VALIDATION } from '@fleet/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { validationError } from '../../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SettingStore } from './repository.js';
import { defineSettingKind, settingService } from './setting-kind.js';
import { uniqueName } from './settings-support.js';

interface Row {
  id: string;
  version: number;
  name: string;
  code: string;
}
type Data = Partial<Omit<Row, 'id' | 'version'>>;

/**
 * A table in memory; `violate` makes the next write meet a unique constraint, after another row
 * took `takenName` when given (a name taken in between).
 */
function memoryStore() {
  const rows = new Map<string, Row>();
  let next = 0;
  const state: { violate: boolean; takenName?: string } = { violate: false };
  const guard = () => {
    if (!state.violate) return;
    state.violate = false;
    if (state.takenName !== undefined) rows.set('other', { id: 'other', version: 0, name: state.takenName, code: 'other' });
    throw Object.assign(new Error('unique'), { code: 'P2002' });
  };
  const store: SettingStore<Row, Data, Data> = {
    all: async () => [...rows.values()],
    find: async (_db, id) => rows.get(id) ?? null,
    create: async (_db, data) => {
      guard();
      const row = { id: `r${++next}`, version: 0, name: '', code: '', ...data };
      rows.set(row.id, row);
      return row;
    },
    updateAtVersion: async (_db, id, version, data) => {
      guard();
      const row = rows.get(id);
      if (row?.version !== version) return 0;
      rows.set(id, { ...row, ...data, version: version + 1 });
      return 1;
    },
    delete: async (_db, id) => (rows.delete(id) ? 1 : 0),
    taken: async (_db, where, exceptId) =>
      [...rows.values()].some((r) => r.id !== exceptId && Object.entries(where).every(([k, v]) => r[k as keyof Row] === v)),
  };
  return { store, state };
}

const { store, state } = memoryStore();
const published: unknown[] = [];
// Only what the generic service reads: storage goes through the store above, announcements through the hub.
const deps = {
  db: null,
  clock: { now: () => 1 },
  readModel: { inventories: { all: () => [{ id: 'inv-1' }] }, groups: { all: () => [] } },
  hub: { publish: (_topics: string[], event: unknown) => published.push(event) },
} as unknown as ServiceDeps;

const codeTaken = () => validationError([{ path: 'body.code', message: VALIDATION.fieldUnique }]);
type Body = { name?: string; code?: string; version?: number };
const kind = defineSettingKind<{
  row: Row;
  out: { id: string; name: string; code: string };
  create: Body;
  update: Body;
  query: { offset: number; limit: number; searchValue?: string; sortBy: 'name' | 'code'; sortDir: 'asc' | 'desc' };
}>()({
  kind: 'modem_vendor',
  store,
  present: (row) => ({ id: row.id, name: row.name, code: row.code }),
  list: { search: (r) => [r.name], sort: (r, key) => r[key] },
  insert: (body) => ({ name: body.name ?? '', code: body.code ?? '' }),
  changes: (body) => ({ ...(body.name !== undefined ? { name: body.name } : {}), ...(body.code !== undefined ? { code: body.code } : {}) }),
  unique: [uniqueName, { column: 'code', value: (b) => b.code, error: codeTaken }],
});
const service = new (settingService(kind, 'by-id'))(deps);
const problems = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code: string; fields?: unknown }) => ({ code: e.code, fields: e.fields }),
  );

describe('a settings kind declared once', () => {
  beforeEach(() => {
    published.length = 0;
    state.violate = false;
    delete state.takenName;
  });

  it('lists a page searched in any case, sorted by the key then by id', async () => {
    await service.create({ name: 'Beta', code: 'b' });
    await service.create({ name: 'Alpha', code: 'a' });
    await service.create({ name: 'Gamma', code: 'c' });
    const page = await service.list({ offset: 0, limit: 2, searchValue: ' A', sortBy: 'name', sortDir: 'desc' });
    expect(page.items.map((r) => r.name)).toEqual(['Gamma', 'Beta']);
    expect(page.total).toBe(3);
  });

  it('refuses a taken name or code on its field, and a write over another version, changing nothing', async () => {
    const row = await service.create({ name: 'Delta', code: 'd' });
    expect(await problems(service.create({ name: 'Delta', code: 'z' }))).toEqual({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'body.name', message: VALIDATION.nameUnique }],
    });
    expect(await problems(service.update(row.id, { code: 'a' }))).toEqual({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'body.code', message: VALIDATION.fieldUnique }],
    });
    expect(await problems(service.update(row.id, { name: 'Epsilon', version: 7 }))).toMatchObject({ code: 'CONFLICT' });
    expect(await service.get(row.id)).toEqual({ id: row.id, name: 'Delta', code: 'd' });
    expect(published).toHaveLength(1);
  });

  it('answers a name taken in between with the field that clashed, and announces each change', async () => {
    const row = await service.create({ name: 'Zeta', code: 'zz' });
    state.violate = true;
    expect(await problems(service.update(row.id, { name: 'Eta' }))).toEqual({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'body.code', message: VALIDATION.fieldUnique }],
    });
    Object.assign(state, { violate: true, takenName: 'Theta' });
    expect(await problems(service.update(row.id, { name: 'Theta' }))).toEqual({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'body.name', message: VALIDATION.nameUnique }],
    });
    await service.update(row.id, { name: 'Eta' });
    await service.delete(row.id);
    expect(await problems(service.delete(row.id))).toMatchObject({ code: 'NOT_FOUND' });
    expect(published).toEqual([
      { type: 'systemSetting.changed', kind: 'modem_vendor', id: row.id, removed: false, at: 1 },
      { type: 'systemSetting.changed', kind: 'modem_vendor', id: row.id, removed: false, at: 1 },
      { type: 'systemSetting.changed', kind: 'modem_vendor', id: row.id, removed: true, at: 1 },
    ]);
  });
});
