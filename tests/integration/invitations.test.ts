/**
 * Guest interview invitations of a group (spec 001 §7 Groups: POST groups/{id}/invitation, email,
 * sms; 001 §5 ad-hoc invite rules; 001 §9 ad-hoc periods) against the real core on real SQLite and
 * PostgreSQL: success, every validation rule with the spec's words, unknown and foreign groups
 * 404, no session 401, read-only 403, and that a rejected request changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADHOC_PERIOD_MS, buildPath, catalogue, invitationEndpoints, VALIDATION, type EndpointDef, type GuestInvitation, RULES } from '@fleet/contracts';
import { TestClock } from '@fleet/core';
import { providers, startTestStack, type TestStack, coreCall, type Method } from '../support/stack.js';

/** The guest invitation calls (the group's invitation settings: invitations-settings.test.ts). */
const IDS = ['createGroupInvitation', 'sendGroupInvitationEmail', 'sendGroupInvitationSms'] as const satisfies readonly (keyof typeof invitationEndpoints)[];
/** Groups of the seed: luc_regular and luc_admin see inv-global's groups, not inv-metro's. */
const OWN_GROUP = 'grp-newsroom';
const OTHER_OWN_GROUP = 'grp-field-crews';
const FOREIGN_GROUP = 'grp-metro-live';

