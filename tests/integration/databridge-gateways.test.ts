/**
 * Databridge gateways as platform records (spec 001 §2 /system_entities dbGateways; §5) against the
 * real core on real SQLite and PostgreSQL: read one, create, update (version) and delete, shown in
 * the admin list; platform admins only (401/403), 404 for unknown gateways, the spec's messages, a
 * rejected request changing nothing, and `systemDevice.changed` on every inventory's topics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  VALIDATION,
  buildPath,
  catalogue,
  databridgeGatewayEndpoints,
  inventoryTopic,
  type AdminDbGateway,
  type AdminDbGatewayPage,
  type EndpointDef,
  RULES,
} from '@fleet/contracts';
import { coreCall, providers, recordPublished, startTestStack, type Method, type Published, type TestStack } from '../support/stack.js';

const IDS = Object.keys(databridgeGatewayEndpoints) as (keyof typeof databridgeGatewayEndpoints)[];

describe.each(providers())('databridge gateways on %s', (provider) => {
  let s: TestStack;
  let admin: string;
  let superUser: string;
  let staff: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider, simulator: false });
    [admin, superUser, staff] = await Promise.all([s.login('luc_admin'), s.login('super_user'), s.login('staff')]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const snapshot = async () => JSON.stringify(await db().databridgeGateway.findMany({ orderBy: { id: 'asc' } }));
  const fields = (res: { json(): unknown }) => (res.json() as { error: { fields?: { path: string; message: string }[] } }).error.fields ?? [];
  const valid = { name: 'Gateway-East', host: 'gw-east.example.com', port: 8443, inventoryId: 'inv-global' };

  it('answers 401 without a session and 403 outside super user and staff, changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: 'dbg-0001' });
      expect((await call(def.method, url, undefined, def.body ? {} : undefined)).statusCode, id).toBe(401);
      expect((await call(def.method, url, admin, def.body ? valid : undefined)).statusCode, id).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });

  it('validates with the spec messages (names, unique name, port 1-65535, inventory), changing nothing', async () => {
    const before = await snapshot();
    const seeded = await db().databridgeGateway.findUniqueOrThrow({ where: { id: 'dbg-0001' } });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '' }, 'name', VALIDATION.required],
      [{ name: 'East gateway' }, 'name', VALIDATION.unitNameCharacters],
      [{ host: '' }, 'host', VALIDATION.required],
      [{ port: 0 }, 'port', VALIDATION.minValue(1)],
      [{ port: 65536 }, 'port', VALIDATION.maxValue(65535)],
      [{ port: 80.5 }, 'port', VALIDATION.integer],
      [{ inventoryId: 'inv-no-such' }, 'inventoryId', RULES.unknownInventory],
    ];
    for (const [extra, path, message] of cases) {
      const res = await call('POST', '/v2/admin/dbGateways', superUser, { ...valid, ...extra });
      expect(res.statusCode, path).toBe(400);
      expect(fields(res).find((f) => f.path.endsWith(path))?.message, path).toBe(message);
    }
    const taken = await call('POST', '/v2/admin/dbGateways', superUser, { ...valid, name: seeded.name });
    expect(taken.statusCode).toBe(409);
    expect(fields(taken)).toEqual([{ path: 'name', message: VALIDATION.nameUnique }]);
    expect((await call('PUT', '/v2/admin/dbGateways/dbg-0001', superUser, { port: 70000 })).statusCode).toBe(400);
    expect((await call('GET', '/v2/admin/dbGateways/dbg-no-such', superUser)).statusCode).toBe(404);
    expect((await call('PUT', '/v2/admin/dbGateways/dbg-no-such', superUser, { port: 80 })).statusCode).toBe(404);
    expect((await call('DELETE', '/v2/admin/dbGateways/dbg-no-such', superUser)).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('creates, reads, changes and deletes a gateway, listed and announced to every inventory', async () => {
    published.length = 0;
    const res = await call('POST', '/v2/admin/dbGateways', superUser, valid);
    expect(res.statusCode).toBe(201);
    const created: AdminDbGateway = res.json();
    expect(created).toMatchObject({ ...valid, inventoryName: expect.any(String), unitCount: 0, version: 0 });
    const page: AdminDbGatewayPage = (await call('GET', '/v2/admin/dbGateways?searchValue=Gateway-East', staff)).json();
    expect(page.items.map((g) => g.id)).toEqual([created.id]);
    const announced = published.find((p) => p.event.type === 'systemDevice.changed' && p.event.id === created.id);
    expect(announced?.event).toMatchObject({ kind: 'dbGateway', removed: false });
    expect(announced?.topics).toEqual(expect.arrayContaining([inventoryTopic('inv-global'), inventoryTopic('inv-metro')]));

    const changed = await call('PUT', `/v2/admin/dbGateways/${created.id}`, staff, { name: 'Gateway-West', port: 9443, inventoryId: null, version: 0 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Gateway-West', port: 9443, inventoryId: null, inventoryName: null, version: 1 });
    expect((await call('GET', `/v2/admin/dbGateways/${created.id}`, superUser)).json()).toMatchObject({ name: 'Gateway-West', version: 1 });
    const before = await snapshot();
    const stale = await call('PUT', `/v2/admin/dbGateways/${created.id}`, superUser, { port: 1, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(ERROR_CATALOGUE.CONFLICT.message);
    expect(await snapshot()).toBe(before);

    published.length = 0;
    expect((await call('DELETE', `/v2/admin/dbGateways/${created.id}`, superUser)).json()).toEqual({ id: created.id, deleted: true });
    expect(await db().databridgeGateway.findUnique({ where: { id: created.id } })).toBeNull();
    expect(published.some((p) => p.event.type === 'systemDevice.changed' && p.event.id === created.id && p.event.removed)).toBe(true);
  });

  it('a gateway in use is deleted and its units are left without one', async () => {
    const unit = await db().unit.findFirstOrThrow({ where: { databridgeGatewayId: 'dbg-0001' }, select: { id: true } });
    const gw = await db().databridgeGateway.findUniqueOrThrow({ where: { id: 'dbg-0001' } });
    expect((await call('GET', '/v2/admin/dbGateways/dbg-0001', superUser)).json().unitCount).toBeGreaterThan(0);
    expect((await call('DELETE', '/v2/admin/dbGateways/dbg-0001', superUser)).statusCode).toBe(200);
    expect((await db().unit.findUniqueOrThrow({ where: { id: unit.id } })).databridgeGatewayId).toBeNull();
    // Put the seeded gateway back for later tests on this stack.
    await db().databridgeGateway.create({ data: { ...gw, configuration: gw.configuration ?? {} } });
  });
});
