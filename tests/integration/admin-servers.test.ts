/**
 * Servers as platform records (spec 001 §2 /system_entities server kinds and IFB Servers; §3
 * Server; §5; §8) against the real core on real SQLite and PostgreSQL with the real simulator: the
 * global list by type (and IFB-capable), create, update (device settings sent first, with the §8
 * checks) and delete (not while a channel is busy or allocated); platform admins only (401/403),
 * 404 for unknown servers, the spec's messages, a rejected request changing nothing, and the
 * realtime announcements.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  LIMITS,
  VALIDATION,
  adminServerEndpoints,
  buildPath,
  catalogue,
  inventoryTopic,
  type AdminServerPage,
  type EndpointDef,
  type ServerDetail,
  RULES,
} from '@fleet/contracts';
import { coreCall, eventually, providers, recordPublished, startTestStack, type Method, type Published, type TestStack } from '../support/stack.js';

const IDS = Object.keys(adminServerEndpoints) as (keyof typeof adminServerEndpoints)[];

describe.each(providers())('admin servers on %s', (provider) => {
  let s: TestStack;
  let admin: string;
  let regular: string;
  let superUser: string;
  let staff: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [admin, regular, superUser, staff] = await Promise.all([s.login('luc_admin'), s.login('luc_regular'), s.login('super_user'), s.login('staff')]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  // What an admin sets (status, software version and updatedAt follow the device's reports).
  const snapshot = async () =>
    JSON.stringify(
      await db().server.findMany({
        orderBy: { id: 'asc' },
        select: {
          id: true,
          name: true,
          serial: true,
          alias: true,
          productType: true,
          inventoryId: true,
          ifbMode: true,
          maxChannels: true,
          webrtcPort: true,
          publishingMode: true,
          genlockOffset: true,
          cloudRegion: true,
          version: true,
          channels: { select: { id: true } },
        },
      }),
    );
  const fields = (res: { json(): unknown }) => (res.json() as { error: { fields?: { path: string; message: string }[] } }).error.fields ?? [];
  const list = async (query: string, cookie = superUser): Promise<AdminServerPage> => (await call('GET', `/v2/admin/servers?${query}`, cookie)).json();
  const body = (suffix: string, extra: Record<string, unknown> = {}) => ({
    name: `Test-Hub-${suffix}`,
    serial: `TESTHUB${suffix}`,
    serverType: 'mmh_server',
    swVersion: '10.1',
    inventoryId: 'inv-global',
    ...extra,
  });

  it('answers 401 without a session and 403 outside super user and staff, changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: 'MMH-0001' });
      expect((await call(def.method, url, undefined, def.body ? {} : undefined)).statusCode, id).toBe(401);
      for (const cookie of [admin, regular]) {
        expect((await call(def.method, url, cookie, def.body ? body('X') : undefined)).statusCode, id).toBe(403);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('lists every server of a type, the IFB-capable hubs, searched, sorted and paged (50); staff sees them too', async () => {
    const hubs = await list('type=mmh_server');
    expect(hubs.limit).toBe(LIMITS.unitSearchDefaultPageSize);
    expect(hubs.items.map((h) => h.id).sort()).toEqual(['MMH-0001', 'MMH-0002']);
    expect(hubs.items.map((h) => h.name)).toEqual([...hubs.items.map((h) => h.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const desc = await list('type=mmh_server&sortDir=desc');
    expect(desc.items.map((h) => h.id)).toEqual([...hubs.items.map((h) => h.id)].reverse());
    expect((await list('type=vr_server')).items.map((h) => h.id)).toEqual(['VRS-0001']);
    expect((await list('type=transceiver_server', staff)).items.map((h) => h.id)).toEqual(['TRX-0001']);
    // IFB Servers: multimedia hubs with an IFB mode, whatever the type asked.
    const ifb = await list('ifb=true');
    expect(ifb.items.every((h) => h.serverType === 'mmh_server' && h.ifbMode !== null)).toBe(true);
    expect(ifb.total).toBe(2);
    const found = await list(`searchKey=uniqueId&searchValue=ing-0001`);
    expect(found.items.map((h) => h.id)).toEqual(['ING-0001']);
    const page = await list('limit=2&offset=2');
    expect(page.items).toHaveLength(2);
    expect(page.total).toBe(5);
    expect((await call('GET', '/v2/admin/servers?type=router', superUser)).statusCode).toBe(400);
  });

  it('validates the create form with the spec messages, changing nothing', async () => {
    const before = await snapshot();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '' }, 'name', VALIDATION.required],
      [{ name: 'Bad name' }, 'name', VALIDATION.unitNameCharacters],
      [{ serial: ' ' }, 'serial', VALIDATION.required],
      [{ genlockOffset: 512 }, 'genlockOffset', VALIDATION.maxValue(511)],
      [{ genlockOffset: -512 }, 'genlockOffset', VALIDATION.minValue(-511)],
      [{ webrtcPort: 65354 }, 'webrtcPort', VALIDATION.maxValue(65353)],
      [{ webrtcPort: 0 }, 'webrtcPort', VALIDATION.minValue(1)],
      [{ serverType: 'vr_server', ifbMode: 'V1' }, 'ifbMode', RULES.ifbModeMultimediaHubOnly],
      [{ inventoryId: 'inv-no-such' }, 'inventoryId', RULES.unknownInventory],
    ];
    for (const [extra, path, message] of cases) {
      const res = await call('POST', '/v2/admin/servers', superUser, body('V', extra));
      expect(res.statusCode, path).toBe(400);
      expect(fields(res).find((f) => f.path.endsWith(path))?.message, path).toBe(message);
    }
    const seeded = await db().server.findUniqueOrThrow({ where: { id: 'MMH-0001' } });
    const sameName = await call('POST', '/v2/admin/servers', superUser, body('V', { name: seeded.name }));
    expect(sameName.statusCode).toBe(409);
    expect(fields(sameName)).toEqual([{ path: 'name', message: VALIDATION.nameUnique }]);
    const sameSerial = await call('POST', '/v2/admin/servers', superUser, body('V', { serial: seeded.serial }));
    expect(sameSerial.statusCode).toBe(400);
    expect(fields(sameSerial)[0]).toMatchObject({ path: 'body.serial', message: VALIDATION.fieldUnique });
    expect(await snapshot()).toBe(before);
  });

  it('creates, changes and deletes a server, announced to its inventory and to the admin lists', async () => {
    published.length = 0;
    const res = await call(
      'POST',
      '/v2/admin/servers',
      superUser,
      body('A', { alias: 'Studio A', maxChannels: 4, genlockOffset: -20, webrtcPort: 8443, ifbMode: 'V2' }),
    );
    expect(res.statusCode).toBe(201);
    const created: ServerDetail = res.json();
    expect(created).toMatchObject({
      name: 'Test-Hub-A',
      serverType: 'mmh_server',
      alias: 'Studio A',
      maxChannels: 4,
      genlockOffset: -20,
      webrtcPort: 8443,
      ifbMode: 'V2',
      inventoryId: 'inv-global',
      version: 0,
    });
    expect((await list('searchValue=Test-Hub-A')).items.map((h) => h.id)).toEqual([created.id]);
    expect(
      published.some((p) => p.event.type === 'server.changed' && p.event.server.id === created.id && p.topics.includes(inventoryTopic('inv-global'))),
    ).toBe(true);
    expect(
      published.some(
        (p) => p.event.type === 'systemDevice.changed' && p.event.id === created.id && !p.event.removed && p.topics.includes(inventoryTopic('inv-metro')),
      ),
    ).toBe(true);

    // Identity fields are records: stored under the version; a stale version changes nothing.
    const renamed = await call('PUT', `/v2/admin/servers/${created.id}`, staff, {
      name: 'Test-Hub-A2',
      alias: 'Studio A2',
      inventoryId: 'inv-metro',
      version: 0,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Test-Hub-A2', alias: 'Studio A2', inventoryId: 'inv-metro', version: 1 });
    const before = await snapshot();
    const stale = await call('PUT', `/v2/admin/servers/${created.id}`, superUser, { alias: 'Late', version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(ERROR_CATALOGUE.CONFLICT.message);
    expect((await call('PUT', `/v2/admin/servers/${created.id}`, superUser, { genlockOffset: 600 })).statusCode).toBe(400);
    expect((await call('PUT', '/v2/admin/servers/no-such-server', superUser, { alias: 'x' })).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);

    published.length = 0;
    const deleted = await call('DELETE', `/v2/admin/servers/${created.id}`, superUser);
    expect(deleted.json()).toEqual({ id: created.id, deleted: true });
    expect(await db().server.findUnique({ where: { id: created.id } })).toBeNull();
    expect(published.some((p) => p.event.type === 'systemDevice.changed' && p.event.id === created.id && p.event.removed)).toBe(true);
    expect((await call('DELETE', `/v2/admin/servers/${created.id}`, superUser)).statusCode).toBe(404);
  });

  it('sends device settings to the server first: the §8 checks, and a refusal or an offline server changes nothing', async () => {
    const hub = 'MMH-0001';
    await eventually(async () => s.app.services.servers.liveStatus(hub) === 'online', 10_000);
    const row = await db().server.findUniqueOrThrow({ where: { id: hub } });
    // An ingest server has no IFB mode.
    expect(fields(await call('PUT', '/v2/admin/servers/ING-0001', superUser, { ifbMode: 'V1' }))[0]?.message).toBe(RULES.ifbModeMultimediaHubOnly);
    // A channel allocated to a unit: max channels may not go below, the server may not be deleted.
    await db().channel.update({ where: { id: `${hub}-CH1` }, data: { allocatedToUnitUid: 'LU800-0001' } });
    const before = await snapshot();
    const below = await call('PUT', `/v2/admin/servers/${hub}`, superUser, { maxChannels: 0 });
    expect(below.statusCode).toBe(409);
    expect(below.json().error).toMatchObject({ code: 'MAX_CHANNELS_BELOW_ALLOCATED', message: ERROR_CATALOGUE.MAX_CHANNELS_BELOW_ALLOCATED.message });
    const busyIfb = await call('PUT', `/v2/admin/servers/${hub}`, superUser, { ifbMode: row.ifbMode === 'V1' ? 'V2' : 'V1' });
    expect(busyIfb.json().error.code).toBe('IFB_MODE_SERVER_NOT_IDLE');
    const busyDelete = await call('DELETE', `/v2/admin/servers/${hub}`, superUser);
    expect(busyDelete.statusCode).toBe(409);
    expect(busyDelete.json().error).toMatchObject({ code: 'CHANNEL_BUSY_CONFLICT', message: ERROR_CATALOGUE.CHANNEL_BUSY_CONFLICT.message });
    expect(await snapshot()).toBe(before);
    await db().channel.update({ where: { id: `${hub}-CH1` }, data: { allocatedToUnitUid: null } });

    // Accepted by the device: stored and announced.
    published.length = 0;
    const changed = await call('PUT', `/v2/admin/servers/${hub}`, superUser, { webrtcPort: 9443, version: row.version });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ webrtcPort: 9443, version: row.version + 1 });
    expect(published.some((p) => p.event.type === 'server.changed' && p.event.server.id === hub && p.event.server.webrtcPort === 9443)).toBe(true);

    // Offline: not sent, not stored.
    s.sim?.inject({ serverId: hub, fault: { type: 'serverPower', on: false } });
    await eventually(async () => s.app.services.servers.liveStatus(hub) === 'offline', 10_000);
    const offlineBefore = await snapshot();
    const offline = await call('PUT', `/v2/admin/servers/${hub}`, superUser, { webrtcPort: 9444 });
    expect(offline.statusCode).toBe(503);
    expect(await snapshot()).toBe(offlineBefore);
    s.sim?.inject({ serverId: hub, fault: { type: 'serverPower', on: true } });
    await eventually(async () => s.app.services.servers.liveStatus(hub) === 'online', 10_000);
  });
});
