/**
 * A group's alerts configuration (spec 001 §7 Groups: GET/PUT v2/groups/{id}/alerts/configuration;
 * §4 modes, severities, types, "Email recipient: not verified until the link is clicked (valid 72
 * hours)"; §8 generic email/SMS error) against the real core on real SQLite and PostgreSQL: the
 * configuration read and saved, every rule with the spec's words, 401/403/404, a rejected request
 * changes nothing, the verification link sent through the outbox verifies within 72 hours and
 * refuses after, units inheriting from the group follow its mode, `groupAlerts.changed` on /ws,
 * and the configuration read again by a core started on the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION, groupTopic, type GroupAlertsConfiguration, type RealtimeEvent, RULES } from '@fleet/contracts';
import { buildApp, TestClock } from '@fleet/core';
import { createDb } from '@fleet/db';
import { DEMO_PASSWORD, providers, startTestStack, type TestStack } from '../support/stack.js';
import { connect, until, type WsClient } from './realtime-client.js';

type Method = 'GET' | 'PUT';
/** Seed: luc_admin manages inv-global's groups, not inv-metro's. */
const GROUP = 'grp-newsroom';
const SIBLING = 'grp-field-crews';
const OTHER_INVENTORY_GROUP = 'grp-football';
const FOREIGN_GROUP = 'grp-metro-live';
const url = (groupId: string) => `/v2/groups/${groupId}/alerts/configuration`;

