/**
 * Usage profiles (spec 001 §3 Usage profile, §5 rules) against the real core on real SQLite and
 * PostgreSQL: the /usage_profiles list with unit counts, create, update with version, delete (not a
 * default one, nor one units are on), the assignment to units of the inventory; roles
 * (MANAGE_ROLES), scope (unknown and foreign both 404; global profiles written by global roles
 * only), the spec's validation messages, a rejected request changing nothing, the realtime events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  catalogue,
  ERROR_CATALOGUE,
  usageProfileEndpoints,
  VALIDATION,
  type EndpointDef,
  type UnitUsageProfiles,
  type UsageProfile,
  type UsageProfilePage,
  RULES,
} from '@fleet/contracts';
import { providers, startTestStack, type TestStack, coreCall, recordPublished, type Method, type Published } from '../support/stack.js';

const IDS = Object.keys(usageProfileEndpoints) as (keyof typeof usageProfileEndpoints)[];

describe.each(providers())('usage profiles on %s', (provider) => {
  let s: TestStack;
  let admin: string; // luc_admin: inventory inv-global only
  let regular: string;
  let superUser: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider, simulator: false });
    [admin, regular, superUser] = await Promise.all([s.login('luc_admin'), s.login('luc_regular'), s.login('super_user')]);
    // A profile of another inventory (foreign to luc_admin).
    await s.app.services.db.usageProfile.create({
      data: { id: 'usp-metro', name: 'Metro-Hours', type: 'hours', quotaPerMonth: 50, resetDay: 10, inventoryId: 'inv-metro' },
    });
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const snapshot = async () =>
    JSON.stringify([
      await db().usageProfile.findMany({ orderBy: { id: 'asc' } }),
      await db().unit.findMany({ select: { id: true, usageProfileId: true, version: true }, orderBy: { id: 'asc' } }),
    ]);
  const list = async (cookie = admin, inventory = 'inv-global'): Promise<UsageProfilePage> =>
    (await call('GET', `/v2/inventories/${inventory}/usageProfiles`, cookie)).json();
  const create = (body: Record<string, unknown>, cookie = admin, inventory = 'inv-global') =>
    call('POST', `/v2/inventories/${inventory}/usageProfiles`, cookie, body);
  const fields = (res: { json(): { error: { fields?: { path: string; message: string }[] } } }) => res.json().error.fields;
  const eventsOf = (type: string) => published.filter((p) => p.event.type === type);
  const unitsOfInventory = (inventoryId: string) =>
    s.app.services.readModel.units.all().filter((u) => u.inventories.some((i) => i.inventoryId === inventoryId));

  it('answers 401 without a session and 403 outside the manage roles, changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: def.path.startsWith('/v2/usageProfiles') ? 'usp-news-data' : 'inv-global' });
      const body = def.body ? { name: 'X-Profile', type: 'data', quotaPerMonth: 5, resetDay: 1, usageProfileId: null, unitIds: ['LU800-0001'] } : undefined;
      expect((await call(def.method, url, undefined, body)).statusCode, id).toBe(401);
      expect((await call(def.method, url, regular, body)).statusCode, id).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });

  it("lists the inventory's and the global profiles with the inventory's unit counts, searched and sorted", async () => {
    const page = await list();
    expect(page.items.map((p) => p.name)).toEqual(['Default-Data', 'Default-Hours', 'News-Data-2TB']);
    const units = unitsOfInventory('inv-global');
    for (const p of page.items) expect(p.unitCount, p.name).toBe(units.filter((u) => u.usageProfileId === p.id).length);
    expect(page.items.find((p) => p.id === 'usp-data-default')).toMatchObject({
      type: 'data',
      quotaPerMonth: 500,
      resetDay: 1,
      isDefault: true,
      inventoryId: null,
    });
    const found = (await call('GET', '/v2/inventories/inv-global/usageProfiles?searchValue=hours', admin)).json() as UsageProfilePage;
    expect(found.items.map((p) => p.id)).toEqual(['usp-hours-default']);
    const byQuota = (await call('GET', '/v2/inventories/inv-global/usageProfiles?sortBy=quotaPerMonth&sortDir=desc', admin)).json() as UsageProfilePage;
    expect(byQuota.items.map((p) => p.quotaPerMonth)).toEqual([2000, 500, 100]);
    // Another inventory's profile is not listed; that inventory itself is foreign: 404.
    expect(page.items.some((p) => p.id === 'usp-metro')).toBe(false);
    expect((await call('GET', '/v2/inventories/inv-metro/usageProfiles', admin)).statusCode).toBe(404);
    expect((await list(superUser, 'inv-metro')).items.map((p) => p.id)).toContain('usp-metro');
  });

  it('creates a profile of the inventory, announced on its topic', async () => {
    published.length = 0;
    const res = await create({ name: 'Field-Hours', type: 'hours', quotaPerMonth: 40, resetDay: 31 });
    expect(res.statusCode, res.body).toBe(201);
    const created: UsageProfile = res.json();
    expect(created).toMatchObject({
      name: 'Field-Hours',
      type: 'hours',
      quotaPerMonth: 40,
      resetDay: 31,
      isDefault: false,
      inventoryId: 'inv-global',
      unitCount: 0,
      version: 0,
    });
    expect((await list()).items.map((p) => p.name)).toContain('Field-Hours');
    const [event] = eventsOf('usageProfile.changed');
    expect(event?.topics).toContain('inventory:inv-global');
    expect(event?.event).toMatchObject({ inventoryId: 'inv-global', usageProfile: { id: created.id } });
  });

  it("validates with the spec's messages and changes nothing when it refuses", async () => {
    const before = await snapshot();
    const bad = async (body: Record<string, unknown>, path: string, message: string) => {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fields(res)).toContainEqual({ path, message });
    };
    const ok = { name: 'Valid-Name', type: 'data', quotaPerMonth: 10, resetDay: 5 };
    await bad({ ...ok, resetDay: undefined }, 'body.resetDay', VALIDATION.required);
    await bad({ ...ok, resetDay: 0 }, 'body.resetDay', VALIDATION.minValue(1));
    await bad({ ...ok, resetDay: 32 }, 'body.resetDay', VALIDATION.maxValue(31));
    await bad({ ...ok, resetDay: 2.5 }, 'body.resetDay', VALIDATION.integer);
    await bad({ ...ok, name: '' }, 'body.name', VALIDATION.required);
    await bad({ ...ok, name: 'x'.repeat(256) }, 'body.name', VALIDATION.max255);
    await bad({ ...ok, quotaPerMonth: 0 }, 'body.quotaPerMonth', VALIDATION.minValue(1));
    await bad({ ...ok, quotaPerMonth: undefined }, 'body.quotaPerMonth', VALIDATION.numericRequired);
    // Names are unique over every profile, global and of other inventories.
    await bad({ ...ok, name: 'Default-Data' }, 'body.name', VALIDATION.nameUnique);
    await bad({ ...ok, name: 'Metro-Hours' }, 'body.name', VALIDATION.nameUnique);
    const wrongType = await create({ ...ok, type: 'minutes' });
    expect(wrongType.statusCode).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it('updates with the version read; a stale version is 409 and a taken name is refused', async () => {
    const created: UsageProfile = (await create({ name: 'Edit-Me', type: 'data', quotaPerMonth: 10, resetDay: 1 })).json();
    published.length = 0;
    const res = await call('PUT', `/v2/usageProfiles/${created.id}`, admin, { quotaPerMonth: 25, resetDay: 15, version: created.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ quotaPerMonth: 25, resetDay: 15, version: created.version + 1 });
    expect(eventsOf('usageProfile.changed')).toHaveLength(1);
    const before = await snapshot();
    const stale = await call('PUT', `/v2/usageProfiles/${created.id}`, admin, { quotaPerMonth: 30, version: created.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(ERROR_CATALOGUE.CONFLICT.message);
    const taken = await call('PUT', `/v2/usageProfiles/${created.id}`, admin, { name: 'News-Data-2TB' });
    expect(fields(taken)).toEqual([{ path: 'body.name', message: VALIDATION.nameUnique }]);
    const bad = await call('PUT', `/v2/usageProfiles/${created.id}`, admin, { resetDay: 40 });
    expect(fields(bad)).toEqual([{ path: 'body.resetDay', message: VALIDATION.maxValue(31) }]);
    expect(await snapshot()).toBe(before);
  });

  it('answers 404 for unknown and foreign profiles and 403 for a global profile to a non-global admin', async () => {
    const before = await snapshot();
    for (const id of ['usp-no-such', 'usp-metro']) {
      expect((await call('PUT', `/v2/usageProfiles/${id}`, admin, { quotaPerMonth: 3 })).statusCode, id).toBe(404);
      expect((await call('DELETE', `/v2/usageProfiles/${id}`, admin)).statusCode, id).toBe(404);
    }
    expect((await call('PUT', '/v2/usageProfiles/usp-data-default', admin, { quotaPerMonth: 3 })).statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
    // A global role changes a global profile; every inventory hears of it.
    published.length = 0;
    const res = await call('PUT', '/v2/usageProfiles/usp-hours-default', superUser, { quotaPerMonth: 120 });
    expect(res.statusCode, res.body).toBe(200);
    expect(new Set(eventsOf('usageProfile.changed').map((e) => (e.event as { inventoryId: string }).inventoryId))).toEqual(
      new Set(['inv-global', 'inv-global-sports', 'inv-metro']),
    );
  });

  it('refuses to delete a default profile and one units are on, in the spec’s words; deletes an unused one', async () => {
    const before = await snapshot();
    const dflt = await call('DELETE', '/v2/usageProfiles/usp-data-default', superUser);
    expect(dflt.statusCode).toBe(409);
    expect(dflt.json().error.message).toBe(ERROR_CATALOGUE.USAGE_PROFILE_DEFAULT.message);
    const used: UsageProfile = (await create({ name: 'In-Use', type: 'data', quotaPerMonth: 10, resetDay: 1 })).json();
    const unit = unitsOfInventory('inv-global')[0]!;
    expect((await call('PUT', '/v2/inventories/inv-global/unitUsageProfiles', admin, { usageProfileId: used.id, unitIds: [unit.id] })).statusCode).toBe(200);
    const mid = await snapshot();
    const inUse = await call('DELETE', `/v2/usageProfiles/${used.id}`, admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toBe(ERROR_CATALOGUE.USAGE_PROFILE_IN_USE.message);
    expect(await snapshot()).toBe(mid);
    // Off the profile, it goes.
    expect((await call('PUT', '/v2/inventories/inv-global/unitUsageProfiles', admin, { usageProfileId: null, unitIds: [unit.id] })).statusCode).toBe(200);
    published.length = 0;
    const gone = await call('DELETE', `/v2/usageProfiles/${used.id}`, admin);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ id: used.id, inventoryId: 'inv-global', deleted: true });
    expect(eventsOf('usageProfile.removed').map((e) => e.event)).toEqual([expect.objectContaining({ usageProfileId: used.id, inventoryId: 'inv-global' })]);
    expect(before).not.toBe(await snapshot());
  });

  it("assigns profiles to the inventory's units only, moving the unit counts, announced", async () => {
    const units = unitsOfInventory('inv-global')
      .slice(0, 2)
      .map((u) => u.id);
    const picker: UnitUsageProfiles = (await call('GET', '/v2/inventories/inv-global/unitUsageProfiles', admin)).json();
    expect(picker.units.map((u) => u.unitId)).toEqual(expect.arrayContaining(units));
    const countOf = async (id: string) => (await list()).items.find((p) => p.id === id)?.unitCount ?? -1;
    const before = await countOf('usp-news-data');
    const previous = new Map(picker.units.map((u) => [u.unitId, u.usageProfileId]));
    const expected = before + units.filter((u) => previous.get(u) !== 'usp-news-data').length;
    published.length = 0;
    const res = await call('PUT', '/v2/inventories/inv-global/unitUsageProfiles', admin, { usageProfileId: 'usp-news-data', unitIds: units });
    expect(res.statusCode, res.body).toBe(200);
    for (const u of units) expect((res.json() as UnitUsageProfiles).units.find((x) => x.unitId === u)?.usageProfileId).toBe('usp-news-data');
    expect(await countOf('usp-news-data')).toBe(expected);
    expect((await db().unit.findUnique({ where: { id: units[0]! } }))?.usageProfileId).toBe('usp-news-data');
    const changed = eventsOf('usageProfile.changed').find((e) => (e.event as { usageProfile: UsageProfile }).usageProfile.id === 'usp-news-data');
    expect((changed?.event as { usageProfile: UsageProfile }).usageProfile.unitCount).toBe(expected);
    expect(eventsOf('unit.updated').length).toBeGreaterThan(0);
    // Refused: a unit or a profile the caller cannot see (404, as unknown ones), a unit of another
    // inventory or a profile of another inventory the caller sees (Invalid field), a unit twice; nothing changes.
    const snap = await snapshot();
    for (const body of [
      { usageProfileId: null, unitIds: [units[0], 'LU800-0005'] },
      { usageProfileId: null, unitIds: ['NO-SUCH-UNIT'] },
      { usageProfileId: 'usp-metro', unitIds: [units[0]] },
      { usageProfileId: 'usp-no-such', unitIds: [units[0]] },
    ]) {
      expect((await call('PUT', '/v2/inventories/inv-global/unitUsageProfiles', admin, body)).statusCode, JSON.stringify(body)).toBe(404);
    }
    const otherInventoryUnit = await call('PUT', '/v2/inventories/inv-global/unitUsageProfiles', superUser, {
      usageProfileId: null,
      unitIds: [units[0], 'LU800-0005'],
    });
    expect(fields(otherInventoryUnit)).toEqual([{ path: 'body.unitIds.1', message: RULES.notOfInventory }]);
    const otherInventoryProfile = await call('PUT', '/v2/inventories/inv-global/unitUsageProfiles', superUser, {
      usageProfileId: 'usp-metro',
      unitIds: [units[0]],
    });
    expect(fields(otherInventoryProfile)).toEqual([{ path: 'body.usageProfileId', message: RULES.notOfInventory }]);
    const twice = await call('PUT', '/v2/inventories/inv-global/unitUsageProfiles', admin, { usageProfileId: null, unitIds: [units[0], units[0]] });
    expect(fields(twice)).toEqual([{ path: 'body.unitIds.1', message: VALIDATION.fieldUnique }]);
    const none = await call('PUT', '/v2/inventories/inv-global/unitUsageProfiles', admin, { usageProfileId: null, unitIds: [] });
    expect(fields(none)).toEqual([{ path: 'body.unitIds', message: VALIDATION.required }]);
    expect((await call('PUT', '/v2/inventories/inv-metro/unitUsageProfiles', admin, { usageProfileId: null, unitIds: ['LU800-0005'] })).statusCode).toBe(404);
    expect(await snapshot()).toBe(snap);
  });
});