describe.each(providers())('guest invitations on %s', (provider) => {
  let s: TestStack;
  let regular: string;
  let read: string;
  let superUser: string;
  let admin: string;

  const clock = new TestClock();
  const signIn = async () => {
    [regular, read, superUser, admin] = await Promise.all([s.login('luc_regular'), s.login('luc_read'), s.login('super_user'), s.login('luc_admin')]);
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

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const snapshot = async () => JSON.stringify(await db().invitation.findMany({ orderBy: { id: 'asc' } }));
  let seq = 0;
  const uniqueName = () => `guest_${provider}_${++seq}`;
  const invite = async (cookie: string, groupId: string, body: Record<string, unknown>) => call('POST', `/groups/${groupId}/invitation`, cookie, body);
  const created = async (groupId = OWN_GROUP, extra: Record<string, unknown> = {}): Promise<GuestInvitation> => {
    const res = await invite(regular, groupId, { deviceName: uniqueName(), email: 'guest@example.com', ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  /** A rejected request: status, code, the field's message, and nothing changed. */
  const rejected = async (method: Method, url: string, cookie: string, payload: unknown, status: number, field?: { path: string; message: string }) => {
    const before = await snapshot();
    const res = await call(method, url, cookie, payload);
    expect(res.statusCode, res.body).toBe(status);
    if (field) expect(res.json().error.fields).toContainEqual(field);
    expect(await snapshot()).toBe(before);
    return res;
  };

  it('answers 401 to every call without a session and 403 to a read-only user', async () => {
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: OWN_GROUP });
      const anon = await call(def.method, url, undefined, {});
      expect(anon.statusCode, id).toBe(401);
      expect(anon.json().error.code, id).toBe('UNAUTHENTICATED');
      const ro = await rejected(def.method, url, read, { deviceName: 'x', email: 'a@b.co', invitationId: 'x', phone: '1' }, 403);
      expect(ro.json().error.code, id).toBe('FORBIDDEN');
    }
  });

  it('creates an ad-hoc guest invitation, stored with its code, expiry and recipients', async () => {
    const name = uniqueName();
    const res = await invite(regular, OWN_GROUP, {
      deviceName: name,
      email: 'guest@example.com',
      phone: '15551234567',
      message: 'Interview at 5 pm',
      period: '1w',
      unitId: 'LU800-0001',
    });
    expect(res.statusCode, res.body).toBe(201);
    const inv: GuestInvitation = res.json();
    expect(inv).toMatchObject({
      groupId: OWN_GROUP,
      planType: 'ADHOC',
      deviceName: name,
      email: 'guest@example.com',
      phone: '15551234567',
      unitId: 'LU800-0001',
      period: '1w',
    });
    expect(inv.groupName).not.toBe('');
    expect(inv.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(inv.joinUrl).toBe(`/easy_live?invitation=${inv.code}&ignoreRouteDefault=1`);
    expect(Date.parse(inv.expiresAt) - Date.parse(inv.createdAt)).toBe(ADHOC_PERIOD_MS['1w']);
    expect(inv.deliveries.map((d) => [d.channel, d.to])).toEqual([
      ['email', 'guest@example.com'],
      ['sms', '15551234567'],
    ]);
    const row = await db().invitation.findUnique({ where: { id: inv.id } });
    expect(row).toMatchObject({
      groupId: OWN_GROUP,
      planType: 'ADHOC',
      period: '1w',
      code: inv.code,
      deviceName: name,
      email: 'guest@example.com',
      phone: '15551234567',
      unitId: 'LU800-0001',
    });
    // Default period: one day; phone only is enough.
    const short = await invite(admin, OTHER_OWN_GROUP, { deviceName: uniqueName(), phone: '123' });
    expect(short.statusCode, short.body).toBe(201);
    const s2: GuestInvitation = short.json();
    expect(s2.period).toBe('1d');
    expect(Date.parse(s2.expiresAt) - Date.parse(s2.createdAt)).toBe(ADHOC_PERIOD_MS['1d']);
    expect(s2.deliveries).toEqual([expect.objectContaining({ channel: 'sms', to: '123' })]);
  });

  it('validates the invitation with the spec’s words and changes nothing', async () => {
    const url = `/groups/${OWN_GROUP}/invitation`;
    await rejected('POST', url, regular, { email: 'g@example.com' }, 400, { path: 'body.deviceName', message: VALIDATION.required });
    await rejected('POST', url, regular, { deviceName: 'Jane Doe', email: 'g@example.com' }, 400, {
      path: 'body.deviceName',
      message: VALIDATION.unitNameCharacters,
    });
    await rejected('POST', url, regular, { deviceName: 'x'.repeat(256), email: 'g@example.com' }, 400, { path: 'body.deviceName', message: VALIDATION.max255 });
    await rejected('POST', url, regular, { deviceName: uniqueName(), email: 'not-an-email' }, 400, { path: 'body.email', message: VALIDATION.invalidEmail });
    await rejected('POST', url, regular, { deviceName: uniqueName(), phone: '+33 6 12' }, 400, { path: 'body.phone', message: VALIDATION.numericOnly });
    await rejected('POST', url, regular, { deviceName: uniqueName() }, 400, { path: 'body.email', message: VALIDATION.required });
    await rejected('POST', url, regular, { deviceName: uniqueName(), email: 'g@example.com', message: 'm'.repeat(1025) }, 400, {
      path: 'body.message',
      message: VALIDATION.maxChars(1024),
    });
    await rejected('POST', url, regular, { deviceName: uniqueName(), email: 'g@example.com', period: '2d' }, 400, {
      path: 'body.period',
      message: VALIDATION.invalidField,
    });
    await rejected('POST', url, regular, { deviceName: uniqueName(), email: 'g@example.com', extra: 1 }, 400);
    // A unit outside the group.
    await rejected('POST', url, regular, { deviceName: uniqueName(), email: 'g@example.com', unitId: 'LU800-0003' }, 400, {
      path: 'body.unitId',
      message: RULES.notOfGroup,
    });
    // Device name unique among open invitations of every group (001 §5) — free again once expired.
    const first = await created();
    await rejected('POST', url, regular, { deviceName: first.deviceName, phone: '1' }, 409, { path: 'body.deviceName', message: VALIDATION.unitNameInUse });
    await rejected('POST', `/groups/${OTHER_OWN_GROUP}/invitation`, regular, { deviceName: first.deviceName, phone: '1' }, 409, {
      path: 'body.deviceName',
      message: VALIDATION.unitNameInUse,
    });
    await later(ADHOC_PERIOD_MS[first.period]);
    expect((await invite(regular, OWN_GROUP, { deviceName: first.deviceName, phone: '1' })).statusCode).toBe(201);
  });

  it('answers 404 for an unknown group and a group the caller cannot see; a global user may invite anywhere', async () => {
    const body = { deviceName: uniqueName(), email: 'g@example.com' };
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const strict =
        id === 'createGroupInvitation'
          ? body
          : id === 'sendGroupInvitationEmail'
            ? { invitationId: 'none', email: 'g@example.com' }
            : { invitationId: 'none', phone: '1' };
      for (const group of ['grp-no-such-group', FOREIGN_GROUP]) {
        const res = await rejected(def.method, buildPath(def.path, { id: group }), regular, strict, 404);
        expect(res.json().error.code, `${id} ${group}`).toBe('NOT_FOUND');
      }
    }
    expect((await invite(superUser, FOREIGN_GROUP, body)).statusCode).toBe(201);
  });

  it('sends an open invitation again by e-mail and by SMS, recording the recipient', async () => {
    const inv = await created();
    const mail = await call('POST', `/groups/${OWN_GROUP}/email`, regular, { invitationId: inv.id, email: 'other@example.com' });
    expect(mail.statusCode, mail.body).toBe(200);
    expect(mail.json()).toMatchObject({ invitationId: inv.id, channel: 'email', to: 'other@example.com' });
    const sms = await call('POST', `/groups/${OWN_GROUP}/sms`, admin, { invitationId: inv.id, phone: '4420' });
    expect(sms.statusCode, sms.body).toBe(200);
    expect(sms.json()).toMatchObject({ invitationId: inv.id, channel: 'sms', to: '4420' });
    expect(await db().invitation.findUnique({ where: { id: inv.id } })).toMatchObject({ email: 'other@example.com', phone: '4420' });
  });

  it('refuses to send an unknown, foreign-group or expired invitation, or to a malformed recipient, changing nothing', async () => {
    const inv = await created();
    const email = `/groups/${OWN_GROUP}/email`;
    const sms = `/groups/${OWN_GROUP}/sms`;
    await rejected('POST', email, regular, { invitationId: inv.id, email: 'bad' }, 400, { path: 'body.email', message: VALIDATION.invalidEmail });
    await rejected('POST', sms, regular, { invitationId: inv.id, phone: '12a' }, 400, { path: 'body.phone', message: VALIDATION.numericOnly });
    await rejected('POST', sms, regular, { invitationId: inv.id }, 400, { path: 'body.phone', message: VALIDATION.required });
    await rejected('POST', email, regular, { email: 'g@example.com' }, 400, { path: 'body.invitationId', message: VALIDATION.required });
    await rejected('POST', email, regular, { invitationId: 'no-such-invitation', email: 'g@example.com' }, 400, {
      path: 'body.invitationId',
      message: RULES.unknownInvitation,
    });
    await rejected('POST', `/groups/${OTHER_OWN_GROUP}/sms`, regular, { invitationId: inv.id, phone: '1' }, 400, {
      path: 'body.invitationId',
      message: RULES.unknownInvitation,
    });
    // Open until its period ends.
    await later(ADHOC_PERIOD_MS[inv.period] - 60_000);
    expect((await call('POST', email, regular, { invitationId: inv.id, email: 'g@example.com' })).statusCode).toBe(200);
    await later(60_000);
    await rejected('POST', email, regular, { invitationId: inv.id, email: 'g@example.com' }, 400, {
      path: 'body.invitationId',
      message: RULES.unknownInvitation,
    });
  });

  it('answers 001 §8 "generic email/SMS error, try again" when the gateway refuses the recipient, storing nothing', async () => {
    // The mock gateway refuses the reserved .invalid domain and all-zero phone numbers (platform/outbox.ts).
    const generic = { code: 'EMAIL_SMS_ERROR', message: 'Email/SMS error, try again' };
    const url = `/groups/${OWN_GROUP}/invitation`;
    const bad = await rejected('POST', url, regular, { deviceName: uniqueName(), email: 'guest@studio.invalid' }, 502);
    expect(bad.json().error).toMatchObject(generic);
    expect((await rejected('POST', url, regular, { deviceName: uniqueName(), email: 'guest@example.com', phone: '0000' }, 502)).json().error).toMatchObject(
      generic,
    );
    const inv = await created();
    expect((await rejected('POST', `/groups/${OWN_GROUP}/email`, regular, { invitationId: inv.id, email: 'x@y.invalid' }, 502)).json().error).toMatchObject(
      generic,
    );
    expect((await rejected('POST', `/groups/${OWN_GROUP}/sms`, regular, { invitationId: inv.id, phone: '000000' }, 502)).json().error).toMatchObject(generic);
    // What is sent is recorded in the outbox: the invitation's code and link.
    const sent = s.app.services.outbox.sent('guest@example.com');
    expect(sent[sent.length - 1]).toMatchObject({ channel: 'email', link: inv.joinUrl });
    expect(sent[sent.length - 1]!.body).toContain(inv.code);
  });
});