describe.each(providers())('group alerts configuration on %s', (provider) => {
  let s: TestStack;
  let admin: string;
  let superUser: string;
  let regular: string;
  let read: string;
  let base: string;
  let ws: WsClient;
  const clock = new TestClock();
  const signIn = async () => {
    [admin, superUser, regular, read] = await Promise.all([s.login('luc_admin'), s.login('super_user'), s.login('luc_regular'), s.login('luc_read')]);
  };

  beforeAll(async () => {
    s = await startTestStack({ provider, simulator: false, clock });
    await signIn();
    base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    ws = await connect(base, { cookie: admin });
    await ws.next((m) => m.op === 'hello');
    ws.send({ op: 'subscribe', topics: [groupTopic(GROUP)] });
    await ws.next((m) => m.op === 'subscribed');
  });
  afterAll(async () => {
    ws?.ws.close();
    await s?.close();
  });

  const call = (method: Method, path: string, cookie: string | undefined, payload?: unknown) =>
    s.app.inject({ method, url: `/api${path}`, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const db = () => s.app.services.db;
  const snapshot = async () =>
    JSON.stringify({
      configs: await db().alertConfiguration.findMany({ orderBy: { id: 'asc' }, omit: { updatedAt: true } }),
      recipients: await db().alertEmailRecipient.findMany({ orderBy: { id: 'asc' }, omit: { updatedAt: true } }),
      sent: s.app.services.outbox.sent().length,
    });
  const read_ = async (groupId = GROUP, cookie = admin): Promise<GroupAlertsConfiguration> => {
    const res = await call('GET', url(groupId), cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const save = async (body: Record<string, unknown>, groupId = GROUP, cookie = admin): Promise<GroupAlertsConfiguration> => {
    const version = (await read_(groupId, cookie)).version;
    const res = await call('PUT', url(groupId), cookie, { version, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const rejected = async (groupId: string, cookie: string | undefined, payload: unknown, status: number, field?: { path: string; message: string }) => {
    const before = await snapshot();
    const res = await call('PUT', url(groupId), cookie, payload);
    expect(res.statusCode, res.body).toBe(status);
    if (field) expect(res.json().error.fields).toContainEqual(field);
    expect(await snapshot()).toBe(before);
    return res;
  };
  /** The link last e-mailed to this address (the outbox records what the mock sends). */
  const linkTo = (email: string) => {
    const sent = s.app.services.outbox.sent(email);
    const link = sent[sent.length - 1]?.link;
    if (!link) throw new Error(`nothing sent to ${email}`);
    return link;
  };
  const open = (link: string) => s.app.inject({ method: 'GET', url: link });

  it('reads the seeded group as manual with its own settings, the sibling it may follow, and every type', async () => {
    const c = await read_();
    expect(c).toMatchObject({ groupId: GROUP, mode: 'manual', sourceGroupId: null, source: 'group' });
    expect(Object.keys(c.alerts).sort()).toEqual(['battery', 'bitrateDrop', 'cameraDisconnected', 'serverCpu', 'serverStorage']);
    expect(c.ownAlerts).toEqual(c.alerts);
  });

  it('saves types, severities, thresholds and recipients; a new recipient is pending until the link is opened; /ws hears it', async () => {
    const v0 = (await read_()).version;
    const c = await save({
      mode: 'manual',
      alerts: { battery: { enabled: true, level: 'warning', thresholds: { warning: 40, critical: 15 } }, serverCpu: { enabled: false, level: 'critical' } },
      recipients: [{ email: 'desk@example.com' }, { alertType: 'battery', email: 'Tech@Example.com' }],
    });
    expect(c.version).toBe(v0 + 1);
    expect(c.alerts.battery).toEqual({ enabled: true, level: 'warning', thresholds: { warning: 40, critical: 15 } });
    expect(c.alerts.serverCpu).toMatchObject({ enabled: false, level: 'critical' });
    expect(c.recipients.map((r) => [r.alertType, r.email, r.verified, r.state])).toEqual([
      ['all', 'desk@example.com', false, 'pending'],
      ['battery', 'Tech@Example.com', false, 'pending'],
    ]);
    const expires = Date.parse(c.recipients[0]!.verificationExpiresAt!);
    expect(Math.abs(expires - (clock.now() + 72 * 3600_000))).toBeLessThan(60_000);
    await until(
      () => ws.events.some((e) => e.event.type === 'groupAlerts.changed' && e.event.configuration.version === c.version),
      5000,
      'groupAlerts.changed',
    );

    // The link verifies (no session needed); opening it again answers the same.
    const link = linkTo('desk@example.com');
    expect(link).toMatch(/^\/api\/v2\/alerts\/recipients\/verify\?token=/);
    const ok = await open(link);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ email: 'desk@example.com', alertType: 'all', groupId: GROUP, verified: true });
    expect((await open(link)).statusCode).toBe(200);
    const after = await read_();
    expect(after.recipients.find((r) => r.email === 'desk@example.com')).toMatchObject({ verified: true, state: 'verified', verificationExpiresAt: null });
    await until(
      () =>
        ws.events.some((e) => {
          const ev: RealtimeEvent = e.event;
          return ev.type === 'groupAlerts.changed' && ev.configuration.recipients.some((r) => r.email === 'desk@example.com' && r.verified);
        }),
      5000,
      'groupAlerts.changed after verification',
    );

    // Saved again with the same list: the verified one stays verified, nothing is sent again.
    const sentBefore = s.app.services.outbox.sent().length;
    const again = await save({ mode: 'manual', recipients: [{ email: 'desk@example.com' }, { alertType: 'battery', email: 'Tech@Example.com' }] });
    expect(again.recipients.map((r) => r.state)).toEqual(['verified', 'pending']);
    expect(s.app.services.outbox.sent().length).toBe(sentBefore);
    // A recipient left out is removed; its link no longer works.
    const techLink = linkTo('Tech@Example.com');
    const removed = await save({ mode: 'manual', recipients: [{ email: 'desk@example.com' }] });
    expect(removed.recipients.map((r) => r.email)).toEqual(['desk@example.com']);
    expect((await open(techLink)).json().error.code).toBe('VERIFICATION_LINK_UNKNOWN');
  });

  it('refuses a link after its 72 hours and an unknown one; saving the recipient again sends a new link', async () => {
    await save({ mode: 'manual', recipients: [{ email: 'late@example.com' }] });
    const link = linkTo('late@example.com');
    expect((await read_()).recipients.find((r) => r.email === 'late@example.com')).toMatchObject({ verified: false, state: 'pending' });
    // Three days later (the suite's users sign in again: a session lasts 12 hours).
    await clock.advance(72 * 3600_000);
    await signIn();
    const before = await snapshot();
    const expired = await open(link);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toMatchObject({ code: 'VERIFICATION_LINK_EXPIRED', message: 'This verification link has expired (valid 72 hours)' });
    expect(await snapshot()).toBe(before);
    expect((await read_()).recipients.find((r) => r.email === 'late@example.com')).toMatchObject({ verified: false, state: 'expired' });
    const unknown = await open('/api/v2/alerts/recipients/verify?token=no-such-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('VERIFICATION_LINK_UNKNOWN');
    expect((await open('/api/v2/alerts/recipients/verify')).statusCode).toBe(400);
    for (const bad of ['%00abc', 'a%20b', 'x'.repeat(129)]) expect((await open(`/api/v2/alerts/recipients/verify?token=${bad}`)).statusCode, bad).toBe(400);

    await save({ mode: 'manual', recipients: [{ email: 'late@example.com' }] });
    const fresh = linkTo('late@example.com');
    expect(fresh).not.toBe(link);
    expect((await open(link)).statusCode).toBe(404);
    expect((await open(fresh)).statusCode).toBe(200);
    expect((await read_()).recipients.find((r) => r.email === 'late@example.com')).toMatchObject({ state: 'verified' });
  });

  it('validates with the spec’s words and changes nothing', async () => {
    const version = (await read_()).version;
    const put = (body: Record<string, unknown>, status: number, field?: { path: string; message: string }) =>
      rejected(GROUP, admin, { version, mode: 'manual', ...body }, status, field);
    await put({ mode: 'sometimes' }, 400, { path: 'body.mode', message: VALIDATION.invalidField });
    await rejected(GROUP, admin, { mode: 'manual' }, 400, { path: 'body.version', message: VALIDATION.required });
    await put({ alerts: { battery: { enabled: true, level: 'warning', thresholds: { warning: 101, critical: 5 } } } }, 400, {
      path: 'body.alerts.battery.thresholds.warning',
      message: VALIDATION.maxValue(100),
    });
    await put({ alerts: { serverCpu: { enabled: true, level: 'warning', thresholds: { warning: -1, critical: 90 } } } }, 400, {
      path: 'body.alerts.serverCpu.thresholds.warning',
      message: VALIDATION.minValue(0),
    });
    await put({ alerts: { serverCpu: { enabled: true, level: 'warning', thresholds: { warning: 50.5, critical: 90 } } } }, 400, {
      path: 'body.alerts.serverCpu.thresholds.warning',
      message: VALIDATION.integer,
    });
    await put({ alerts: { serverCpu: { enabled: true, level: 'warning', thresholds: { warning: 'x', critical: 90 } } } }, 400, {
      path: 'body.alerts.serverCpu.thresholds.warning',
      message: VALIDATION.number,
    });
    // Battery: critical below warning; the others: critical above warning.
    await put({ alerts: { battery: { enabled: true, level: 'warning', thresholds: { warning: 10, critical: 30 } } } }, 400, {
      path: 'body.alerts.battery.thresholds.critical',
      message: RULES.thresholdsOrder,
    });
    await put({ alerts: { serverStorage: { enabled: true, level: 'warning', thresholds: { warning: 90, critical: 80 } } } }, 400, {
      path: 'body.alerts.serverStorage.thresholds.critical',
      message: RULES.thresholdsOrder,
    });
    await put({ alerts: { battery: { enabled: true, level: 'fatal' } } }, 400, { path: 'body.alerts.battery.level', message: VALIDATION.invalidField });
    await put({ recipients: [{ email: 'not-an-email' }] }, 400, { path: 'body.recipients.0.email', message: VALIDATION.invalidEmail });
    await put({ recipients: [{ email: 'a@example.com' }, { email: 'A@example.com' }] }, 400, {
      path: 'body.recipients.1.email',
      message: VALIDATION.fieldUnique,
    });
    await put({ recipients: Array.from({ length: 51 }, (_, i) => ({ email: `r${i}@example.com` })) }, 400, {
      path: 'body.recipients',
      message: VALIDATION.maxElements,
    });
    await put({ mode: 'group' }, 400, { path: 'body.sourceGroupId', message: VALIDATION.required });
    await put({ sourceGroupId: SIBLING }, 400, { path: 'body.sourceGroupId', message: RULES.notInThisMode });
    // The followed group: another group of the same inventory the caller sees, in manual mode.
    await put({ mode: 'group', sourceGroupId: GROUP }, 400, { path: 'body.sourceGroupId', message: RULES.alertSourceGroup });
    await put({ mode: 'group', sourceGroupId: OTHER_INVENTORY_GROUP }, 400, { path: 'body.sourceGroupId', message: RULES.alertSourceGroup });
    await put({ mode: 'group', sourceGroupId: FOREIGN_GROUP }, 400, { path: 'body.sourceGroupId', message: RULES.alertSourceGroup });
    // A stale version: 409.
    const stale = await rejected(GROUP, admin, { version: version + 5, mode: 'manual' }, 409);
    expect(stale.json().error.code).toBe('CONFLICT');
    // 001 §8 generic email/SMS error: an address the (mock) gateway refuses.
    const mail = await put({ recipients: [{ email: 'ops@newsroom.invalid' }] }, 502);
    expect(mail.json().error).toMatchObject({ code: 'EMAIL_SMS_ERROR', message: 'Email/SMS error, try again' });
  });

  it('answers 401 without a session, 403 outside the manage roles, 404 for unknown and foreign groups', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const body = method === 'PUT' ? { mode: 'manual', version: 0 } : undefined;
      expect((await call(method, url(GROUP), undefined, body)).statusCode).toBe(401);
      for (const cookie of [regular, read]) {
        const res = await call(method, url(GROUP), cookie, body);
        expect(res.statusCode, method).toBe(403);
      }
      for (const g of ['grp-no-such', FOREIGN_GROUP]) {
        const res = await call(method, url(g), admin, body);
        expect(res.statusCode, `${method} ${g}`).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    }
    expect((await call('GET', url(FOREIGN_GROUP), superUser)).statusCode).toBe(200);
  });

  it('modes: automatic inherits the inventory’s configuration, group follows a manual sibling; units inheriting from the group follow', async () => {
    // The sibling, manual, with battery off.
    await save({ mode: 'manual', alerts: { battery: { enabled: false, level: 'warning' } } }, SIBLING);
    const followed = await save({ mode: 'group', sourceGroupId: SIBLING });
    expect(followed).toMatchObject({ mode: 'group', sourceGroupId: SIBLING, source: 'group' });
    expect(followed.alerts.battery).toMatchObject({ enabled: false, level: 'warning' });
    // LU800-0001 (automatic, last group: the group) shows the followed group's settings.
    const unit = (await call('GET', '/v2/units/LU800-0001/alerts/configuration', regular)).json();
    expect(unit).toMatchObject({ mode: 'automatic', groupId: GROUP, source: 'group' });
    expect(unit.alerts.battery).toMatchObject({ enabled: false, level: 'warning' });

    const auto = await save({ mode: 'automatic' });
    expect(auto).toMatchObject({ mode: 'automatic', sourceGroupId: null, source: 'inventory' });
    expect((await call('GET', '/v2/units/LU800-0001/alerts/configuration', regular)).json()).toMatchObject({ source: 'inventory' });
    // The group's own settings are kept for a switch back to manual.
    const manual = await save({ mode: 'manual' });
    expect(manual.source).toBe('group');
    expect(manual.alerts).toEqual(auto.ownAlerts);
  });

  it('a new group inherits (automatic, version 0); its first save creates its configuration (version 1); a save over version 0 made meanwhile is refused', async () => {
    const id = `grp-alerts-new-${provider}`;
    await db().group.create({ data: { id, name: id, inventoryId: 'inv-global' } });
    const fresh = await read_(id);
    expect(fresh).toMatchObject({ groupId: id, mode: 'automatic', sourceGroupId: null, source: 'inventory', recipients: [], version: 0 });
    const res = await call('PUT', url(id), admin, { mode: 'manual', version: 0, alerts: { cameraDisconnected: { enabled: false, level: 'critical' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mode: 'manual', source: 'group', version: 1, alerts: { cameraDisconnected: { enabled: false, level: 'critical' } } });
    expect(await db().alertConfiguration.findUnique({ where: { groupId: id } })).toMatchObject({ scope: 'group', inventoryId: 'inv-global' });
    // Another console that read the group before the first save (version 0).
    expect((await rejected(id, admin, { mode: 'automatic', version: 0 }, 409)).json().error.code).toBe('CONFLICT');
    const second = await call('PUT', url(id), admin, { mode: 'automatic', version: 1 });
    expect(second.json()).toMatchObject({ mode: 'automatic', source: 'inventory', version: 2 });
  });

  it('an end-to-end run reads the sent link from the control plane (operators only: the link is a capability)', async () => {
    await save({ mode: 'manual', recipients: [{ email: 'e2e@example.com' }] });
    const outbox = (cookie: string) =>
      s.app.inject({
        method: 'GET',
        url: `/mock/trpc/core.outbox?input=${encodeURIComponent(JSON.stringify({ to: 'e2e@example.com' }))}`,
        headers: { cookie },
      });
    const res = await outbox(superUser);
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().result.data as { channel: string; link: string }[];
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'email', link: linkTo('e2e@example.com') });
    expect((await outbox(admin)).statusCode).toBe(403);
    expect((await open(sent[0]!.link)).statusCode).toBe(200);
  });

  it('a core started again on the same database reads the same configuration', async () => {
    const saved = await save({
      mode: 'manual',
      alerts: { bitrateDrop: { enabled: true, level: 'critical', thresholds: { warning: 30, critical: 60 } } },
      recipients: [{ email: 'durable@example.com' }],
    });
    const handle = await createDb({ url: s.url });
    const again = await buildApp({ config: s.config, db: handle.prisma, logger: false });
    try {
      const login = await again.inject({ method: 'POST', url: '/mock/auth/login', payload: { username: 'luc_admin', password: DEMO_PASSWORD } });
      const cookie = `fleet_session=${login.cookies.find((c) => c.name === 'fleet_session')!.value}`;
      const res = await again.inject({ method: 'GET', url: `/api${url(GROUP)}`, headers: { cookie } });
      expect(res.json()).toEqual(saved);
    } finally {
      await again.close();
      await handle.close();
    }
  });
});
