/**
 * Admin unit calls of spec 000 §7 (v2/admin/units...) against the real core on real SQLite and
 * PostgreSQL with the real simulator: create (the simulator starts emulating the unit), update,
 * delete, inventory and group associations, target software version, databridge gateway,
 * deregistration; roles, admin scope (own inventories), field validation, and that a rejected
 * request changes nothing. The rules behind update, associations and the target software version
 * (version, unique names, limits, upgrade codes) are tested on the admin unit service alone, beside
 * it (apps/core/src/modules/units/admin-units.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, catalogue, unitAdminEndpoints, type EndpointDef, type UnitDetail } from '@fleet/contracts';
import { eventually, providers, startTestStack, type TestStack, coreCall, recordPublished, type Method, type Published } from '../support/stack.js';
import { UNIT_DEVICE_COLUMNS } from '../support/db-snapshot.js';

const ADMIN_IDS = Object.keys(unitAdminEndpoints) as (keyof typeof unitAdminEndpoints)[];

describe.each(providers())('admin unit calls on %s', (provider) => {
  let s: TestStack;
  let admin: string; // luc_admin: inventory inv-global only
  let superUser: string;
  let staff: string;
  let regular: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [admin, superUser, staff, regular] = await Promise.all([s.login('luc_admin'), s.login('super_user'), s.login('staff'), s.login('luc_regular')]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const detail = async (id: string): Promise<UnitDetail> => (await call('GET', `/v2/units/${id}`, superUser)).json();
  const snapshot = async () => {
    const [units, inventories, groups, services] = await Promise.all([
      db().unit.findMany({ orderBy: { id: 'asc' }, omit: UNIT_DEVICE_COLUMNS }),
      db().unitInventory.findMany({ orderBy: [{ unitId: 'asc' }, { inventoryId: 'asc' }], omit: { createdAt: true } }),
      db().unitGroup.findMany({ orderBy: [{ unitId: 'asc' }, { groupId: 'asc' }], omit: { createdAt: true } }),
      db().service.findMany({ orderBy: { id: 'asc' } }),
    ]);
    return JSON.stringify({ units, inventories, groups, services });
  };
  const create = (cookie: string, body: Record<string, unknown>) => call('POST', '/v2/admin/units', cookie, body);
  const newUnit = (n: string, extra: Record<string, unknown> = {}) => ({
    name: `Admin-Unit-${n}`,
    typeGroup: 'fieldUnits',
    productType: 'LU800',
    serialNumber: `SN${n}`,
    inventoryId: 'inv-global',
    ...extra,
  });

  it('answers 401 without a session and 403 to roles outside the admin set, changing nothing', async () => {
    const before = await snapshot();
    for (const id of ADMIN_IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: 'LU800-0001', inventoryId: 'inv-global', groupId: 'grp-newsroom' });
      const anon = await call(def.method, url, undefined);
      expect(anon.statusCode, id).toBe(401);
      const res = await call(def.method, url, regular, def.body ? {} : undefined);
      expect(res.statusCode, id).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect(await snapshot()).toBe(before);
  });

  it('creates a unit: the simulator emulates it, subscribers hear device.added, the group’s users see it', async () => {
    published.length = 0;
    const res = await create(admin, newUnit('0001', { groupIds: ['grp-newsroom'], comment: 'spare unit', ownership: 'rent' }));
    expect(res.statusCode, res.body).toBe(200);
    const unit: UnitDetail = res.json();
    expect(unit).toMatchObject({
      uniqueId: 'LU800-SN0001',
      name: 'Admin-Unit-0001',
      comment: 'spare unit',
      type: 'LU800',
      typeGroup: 'fieldUnits',
      serialNumber: 'SN0001',
      inventoryIds: ['inv-global'],
      groupIds: ['grp-newsroom'],
      ownership: 'rent',
      licenseValid: false,
    });
    expect(published.some((p) => p.event.type === 'device.added' && p.event.unitId === unit.uniqueId && p.topics.includes('group:grp-newsroom'))).toBe(true);
    await eventually(async () => s.sim?.device(unit.uniqueId) !== undefined);
    await eventually(async () => ((await detail(unit.uniqueId)).status === 'idle' ? true : null));
    const asRegular = await call('GET', `/v2/units/${unit.uniqueId}`, regular);
    expect(asRegular.statusCode).toBe(200);
  });

  it('refuses a unit with the spec’s name rules, taken names and serials, and inventories or groups not the admin’s', async () => {
    const before = await snapshot();
    const badName = await create(admin, newUnit('0002', { name: 'bad name!' }));
    expect(badName.statusCode).toBe(400);
    expect(badName.json().error.fields).toEqual([{ path: 'body.name', message: 'Only letters, numbers, underscores and hyphens are allowed' }]);
    const taken = await create(admin, newUnit('0002', { name: 'Admin-Unit-0001' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({
      code: 'NAME_IN_USE',
      message: 'This name is already in use, please choose a different name',
      fields: [{ path: 'body.name', message: 'This name is already in use, please choose a different name' }],
    });
    const serial = await create(admin, newUnit('0002', { serialNumber: 'SN0001', uniqueId: 'OTHER-ID' }));
    expect(serial.statusCode).toBe(400);
    expect(serial.json().error.fields).toEqual([{ path: 'body.serialNumber', message: 'This field must be unique' }]);
    const noInventory = await create(admin, { name: 'X-1', typeGroup: 'fieldUnits', productType: 'LU800', serialNumber: 'SNX1' });
    expect(noInventory.json().error.fields).toEqual([{ path: 'body.inventoryId', message: 'This field is required' }]);
    const foreign = await create(admin, newUnit('0002', { inventoryId: 'inv-metro' }));
    expect(foreign.json().error.fields).toEqual([{ path: 'body.inventoryId', message: 'Invalid field: no such inventory' }]);
    // A group of an inventory the admin does not see is answered as one that does not exist.
    const wrongGroup = await create(admin, newUnit('0002', { groupIds: ['grp-metro-live'] }));
    expect(wrongGroup.json().error.fields).toEqual([{ path: 'body.groupIds.0', message: 'Invalid field: no such group' }]);
    const server = await create(admin, newUnit('0002', { typeGroup: 'mmhServer' }));
    expect(server.json().error.fields).toEqual([{ path: 'body.typeGroup', message: 'Invalid field' }]);
    const noType = await create(admin, newUnit('0002', { productType: '  ' }));
    expect(noType.json().error.fields).toEqual([{ path: 'body.productType', message: 'This field is required' }]);
    const badSerial = await create(admin, newUnit('0002', { serialNumber: 'a b' }));
    expect(badSerial.json().error.fields).toEqual([{ path: 'body.serialNumber', message: 'Must match the pattern' }]);
    expect(await snapshot()).toBe(before);
    // The super user may register in any inventory.
    const metro = await create(superUser, newUnit('0003', { inventoryId: 'inv-metro', typeGroup: 'smartUnits', productType: 'LU-Smart' }));
    expect(metro.statusCode, metro.body).toBe(200);
    expect(metro.json().uniqueId).toBe('LUSmart-SN0003');
  });

  // The rules of updates, associations and the target software version (versions, unique names, limits, the
  // upgrade codes) are in apps/core/src/modules/units/admin-units.test.ts; here each call over HTTP.
  it('updates a unit (a comment too long is refused at the field); support staff set the ownership', async () => {
    const id = 'LU800-SN0001';
    const current = await detail(id);
    const before = await snapshot();
    const tooLong = await call('PUT', `/v2/admin/units/${id}`, admin, { comment: 'x'.repeat(101) });
    expect(tooLong.json().error.fields).toEqual([{ path: 'body.comment', message: 'Must have at most 100 characters' }]);
    expect(await snapshot()).toBe(before);
    const ok = await call('PUT', `/v2/admin/units/${id}`, admin, { name: 'Admin-Unit-0001b', comment: 'renamed', version: current.version });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Admin-Unit-0001b', comment: 'renamed', version: current.version + 1 });
    const byStaff = await call('PUT', '/v2/admin/units/LUSmart-SN0003', staff, { ownership: 'demo' });
    expect(byStaff.json()).toMatchObject({ ownership: 'demo' });
  });

  it('associates and removes an inventory and a group', async () => {
    const id = 'LU800-SN0001';
    published.length = 0;
    const sports = await call('PUT', `/v2/admin/units/${id}/inventories/inv-global-sports`, superUser);
    expect(sports.statusCode, sports.body).toBe(200);
    expect(sports.json().inventoryIds.sort()).toEqual(['inv-global', 'inv-global-sports']);
    expect(published.some((p) => p.event.type === 'device.added' && p.topics.includes('inventory:inv-global-sports'))).toBe(true);
    const football = await call('PUT', `/v2/admin/units/${id}/groups/grp-football`, superUser);
    expect(football.json().groupIds.sort()).toEqual(['grp-football', 'grp-newsroom']);
    const left = await call('DELETE', `/v2/admin/units/${id}/inventories/inv-global-sports`, superUser);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().groupIds).toEqual(['grp-newsroom']);
    const field = await call('PUT', `/v2/admin/units/${id}/groups/grp-field-crews`, admin);
    expect(field.json().groupIds.sort()).toEqual(['grp-field-crews', 'grp-newsroom']);
    const gone = await call('DELETE', `/v2/admin/units/${id}/groups/grp-field-crews`, admin);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().groupIds).toEqual(['grp-newsroom']);
  });

  it('sets the target software version (the pattern checked at the field, an upgrade code in the envelope) and clears it', async () => {
    const put = (id: string, targetSwVersion: string | null, cookie = superUser) =>
      call('PUT', `/v2/admin/units/${id}/targetSwVersion`, cookie, { targetSwVersion });
    const before = await snapshot();
    const pattern = await put('LU800-0003', 'ten');
    expect(pattern.json().error.fields).toEqual([{ path: 'body.targetSwVersion', message: 'Must match the pattern' }]);
    const unknown = await put('LU800-0003', '9.9');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error).toMatchObject({ code: 'UPGRADE_6802', message: 'Target version not allowed', deviceCode: 6802 });
    expect(await snapshot()).toBe(before);
    const cleared = await put('LU800-0003', null, admin);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().targetSwVersion).toBeNull();
  });

  it('sets and clears the databridge gateway', async () => {
    const id = 'LU800-0002';
    const before = await snapshot();
    const unknown = await call('PUT', `/v2/admin/units/${id}/dbgateway`, admin, { gatewayId: 'dbg-nope' });
    expect(unknown.json().error.fields).toEqual([{ path: 'body.gatewayId', message: "Invalid field: not in the unit's inventories" }]);
    const missing = await call('PUT', `/v2/admin/units/${id}/dbgateway`, admin, {});
    expect(missing.json().error.fields).toEqual([{ path: 'body.gatewayId', message: 'This field is required' }]);
    expect(await snapshot()).toBe(before);
    const set = await call('PUT', `/v2/admin/units/${id}/dbgateway`, admin, { gatewayId: 'dbg-0001' });
    expect(set.statusCode, set.body).toBe(200);
    expect((await db().unit.findUniqueOrThrow({ where: { id } })).databridgeGatewayId).toBe('dbg-0001');
    const clear = await call('DELETE', `/v2/admin/units/${id}/dbgateway`, admin);
    expect(clear.statusCode).toBe(200);
    expect((await db().unit.findUniqueOrThrow({ where: { id } })).databridgeGatewayId).toBeNull();
  });

  it('deletes a unit (not while busy): subscribers hear device.removed and the simulator lets it go', async () => {
    const busyId = 'LU800-0004';
    await eventually(async () => ((await detail(busyId)).status === 'idle' ? true : null));
    s.sim!.device(busyId)!.cameraConnected = true;
    await eventually(async () => s.app.services.telemetry.get(busyId)?.cameraConnected === true);
    await db().unit.update({ where: { id: busyId }, data: { license: { valid: true, kind: 'days', pro: false, fourK: false, raHours: null, rlHours: null } } });
    const start = await call('POST', `/v2/units/${busyId}/stream`, superUser);
    expect(start.statusCode, start.body).toBe(200);
    const before = await snapshot();
    const busy = await call('DELETE', `/v2/admin/units/${busyId}`, superUser);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe('UNIT_BUSY');
    const foreign = await call('DELETE', `/v2/admin/units/${busyId}`, admin);
    expect(foreign.statusCode).toBe(404);
    expect(await snapshot()).toBe(before);

    const id = 'LU800-SN0001';
    published.length = 0;
    const res = await call('DELETE', `/v2/admin/units/${id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ uniqueId: id, deleted: true });
    expect(published.some((p) => p.event.type === 'device.removed' && p.event.unitId === id && p.topics.includes('group:grp-newsroom'))).toBe(true);
    expect((await call('GET', `/v2/units/${id}`, superUser)).statusCode).toBe(404);
    await eventually(async () => s.sim?.device(id) === undefined);
    expect((await call('DELETE', `/v2/admin/units/${id}`, admin)).statusCode).toBe(404);
  });

  it('deregisters a unit: out of every inventory and group, selections and services cleared', async () => {
    const created = await create(admin, newUnit('0004', { groupIds: ['grp-studio'] }));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().uniqueId as string;
    await call('POST', `/v2/units/${id}/services`, superUser, { serviceName: 'sla' });
    await call('PUT', `/v2/admin/units/${id}/dbgateway`, admin, { gatewayId: 'dbg-0001' });
    published.length = 0;
    const res = await call('POST', `/v2/admin/units/${id}/deregistration`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ uniqueId: id, deregistered: true, removedInventoryIds: ['inv-global'], removedGroupIds: ['grp-studio'] });
    expect(published.some((p) => p.event.type === 'device.removed' && p.topics.includes('group:grp-studio'))).toBe(true);
    const row = await db().unit.findUniqueOrThrow({ where: { id }, include: { inventories: true, groups: true, serviceRows: true } });
    expect(row).toMatchObject({ inventories: [], groups: [], serviceRows: [], databridgeGatewayId: null, selectedChannelId: null, targetSwVersion: null });
    // The admin no longer sees it; the super user still does, and can register it again.
    expect((await call('POST', `/v2/admin/units/${id}/deregistration`, admin)).statusCode).toBe(404);
    const back = await call('PUT', `/v2/admin/units/${id}/inventories/inv-global`, superUser);
    expect(back.statusCode, back.body).toBe(200);
  });
});
