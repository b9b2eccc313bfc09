/**
 * A group's invitation settings and a unit's expiration in a group (spec 001 §7 Groups: GET/PUT
 * groups/{groupId}/adhoc, groups/{id}/permanent, v2/groups/{id}/units/{unitId}/expiration; §2 the
 * "Add LU-Smart/Lite" modal's ad-hoc and permanent tabs; §9 ad-hoc periods and permanent key
 * regeneration) against the real core on real SQLite and PostgreSQL: success, every rule with the
 * spec's words, 401/403/404, a rejected request changes nothing, and the settings read again by a
 * core started on the same database.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADHOC_PERIOD_MS, VALIDATION, type AdhocSettings, type PermanentSettings, type UnitExpiration } from '@fleet/contracts';
import { buildApp, TestClock } from '@fleet/core';
import { createDb } from '@fleet/db';
import { DEMO_PASSWORD, providers, startTestStack, type TestStack } from '../support/stack.js';

type Method = 'GET' | 'PUT';
const GROUP = 'grp-newsroom';
const OTHER_GROUP = 'grp-field-crews';
const FOREIGN_GROUP = 'grp-metro-live';
/** A unit of GROUP (and not of OTHER_GROUP). */
const UNIT = 'LU800-0002';

describe.each(providers())('group invitation settings and unit expiration on %s', (provider) => {
  let s: TestStack;
  let admin: string;
  let superUser: string;
  let regular: string;
  const clock = new TestClock();
  const signIn = async () => {
    [admin, superUser, regular] = await Promise.all([s.login('luc_admin'), s.login('super_user'), s.login('luc_regular')]);
  };
  /** `ms` pass; the suite's users sign in again (a session lasts 12 hours). */
  const later = async (ms: number) => {
    await clock.advance(ms);
    await signIn();
  };

  beforeAll(async () => {
    s = await startTestStack({ provider, simulator: false, clock });
    await signIn();
  });
  afterAll(async () => s?.close());

  const call = (method: Method, path: string, cookie: string | undefined, payload?: unknown) =>
    s.app.inject({ method, url: `/api${path}`, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const db = () => s.app.services.db;
  const snapshot = async () =>
    JSON.stringify({
      groups: await db().group.findMany({ orderBy: { id: 'asc' }, omit: { updatedAt: true } }),
      members: await db().unitGroup.findMany({ orderBy: [{ unitId: 'asc' }, { groupId: 'asc' }] }),
    });
  const ok = async <T>(method: Method, path: string, payload?: unknown, cookie = admin): Promise<T> => {
    const res = await call(method, path, cookie, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** `cookie`: null for no session (undefined: the admin's). */
  const rejected = async (
    method: Method,
    path: string,
    payload: unknown,
    status: number,
    field?: { path: string; message: string },
    cookie: string | null = admin,
  ) => {
    const before = await snapshot();
    const res = await call(method, path, cookie ?? undefined, payload);
    expect(res.statusCode, res.body).toBe(status);
    if (field) expect(res.json().error.fields).toContainEqual(field);
    expect(await snapshot()).toBe(before);
    return res;
  };
  const adhoc = (g = GROUP) => `/groups/${g}/adhoc`;
  const permanent = (g = GROUP) => `/groups/${g}/permanent`;
  const expiration = (g = GROUP, u = UNIT) => `/v2/groups/${g}/units/${u}/expiration`;

  it('ad-hoc joining: as seeded (ADHOC, 1 day, no code yet); a save draws a code; same settings keep it; off clears it', async () => {
    const first = await ok<AdhocSettings>('GET', adhoc());
    expect(first).toMatchObject({ groupId: GROUP, mode: 'ADHOC', period: '1d', code: null, codeCreatedAt: null });
    const on = await ok<AdhocSettings>('PUT', adhoc(), { mode: 'ADHOC_SMART', period: '1w', version: first.version });
    expect(on).toMatchObject({ mode: 'ADHOC_SMART', period: '1w', version: first.version + 1 });
    expect(on.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(await ok<AdhocSettings>('GET', adhoc())).toEqual(on);
    const same = await ok<AdhocSettings>('PUT', adhoc(), { mode: 'ADHOC_SMART', period: '1w', version: on.version });
    expect(same.code).toBe(on.code);
    const lite = await ok<AdhocSettings>('PUT', adhoc(), { mode: 'ADHOC_LITE', period: '1w', version: same.version });
    expect(lite.code).not.toBe(on.code);
    const off = await ok<AdhocSettings>('PUT', adhoc(), { mode: null, period: '1w', version: lite.version });
    expect(off).toMatchObject({ mode: null, period: '1w', code: null });
  });

  it('permanent key: none until the first save; regeneration policy; reset on demand draws a new key', async () => {
    const first = await ok<PermanentSettings>('GET', permanent());
    expect(first).toMatchObject({ groupId: GROUP, regenerate: 'never', key: null, keyCreatedAt: null, nextRegenerationAt: null });
    const weekly = await ok<PermanentSettings>('PUT', permanent(), { regenerate: 'weekly', version: first.version });
    expect(weekly.key).toMatch(/^[A-Z2-9]{8}$/);
    expect(Date.parse(weekly.nextRegenerationAt!) - Date.parse(weekly.keyCreatedAt!)).toBe(7 * 86_400_000);
    const monthly = await ok<PermanentSettings>('PUT', permanent(), { regenerate: 'monthly', version: weekly.version });
    expect(monthly.key).toBe(weekly.key);
    expect(Date.parse(monthly.nextRegenerationAt!) - Date.parse(monthly.keyCreatedAt!)).toBe(30 * 86_400_000);
    const reset = await ok<PermanentSettings>('PUT', permanent(), { regenerate: 'never', resetKey: true, version: monthly.version });
    expect(reset.key).not.toBe(weekly.key);
    expect(reset.nextRegenerationAt).toBeNull();
    expect(await ok<PermanentSettings>('GET', permanent())).toEqual(reset);
  });

  it('renews a key whose regeneration time has passed when it is next read; a key not yet due stays', async () => {
    const v = (await ok<PermanentSettings>('GET', permanent())).version;
    const weekly = await ok<PermanentSettings>('PUT', permanent(), { regenerate: 'weekly', resetKey: true, version: v });
    expect(await ok<PermanentSettings>('GET', permanent())).toEqual(weekly);
    // A minute short of a week the key stays; a week after it was drawn it is due.
    await later(7 * 86_400_000 - 60_000);
    expect(await ok<PermanentSettings>('GET', permanent())).toEqual(weekly);
    await later(60_000);
    const renewed = await ok<PermanentSettings>('GET', permanent());
    expect(renewed.key).not.toBe(weekly.key);
    expect(renewed.regenerate).toBe('weekly');
    expect(clock.now() - Date.parse(renewed.keyCreatedAt!)).toBeLessThan(60_000);
    expect(renewed.version).toBeGreaterThan(weekly.version);
    expect(await ok<PermanentSettings>('GET', permanent())).toEqual(renewed);
  });

  it('answers 001 §8 "Code reset failed" when the new key cannot be stored (another write took the group first)', async () => {
    const current = await ok<PermanentSettings>('GET', permanent());
    // The storage conflict: the conditional write finds the group changed under it.
    const spy = vi.spyOn(db().group, 'updateMany').mockResolvedValueOnce({ count: 0 });
    try {
      const res = await rejected('PUT', permanent(), { regenerate: 'never', resetKey: true, version: current.version }, 409);
      expect(res.json().error).toMatchObject({ code: 'CODE_RESET_FAILED', message: 'Code reset failed' });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    expect(await ok<PermanentSettings>('GET', permanent())).toEqual(current);
  });

  it('validates the settings with the spec’s words, refuses a stale version, and changes nothing', async () => {
    const version = (await ok<AdhocSettings>('GET', adhoc())).version;
    await rejected('PUT', adhoc(), { mode: 'PERMANENT', period: '1d', version }, 400, { path: 'body.mode', message: VALIDATION.invalidField });
    await rejected('PUT', adhoc(), { mode: 'ADHOC', period: '2d', version }, 400, { path: 'body.period', message: VALIDATION.invalidField });
    await rejected('PUT', adhoc(), { mode: 'ADHOC', version }, 400, { path: 'body.period', message: VALIDATION.required });
    await rejected('PUT', adhoc(), { mode: 'ADHOC', period: '1d' }, 400, { path: 'body.version', message: VALIDATION.required });
    await rejected('PUT', permanent(), { regenerate: 'hourly', version }, 400, { path: 'body.regenerate', message: VALIDATION.invalidField });
    await rejected('PUT', permanent(), { regenerate: 'daily', resetKey: 'yes', version }, 400, { path: 'body.resetKey', message: VALIDATION.invalidField });
    const stale = await rejected('PUT', adhoc(), { mode: 'ADHOC', period: '1d', version: version - 1 }, 409);
    expect(stale.json().error.code).toBe('CONFLICT');
    expect((await rejected('PUT', permanent(), { regenerate: 'daily', resetKey: true, version: version + 1 }, 409)).json().error.code).toBe('CONFLICT');
    await rejected('PUT', expiration(), { period: '5d' }, 400, { path: 'body.period', message: VALIDATION.invalidField });
    await rejected('PUT', expiration(), {}, 400, { path: 'body.period', message: VALIDATION.required });
  });

  it('unit expiration: permanent at first, an ad-hoc period from now, cleared again; the unit must be in the group', async () => {
    expect(await ok<UnitExpiration>('GET', expiration())).toEqual({ groupId: GROUP, unitId: UNIT, expiresAt: null, expired: false });
    const before = clock.now();
    const week = await ok<UnitExpiration>('PUT', expiration(), { period: '1w' });
    const at = Date.parse(week.expiresAt!);
    expect(at).toBeGreaterThanOrEqual(before + ADHOC_PERIOD_MS['1w']);
    expect(at).toBeLessThanOrEqual(clock.now() + ADHOC_PERIOD_MS['1w']);
    expect(week.expired).toBe(false);
    expect(await ok<UnitExpiration>('GET', expiration())).toEqual(week);
    expect((await db().unitGroup.findUnique({ where: { unitId_groupId: { unitId: UNIT, groupId: GROUP } } }))?.expiresAt?.toISOString()).toBe(week.expiresAt);
    // A date in the past reads as expired. Written so: a week's step of the clock would also run the
    // sweep that takes the unit out of the group (groups.test.ts), and the read would race it.
    await db().unitGroup.update({ where: { unitId_groupId: { unitId: UNIT, groupId: GROUP } }, data: { expiresAt: new Date(clock.now() - 1000) } });
    expect((await ok<UnitExpiration>('GET', expiration())).expired).toBe(true);
    expect(await ok<UnitExpiration>('PUT', expiration(), { period: null })).toEqual({ groupId: GROUP, unitId: UNIT, expiresAt: null, expired: false });
    // Not in the group, or unknown: 404, nothing changed.
    for (const path of [expiration(OTHER_GROUP), expiration(GROUP, 'LU-NO-SUCH')]) {
      expect((await rejected('PUT', path, { period: '1d' }, 404)).json().error.code).toBe('NOT_FOUND');
      expect((await call('GET', path, admin)).statusCode).toBe(404);
    }
  });

  it('answers 401 without a session, 403 outside the manage roles, 404 for unknown and foreign groups', async () => {
    const cases: [Method, (g: string) => string, unknown][] = [
      ['GET', adhoc, undefined],
      ['PUT', adhoc, { mode: null, period: '1d', version: 0 }],
      ['GET', permanent, undefined],
      ['PUT', permanent, { regenerate: 'never', version: 0 }],
      ['GET', (g) => expiration(g), undefined],
      ['PUT', (g) => expiration(g), { period: null }],
    ];
    for (const [method, path, body] of cases) {
      expect((await rejected(method, path(GROUP), body, 401, undefined, null)).json().error.code).toBe('UNAUTHENTICATED');
      expect((await rejected(method, path(GROUP), body, 403, undefined, regular)).json().error.code).toBe('FORBIDDEN');
      for (const g of ['grp-no-such', FOREIGN_GROUP]) expect((await rejected(method, path(g), body, 404)).json().error.code).toBe('NOT_FOUND');
    }
    expect((await call('GET', permanent(FOREIGN_GROUP), superUser)).statusCode).toBe(200);
  });

  it('a core started again on the same database reads the same settings and expiration', async () => {
    const a = await ok<AdhocSettings>('GET', adhoc());
    const savedAdhoc = await ok<AdhocSettings>('PUT', adhoc(), { mode: 'ADHOC', period: '3d', version: a.version });
    const savedPermanent = await ok<PermanentSettings>('PUT', permanent(), { regenerate: 'daily', version: savedAdhoc.version });
    const savedExpiration = await ok<UnitExpiration>('PUT', expiration(), { period: '1m' });
    const handle = await createDb({ url: s.url });
    const again = await buildApp({ config: s.config, db: handle.prisma, logger: false, clock });
    try {
      const login = await again.inject({ method: 'POST', url: '/mock/auth/login', payload: { username: 'luc_admin', password: DEMO_PASSWORD } });
      const cookie = `fleet_session=${login.cookies.find((c) => c.name === 'fleet_session')!.value}`;
      const get = async (path: string) => (await again.inject({ method: 'GET', url: `/api${path}`, headers: { cookie } })).json();
      expect(await get(adhoc())).toEqual({ ...savedAdhoc, version: savedPermanent.version });
      expect(await get(permanent())).toEqual(savedPermanent);
      expect(await get(expiration())).toEqual(savedExpiration);
    } finally {
      await again.close();
      await handle.close();
    }
    await ok('PUT', expiration(), { period: null });
  });
});
