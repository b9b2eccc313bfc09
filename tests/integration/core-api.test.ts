/**
 * The core through its real HTTP surface on real SQLite and real PostgreSQL, with the real
 * simulator attached: sessions, roles, validation with the spec's words, object scope, stream
 * control end to end, and "a rejected request changes nothing".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, ENDPOINT_IDS, ROLES, type UnitDetail, type UnitSummary } from '@fleet/contracts';
import { eventually, providers, startTestStack, type TestStack } from '../support/stack.js';

describe.each(providers())('core API on %s', (provider) => {
  let s: TestStack;
  let regular: string;
  let read: string;
  let superUser: string;
  let units: UnitSummary[];

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [regular, read, superUser] = await Promise.all([s.login('luc_regular'), s.login('luc_read'), s.login('super_user')]);
    const res = await s.app.inject({ method: 'GET', url: '/api/devices/fetch', headers: { cookie: regular } });
    units = res.json();
  });
  afterAll(async () => s?.close());

  const get = (url: string, cookie?: string) => s.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('lets every seeded role log in, and refuses a wrong password with the envelope', async () => {
    for (const role of ROLES) await expect(s.login(role)).resolves.toMatch(/^fleet_session=/);
    const bad = await s.app.inject({ method: 'POST', url: '/mock/auth/login', payload: { username: 'luc_regular', password: 'nope' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Incorrect username or password' } });
    const missing = await s.app.inject({ method: 'POST', url: '/mock/auth/login', payload: { username: 'luc_regular' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual([{ path: 'password', message: 'This field is required' }]);
  });

  it('answers 401 to every declared call without a session', async () => {
    for (const id of ENDPOINT_IDS) {
      const def = catalogue[id];
      const url = `/api${def.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'id' ? units[0]!.uniqueId : '1'))}`;
      const res = await s.app.inject({ method: def.method, url });
      expect(res.statusCode, id).toBe(401);
      expect(res.json().error.code, id).toBe('UNAUTHENTICATED');
    }
  });

  it('lists only the units of the caller’s inventories and groups', async () => {
    expect(units.length).toBeGreaterThan(0);
    const all: UnitSummary[] = (await get('/api/devices/fetch', superUser)).json();
    expect(all.length).toBeGreaterThan(units.length);
    const me = (await get('/api/users/current', regular)).json();
    const myInv = new Set(me.inventories.map((i: { id: string }) => i.id));
    const myGroups = new Set(me.groups.map((g: { id: string }) => g.id));
    for (const u of units) expect(u.inventoryIds.some((i) => myInv.has(i)) || u.groupIds.some((g) => myGroups.has(g))).toBe(true);
    const hidden = all.find((u) => !units.some((m) => m.uniqueId === u.uniqueId))!;
    expect((await get(`/api/v2/units/${hidden.uniqueId}`, regular)).statusCode).toBe(404);
    expect((await get('/api/v2/units/NO-SUCH-UNIT', regular)).statusCode).toBe(404);
    const group = me.groups[0].id as string;
    const inGroup: UnitSummary[] = (await get(`/api/devices/fetch?group=${group}`, regular)).json();
    for (const u of inGroup) expect(u.groupIds).toContain(group);
  });

  it('starts and stops a stream through the simulator; status is derived to streaming and back to idle', async () => {
    const unit = await eventually(async () => {
      const list: UnitSummary[] = (await get('/api/devices/fetch', regular)).json();
      return list.find((u) => u.status === 'idle' && u.cameraConnected && u.licenseValid);
    });
    const start = await s.app.inject({ method: 'POST', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie: regular } });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({ uniqueId: unit.uniqueId, action: 'start', accepted: true });
    const streaming = await eventually(async () => {
      const d: UnitDetail = (await get(`/api/v2/units/${unit.uniqueId}`, regular)).json();
      return d.applications.video?.state === 'running' ? d : null;
    });
    // Connecting already counts as streaming (spec 000 §4: video gives streaming); running stays so.
    expect(streaming.status).toBe('streaming');
    await eventually(async () => ((await get(`/api/v2/units/${unit.uniqueId}`, regular)).json() as UnitDetail).totalBitrate > 1000);
    const stop = await s.app.inject({ method: 'DELETE', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie: regular } });
    expect(stop.statusCode).toBe(200);
    await eventually(async () => ((await get(`/api/v2/units/${unit.uniqueId}`, regular)).json() as UnitDetail).status === 'idle');
  });

  it('refuses a stream on a unit whose video licence is invalid, with the spec’s message', async () => {
    const unit = await eventually(async () => {
      const list: UnitSummary[] = (await get('/api/devices/fetch', superUser)).json();
      return list.find((u) => u.status === 'idle' && !u.licenseValid);
    });
    const res = await s.app.inject({ method: 'POST', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie: superUser } });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toEqual({ code: 'UNIT_VIDEO_LICENSE_INVALID', message: 'Unit video license invalid' });
    expect(((await get(`/api/v2/units/${unit.uniqueId}`, superUser)).json() as UnitDetail).applications).toEqual({});
  });

  it('refuses stream control to read-only users (403) and leaves the unit alone', async () => {
    const unit = units[0]!;
    const before = (await get(`/api/v2/units/${unit.uniqueId}`, regular)).json();
    const res = await s.app.inject({ method: 'POST', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie: read } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: 'You are not allowed to access this application' });
    const after = (await get(`/api/v2/units/${unit.uniqueId}`, regular)).json();
    expect(after.applications).toEqual(before.applications);
  });

  it('renames with the spec’s rules; a rejected rename changes nothing', async () => {
    const [a, b] = units as [UnitSummary, UnitSummary];
    const put = (body: unknown) => s.app.inject({ method: 'PUT', url: '/api/devices/update', headers: { cookie: regular }, payload: body as object });
    const bad = await put({ id: a.uniqueId, name: 'has space!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Only letters, numbers, underscores and hyphens are allowed',
      fields: [{ path: 'body.name', message: 'Only letters, numbers, underscores and hyphens are allowed' }],
    });
    const clash = await put({ id: a.uniqueId, name: b.name });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe('This name is already in use, please choose a different name');
    const tooLong = await put({ id: a.uniqueId, name: 'ok', comment: 'x'.repeat(101) });
    expect(tooLong.json().error.fields).toEqual([{ path: 'body.comment', message: 'Must have at most 100 characters' }]);
    const unchanged: UnitDetail = (await get(`/api/v2/units/${a.uniqueId}`, regular)).json();
    expect(unchanged.name).toBe(a.name);
    expect(unchanged.version).toBe(a.version);

    const ok = await put({ id: a.uniqueId, name: `${a.name}-renamed`, version: a.version });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ name: `${a.name}-renamed`, version: a.version + 1 });
    const stale = await put({ id: a.uniqueId, name: `${a.name}-again`, version: a.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT');
  });

  it('stores preferences by merging fields and refuses unknown or malformed ones', async () => {
    const put = (body: unknown) => s.app.inject({ method: 'PUT', url: '/api/userPreferences', headers: { cookie: regular }, payload: body as object });
    expect((await put({ currentRoute: '/map' })).statusCode).toBe(200);
    expect((await put({ leftPanelWidth: 320 })).statusCode).toBe(200);
    const prefs = (await get('/api/userPreferences', regular)).json();
    expect(prefs).toMatchObject({ currentRoute: '/map', leftPanelWidth: 320, luSmartCountry: 'usa' });
    expect(prefs.unitAlertsSoundSettings).toEqual({ critical: true, warning: false });
    const bad = await put({ leftPanelWidth: 'wide', nonsense: 1 });
    expect(bad.statusCode).toBe(400);
    expect((await get('/api/userPreferences', regular)).json()).toEqual(prefs);
    // Someone else's preferences are untouched.
    expect((await get('/api/userPreferences', superUser)).json().currentRoute).not.toBe('/map');
  });

  it('serves notifications with the 2 h / 24 h expiry flags', async () => {
    const list = (await get('/api/client_notifications/fetch', regular)).json() as { expiresWithin2h: boolean; expiresWithin24h: boolean }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.some((n) => n.expiresWithin2h && n.expiresWithin24h)).toBe(true);
    expect(list.some((n) => !n.expiresWithin2h && n.expiresWithin24h)).toBe(true);
  });

  it('never answers 500 to malformed input', async () => {
    const cases = [
      { method: 'PUT' as const, url: '/api/devices/update', payload: '{not json', headers: { cookie: regular, 'content-type': 'application/json' } },
      { method: 'PUT' as const, url: '/api/devices/update', payload: '[]', headers: { cookie: regular, 'content-type': 'application/json' } },
      { method: 'GET' as const, url: '/api/devices/fetch?group=', headers: { cookie: regular } },
      { method: 'POST' as const, url: `/api/v2/units/${units[0]!.uniqueId}/stream`, payload: { channelId: 5, x: 1 }, headers: { cookie: regular } },
      { method: 'GET' as const, url: `/api/v2/units/${'x'.repeat(500)}`, headers: { cookie: regular } },
      { method: 'GET' as const, url: '/api/nowhere', headers: { cookie: regular } },
    ];
    for (const c of cases) {
      const res = await s.app.inject(c);
      expect(res.statusCode, `${c.method} ${c.url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${c.method} ${c.url}`).toBeLessThan(500);
      expect(res.json().error.message).toBeTypeOf('string');
    }
  });
});
