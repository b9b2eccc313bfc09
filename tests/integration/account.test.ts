/**
 * The signed-in user's own account against the real core on SQLite and PostgreSQL: the password
 * change (spec 001 §5 rules with their messages, §8 "Old password does not match"; the expiry
 * restarting by the user's policy; the user's other sessions ended, the caller's kept), the 14-day
 * expiry state and its remembered dismissal (spec 000 §6, §9), and the mock's chat stand-in script
 * named by the client configuration when chat support is enabled (spec 000 §2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, VALIDATION, type PasswordChanged, type PasswordExpiry, RULES } from '@fleet/contracts';
import { TestClock } from '@fleet/core';
import { hashPassword } from '@fleet/db';
import { DEMO_PASSWORD, coreCall, providers, startTestStack, type Method, type TestStack } from '../support/stack.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(providers())('account on %s', (provider) => {
  let s: TestStack;
  const clock = new TestClock();
  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const fields = (res: { json(): { error: { fields?: { path: string; message: string }[] } } }) => res.json().error.fields ?? [];

  beforeAll(async () => {
    s = await startTestStack({ provider, clock });
  });
  afterAll(async () => s?.close());

  /** A user of their own, with a 3-month policy: a test may change their password freely. */
  async function makeUser(id: string, extra: { sso?: boolean; passwordExpiresAt?: Date } = {}) {
    await db().user.create({
      data: {
        id,
        username: id,
        passwordHash: await hashPassword(DEMO_PASSWORD, { n: 1024 }),
        email: `${id}@example.com`,
        firstName: 'Acc',
        lastName: 'User',
        userType: 'luc_regular',
        roles: ['luc_regular'],
        passwordExpiryPolicy: '3',
        sso: extra.sso ?? false,
        passwordExpiresAt: extra.passwordExpiresAt ?? null,
      },
    });
  }
  const snapshot = async (id: string) =>
    JSON.stringify(await db().user.findUnique({ where: { id }, select: { passwordHash: true, passwordExpiresAt: true, version: true } }));

  it('answers 401 without a session', async () => {
    expect((await call('PUT', '/users/current/password', undefined, {})).statusCode).toBe(401);
    expect((await call('GET', '/users/current/password/expiry', undefined)).statusCode).toBe(401);
    expect((await call('POST', '/users/current/password/expiry/dismiss', undefined)).statusCode).toBe(401);
  });

  it("refuses a new password against the spec's rules and a wrong old password with their messages, changing nothing", async () => {
    await makeUser('acc-rules');
    const cookie = await s.login('acc-rules');
    const before = await snapshot('acc-rules');
    const cases: [Record<string, unknown>, string, string, number][] = [
      [{ oldPassword: DEMO_PASSWORD, password: 'short1A', passwordConfirmation: 'short1A' }, 'body.password', VALIDATION.passwordRule, 400],
      [{ oldPassword: DEMO_PASSWORD, password: 'alllowercase1', passwordConfirmation: 'alllowercase1' }, 'body.password', VALIDATION.passwordRule, 400],
      [{ oldPassword: DEMO_PASSWORD, password: 'NoDigitsHere', passwordConfirmation: 'NoDigitsHere' }, 'body.password', VALIDATION.passwordRule, 400],
      [
        { oldPassword: DEMO_PASSWORD, password: 'Good-pass-2', passwordConfirmation: 'Good-pass-3' },
        'body.passwordConfirmation',
        VALIDATION.passwordsMustMatch,
        400,
      ],
      [{ oldPassword: '', password: 'Good-pass-2', passwordConfirmation: 'Good-pass-2' }, 'body.oldPassword', VALIDATION.required, 400],
      [
        { oldPassword: 'Wrong-pass-9', password: 'Good-pass-2', passwordConfirmation: 'Good-pass-2' },
        'body.oldPassword',
        ERROR_CATALOGUE.OLD_PASSWORD_MISMATCH.message,
        422,
      ],
    ];
    for (const [body, path, message, status] of cases) {
      const res = await call('PUT', '/users/current/password', cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(fields(res), JSON.stringify(body)).toContainEqual({ path, message });
    }
    expect(
      (
        await call('PUT', '/users/current/password', cookie, {
          oldPassword: DEMO_PASSWORD,
          password: 'Good-pass-2',
          passwordConfirmation: 'Good-pass-2',
          extra: 1,
        })
      ).statusCode,
    ).toBe(400);
    expect(await snapshot('acc-rules')).toBe(before);
    // The old password still signs in.
    await s.login('acc-rules');
  });

  it("changes the password: the expiry restarts by the policy, the user's other sessions end and the caller's stays", async () => {
    await makeUser('acc-change', { passwordExpiresAt: new Date(clock.now() + 3 * DAY) });
    const [mine, other] = [await s.login('acc-change'), await s.login('acc-change')];
    expect((await call('GET', '/users/current', other)).statusCode).toBe(200);
    const res = await call('PUT', '/users/current/password', mine, {
      oldPassword: DEMO_PASSWORD,
      password: 'Fresh-pass-7',
      passwordConfirmation: 'Fresh-pass-7',
    });
    expect(res.statusCode).toBe(200);
    const changed: PasswordChanged = res.json();
    expect(changed.endedSessions).toBe(1);
    const expires = Date.parse(changed.passwordExpiry.expiresAt ?? '');
    // Three months from now (the user's policy): between 89 and 93 days ahead.
    expect(expires - clock.now()).toBeGreaterThan(89 * DAY);
    expect(expires - clock.now()).toBeLessThan(93 * DAY);
    expect(changed.passwordExpiry.expiring).toBe(false);
    expect((await call('GET', '/users/current', mine)).statusCode).toBe(200);
    expect((await call('GET', '/users/current', other)).statusCode).toBe(401);
    await expect(s.login('acc-change')).rejects.toThrow(/401/);
    await s.login('acc-change', 'Fresh-pass-7');
  });

  it('refuses a change for an SSO user (managed by the IT admin), changing nothing', async () => {
    await makeUser('acc-sso', { sso: true });
    const cookie = await s.login('acc-sso');
    const before = await snapshot('acc-sso');
    const res = await call('PUT', '/users/current/password', cookie, {
      oldPassword: DEMO_PASSWORD,
      password: 'Fresh-pass-7',
      passwordConfirmation: 'Fresh-pass-7',
    });
    expect(res.statusCode).toBe(ERROR_CATALOGUE.USER_MANAGED_BY_IT_ADMIN.status);
    expect(res.json().error.code).toBe('USER_MANAGED_BY_IT_ADMIN');
    expect(await snapshot('acc-sso')).toBe(before);
  });

  it('tells a user within 14 days of expiry to change, remembers the dismissal for that expiry only, and says nothing to one whose password never expires', async () => {
    const expiring = await s.login('luc_media_group_admin');
    const state: PasswordExpiry = (await call('GET', '/users/current/password/expiry', expiring)).json();
    expect(state).toMatchObject({ warningDays: 14, expiring: true, dismissed: false });
    const dismissed: PasswordExpiry = (await call('POST', '/users/current/password/expiry/dismiss', expiring)).json();
    expect(dismissed).toMatchObject({ expiring: true, dismissed: true, expiresAt: state.expiresAt });
    // Remembered: another session (a new sign-in) reads it dismissed, and the preferences carry it.
    const again = await s.login('luc_media_group_admin');
    expect((await call('GET', '/users/current/password/expiry', again)).json()).toMatchObject({ expiring: true, dismissed: true });
    expect((await call('GET', '/userPreferences', again)).json().passwordExpiryDismissed).toBe(state.expiresAt);

    // Beyond 14 days: not expiring; within them (a week later, signed in again): expiring. Dismissed.
    await makeUser('acc-expiry', { passwordExpiresAt: new Date(clock.now() + 20 * DAY) });
    expect((await call('GET', '/users/current/password/expiry', await s.login('acc-expiry'))).json()).toMatchObject({ expiring: false });
    await clock.advance(7 * DAY);
    let cookie = await s.login('acc-expiry');
    expect((await call('GET', '/users/current/password/expiry', cookie)).json()).toMatchObject({ expiring: true, dismissed: false });
    expect((await call('POST', '/users/current/password/expiry/dismiss', cookie)).json()).toMatchObject({ dismissed: true });
    // A new password (3 months on): not expiring; when its expiry comes near, it warns again.
    const changed = await call('PUT', '/users/current/password', cookie, {
      oldPassword: DEMO_PASSWORD,
      password: 'Fresh-pass-8',
      passwordConfirmation: 'Fresh-pass-8',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('GET', '/users/current/password/expiry', cookie)).json()).toMatchObject({ expiring: false });
    const renewedAt = Date.parse((changed.json() as PasswordChanged).passwordExpiry.expiresAt!);
    await clock.advance(renewedAt - clock.now() - 10 * DAY);
    cookie = await s.login('acc-expiry', 'Fresh-pass-8');
    expect((await call('GET', '/users/current/password/expiry', cookie)).json()).toMatchObject({
      expiring: true,
      dismissed: false,
      expiresAt: new Date(renewedAt).toISOString(),
    });

    const never = await s.login('luc_regular');
    const prefsBefore = (await call('GET', '/userPreferences', never)).json();
    expect((await call('GET', '/users/current/password/expiry', never)).json()).toEqual({
      expiresAt: null,
      warningDays: 14,
      expiring: false,
      dismissed: false,
    });
    expect((await call('POST', '/users/current/password/expiry/dismiss', never)).json()).toMatchObject({ expiring: false, dismissed: false });
    expect((await call('GET', '/userPreferences', never)).json()).toEqual(prefsBefore);
  });

  it("saves the time zone in the preferences, refusing an unknown zone with the spec's message and changing nothing", async () => {
    const cookie = await s.login('luc_read');
    const before = (await call('GET', '/userPreferences', cookie)).json();
    const bad = await call('PUT', '/userPreferences', cookie, { timeZone: 'Mars/Olympus_Mons', luSmartCountry: 'fra' });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toContainEqual({ path: 'body.timeZone', message: RULES.unknownTimeZone });
    expect((await call('GET', '/userPreferences', cookie)).json()).toEqual(before);
    const ok = await call('PUT', '/userPreferences', cookie, { timeZone: 'Asia/Tokyo' });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/userPreferences', cookie)).json()).toMatchObject({ timeZone: 'Asia/Tokyo', luSmartCountry: before.luSmartCountry });
  });

  it('serves the chat stand-in script, which the client configuration names when chat support is enabled', async () => {
    const cookie = await s.login('luc_regular');
    expect((await call('GET', '/client/configuration', cookie)).json().chatSupport).toEqual({ enabled: false, scriptUrl: null });
    await db().applicationConfiguration.update({ where: { key: 'chatSupport' }, data: { value: { enabled: true, scriptUrl: '/mock/chat/widget.js' } } });
    try {
      expect((await call('GET', '/client/configuration', cookie)).json().chatSupport).toEqual({ enabled: true, scriptUrl: '/mock/chat/widget.js' });
    } finally {
      await db().applicationConfiguration.update({ where: { key: 'chatSupport' }, data: { value: { enabled: false, scriptUrl: null } } });
    }
    const script = await s.app.inject({ method: 'GET', url: '/mock/chat/widget.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toContain('window.zE = function (widget, command)');
  });
});
