/**
 * System messages (spec 001 §2 system messages and the global notification banner; §3 Notification:
 * expireDate, globalNotification; §9 expiry flags within 2 h and 24 h) against the real core on
 * SQLite and PostgreSQL: the admin list, create, edit with version, delete; roles; the spec's
 * messages; a rejected request changing nothing; what users read through client_notifications/fetch;
 * and the `notification` / `notification.removed` events to the users a message concerns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  catalogue,
  ERROR_CATALOGUE,
  systemMessageEndpoints,
  VALIDATION,
  type ClientNotification,
  type EndpointDef,
  type SystemMessage,
  type SystemMessagePage,
  RULES,
} from '@fleet/contracts';
import { providers, startTestStack, type TestStack, coreCall, recordPublished, type Method, type Published } from '../support/stack.js';

const IDS = Object.keys(systemMessageEndpoints) as (keyof typeof systemMessageEndpoints)[];
const HOUR = 3_600_000;
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

describe.each(providers())('system messages on %s', (provider) => {
  let s: TestStack;
  let superUser: string;
  let staff: string;
  let admin: string; // luc_admin: inv-global
  let regular: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [superUser, staff, admin, regular] = await Promise.all([s.login('super_user'), s.login('staff'), s.login('luc_admin'), s.login('luc_regular')]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const snapshot = async () => JSON.stringify(await s.app.services.db.notification.findMany({ orderBy: { id: 'asc' } }));
  const fields = (res: { json(): { error: { fields?: { path: string; message: string }[] } } }) => res.json().error.fields;
  const banner = async (cookie: string): Promise<ClientNotification[]> => (await call('GET', '/client_notifications/fetch', cookie)).json();
  const create = async (body: Record<string, unknown>): Promise<SystemMessage> => {
    const res = await call('POST', '/v2/admin/systemMessages', superUser, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it('answers 401 without a session and 403 outside super_user and staff, changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: 'x' });
      expect((await call(def.method, url, undefined, def.body ? {} : undefined)).statusCode, id).toBe(401);
      expect((await call(def.method, url, admin, def.body ? { message: 'X', globalNotification: true } : undefined)).statusCode, id).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });

  it('lists every message with its expiry state, searches and filters current / expired', async () => {
    const page: SystemMessagePage = (await call('GET', '/v2/admin/systemMessages', staff)).json();
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.items.some((m) => m.expired)).toBe(true);
    const expired: SystemMessagePage = (await call('GET', '/v2/admin/systemMessages?state=expired', staff)).json();
    expect(expired.items.every((m) => m.expired)).toBe(true);
    const found: SystemMessagePage = (await call('GET', '/v2/admin/systemMessages?searchValue=IFB%20SERVERS', staff)).json();
    expect(found.items.map((m) => m.inventoryName)).toEqual(['Global-News']);
  });

  it("a global message reaches every user's banner at once (pushed on every console's topics), with its level and expiry flag; deleting it removes it", async () => {
    const m = await create({ message: 'Maintenance tonight', level: 'warning', expireDate: ahead(HOUR), globalNotification: true });
    expect(m).toMatchObject({ globalNotification: true, inventoryId: null, level: 'warning', expiresWithin2h: true, expired: false, version: 0 });
    const pushed = published.filter((p) => p.event.type === 'notification' && p.event.notification.id === m.id);
    expect(pushed.at(-1)?.topics).toEqual(expect.arrayContaining(['inventory:inv-global', 'inventory:inv-metro']));
    for (const cookie of [regular, admin]) {
      expect((await banner(cookie)).find((n) => n.id === m.id)).toMatchObject({ level: 'warning', expiresWithin2h: true, expiresWithin24h: true });
    }
    await call('DELETE', `/v2/admin/systemMessages/${m.id}`, superUser);
    expect(published.some((p) => p.event.type === 'notification.removed' && p.event.notificationId === m.id)).toBe(true);
    expect((await banner(regular)).map((n) => n.id)).not.toContain(m.id);
    expect((await call('GET', `/v2/admin/systemMessages/${m.id}`, superUser)).statusCode).toBe(404);
  });

  it("an inventory's message goes to that inventory's users only; moved to another inventory it leaves the first one's banners", async () => {
    const m = await create({ message: 'Metro only', inventoryId: 'inv-metro', expireDate: ahead(48 * HOUR) });
    expect(m).toMatchObject({ inventoryName: 'Metro-TV', level: 'info', expiresWithin24h: false });
    expect((await banner(regular)).map((n) => n.id)).not.toContain(m.id);
    const first = published.filter((p) => p.event.type === 'notification' && p.event.notification.id === m.id).at(-1);
    expect(first?.topics).toContain('inventory:inv-metro');
    expect(first?.topics).not.toContain('inventory:inv-global');

    const moved = (await call('PUT', `/v2/admin/systemMessages/${m.id}`, staff, { inventoryId: 'inv-global', version: 0 })).json() as SystemMessage;
    expect(moved).toMatchObject({ inventoryId: 'inv-global', version: 1 });
    expect((await banner(regular)).map((n) => n.id)).toContain(m.id);
    const removed = published.filter((p) => p.event.type === 'notification.removed' && p.event.notificationId === m.id).at(-1);
    expect(removed?.topics).toContain('inventory:inv-metro');
    expect(removed?.topics).not.toContain('inventory:inv-global');

    const before = await snapshot();
    const stale = await call('PUT', `/v2/admin/systemMessages/${m.id}`, staff, { message: 'stale', version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(ERROR_CATALOGUE.CONFLICT.message);
    expect(await snapshot()).toBe(before);
    await call('DELETE', `/v2/admin/systemMessages/${m.id}`, superUser);
  });

  it("refuses a missing message, a past expiry date, no audience, an unknown inventory and an unknown level with the spec's messages, changing nothing", async () => {
    const before = await snapshot();
    const bad = async (body: Record<string, unknown>, path: string, message: string) => {
      const res = await call('POST', '/v2/admin/systemMessages', superUser, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fields(res)).toContainEqual({ path, message });
    };
    await bad({ globalNotification: true }, 'body.message', VALIDATION.required);
    await bad({ message: '  ', globalNotification: true }, 'body.message', VALIDATION.required);
    await bad(
      { message: 'Past', globalNotification: true, expireDate: new Date(Date.now() - HOUR).toISOString() },
      'body.expireDate',
      VALIDATION.expiryInFuture,
    );
    await bad({ message: 'Nobody' }, 'body.inventoryId', VALIDATION.required);
    await bad({ message: 'Unknown', inventoryId: 'inv-no-such' }, 'body.inventoryId', RULES.unknownInventory);
    await bad({ message: 'Level', globalNotification: true, level: 'critical' }, 'body.level', VALIDATION.invalidField);
    await bad({ message: 'Date', globalNotification: true, expireDate: 'tomorrow' }, 'body.expireDate', VALIDATION.invalidField);
    expect((await call('PUT', '/v2/admin/systemMessages/ntf-no-such', superUser, { message: 'X' })).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
  });
});
