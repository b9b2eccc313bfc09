/**
 * The core's business time follows the simulated clock (platform/business-clock.ts): with the
 * simulator attached in-process and its clock paused (stepped), a step through the control plane
 * ends a trial, a support access after 8 hours, flips a notification's 24 h and 2 h flags and
 * brings a password's expiry warning — while a session and a log-in lockout stay on wall time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TIMINGS,
  type AccessApproval,
  type Battery,
  type ClientNotification,
  type ManagedServiceList,
  type PasswordExpiry,
  type RemoteAction,
  type ScenarioStatusReply,
} from '@fleet/contracts';
import { hashPassword } from '@fleet/db';
import { CoreClient, type Engine } from '@fleet/simulator';
import { startSimulator } from '@fleet/stack';
import { coreCall, DEMO_PASSWORD, startTestStack, type Method, type TestStack } from '../support/stack.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('business time on the simulated clock', () => {
  let s: TestStack;
  let sim: Engine;
  let client: CoreClient;
  let operator: string;
  let superUser: string;

  beforeAll(async () => {
    s = await startTestStack({ simulator: false });
    // A calm fleet on the paused clock: what moves time is the test's steps (telemetry every 10
    // simulated minutes, so that a step of a day stays short).
    sim = startSimulator(s.app, {
      seed: 1,
      clock: { kind: 'stepped' },
      timings: { initiallyOffShare: 0, meanTimeBetweenOutagesMs: 0, telemetryIntervalMs: 10 * MINUTE },
    });
    client = new CoreClient({ baseUrl: await s.app.listen({ host: '127.0.0.1', port: 0 }) });
    operator = await client.login('super_user', DEMO_PASSWORD);
    superUser = await s.login('super_user');
  });
  afterAll(async () => {
    sim?.stop();
    await s?.close();
  });

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  /** The core's business time, as the control plane tells it. */
  const businessNow = async () => ((await client.query(operator, 'scenario.status')) as ScenarioStatusReply).coreNow;
  /** Step the paused simulated clock by `ms` (a day at most per step, as the control plane takes it). */
  const step = async (ms: number) => {
    for (let left = ms; left > 0; left -= DAY) await client.mutate(operator, 'clock.set', { advanceMs: Math.min(left, DAY) });
  };

  it('moves business time with the steps, not the wall clock', async () => {
    const before = await businessNow();
    const wall = s.app.services.clock.now();
    await step(HOUR);
    expect(await businessNow()).toBe(before + HOUR);
    expect(s.app.services.clock.now() - wall).toBeLessThan(HOUR);
  });

  it('ends a trial when the simulated clock passes its end', async () => {
    const list = async () => (await call('GET', '/v2/inventories/inv-global/managedServices', superUser)).json() as ManagedServiceList;
    const current = (await list()).items.find((i) => i.serviceName === 'smart_plan')!;
    const endsAt = new Date((await businessNow()) + 2 * HOUR).toISOString();
    const put = await call('PUT', '/v2/admin/inventories/inv-global/managedServices/smart_plan', superUser, {
      version: current.version,
      status: 'disabled',
      trialState: 'activeTrial',
      trialEndsAt: endsAt,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await list()).items.find((i) => i.serviceName === 'smart_plan')).toMatchObject({ state: 'onTrial', usable: true });
    await step(2 * HOUR + MINUTE);
    expect((await list()).items.find((i) => i.serviceName === 'smart_plan')).toMatchObject({ state: 'trialExpired', usable: false });
  });

  it('ends a support access after 8 simulated hours', async () => {
    const res = await call('POST', '/v2/remoteActions', superUser, { deviceType: 'unit', deviceId: 'LU800-0002', action: 'supportAccess', reason: 'Ticket 1' });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as RemoteAction).supportAccess!.id;
    const approval = async () => ((await call('GET', `/v2/admin/accessApprovals/${id}`, superUser)).json() as AccessApproval).status;
    expect(await approval()).toBe('active');
    await step(TIMINGS.supportAccessMs - MINUTE);
    expect(await approval()).toBe('active');
    await step(2 * MINUTE);
    expect(await approval()).toBe('expired');
  });

  it("flips a notification's 24 h and 2 h flags as the simulated clock nears its expiry", async () => {
    const expireDate = new Date((await businessNow()) + 25 * HOUR).toISOString();
    const created = await call('POST', '/v2/admin/systemMessages', superUser, { message: 'Maintenance tonight', expireDate, globalNotification: true });
    expect(created.statusCode, created.body).toBe(201);
    const flags = async () => {
      const all = (await call('GET', '/client_notifications/fetch', superUser)).json() as ClientNotification[];
      const n = all.find((x) => x.message === 'Maintenance tonight')!;
      return [n.expiresWithin24h, n.expiresWithin2h];
    };
    expect(await flags()).toEqual([false, false]);
    await step(HOUR + MINUTE);
    expect(await flags()).toEqual([true, false]);
    await step(22 * HOUR);
    expect(await flags()).toEqual([true, true]);
  });

  it('warns of a password expiry once the simulated clock is within the warning days', async () => {
    await s.app.services.db.user.create({
      data: {
        id: 'bc-expiry',
        username: 'bc-expiry',
        passwordHash: await hashPassword(DEMO_PASSWORD, { n: 1024 }),
        email: 'bc-expiry@example.com',
        firstName: 'Bc',
        lastName: 'User',
        userType: 'luc_regular',
        roles: ['luc_regular'],
        passwordExpiryPolicy: '3',
        passwordExpiresAt: new Date((await businessNow()) + (TIMINGS.passwordExpiryWarningDays + 1) * DAY),
      },
    });
    const cookie = await s.login('bc-expiry');
    const expiry = async () => (await call('GET', '/users/current/password/expiry', cookie)).json() as PasswordExpiry;
    expect(await expiry()).toMatchObject({ expiring: false });
    await step(DAY + MINUTE);
    // The session made before the step still answers: sessions are on wall time.
    expect(await expiry()).toMatchObject({ expiring: true, dismissed: false });
  });

  it('keeps sessions and log-in lockouts on wall time', async () => {
    const cookie = await s.login('luc_regular');
    let locked = 0;
    for (let i = 0; i < 12; i++) {
      const r = await s.app.inject({ method: 'POST', url: '/mock/auth/login', payload: { username: 'luc_admin', password: 'wrong-password-1' } });
      if (r.statusCode === 429) locked++;
    }
    expect(locked).toBeGreaterThan(0);
    // Past a session's life and a lockout's by the simulated clock: neither moved.
    await step(s.app.config.SESSION_TTL_HOURS * HOUR + HOUR);
    expect((await call('GET', '/users/current', cookie)).statusCode).toBe(200);
    const right = await s.app.inject({ method: 'POST', url: '/mock/auth/login', payload: { username: 'luc_admin', password: DEMO_PASSWORD } });
    expect(right.statusCode).toBe(429);
  });

  it('counts a unit streaming through a step as an hour of usage, from what the device says it sent', async () => {
    type UsageRow = { unitId: string; dataBytes: number; seconds: number };
    // One period for both reads: the default one (the last 30 days up to today) moves on a day when
    // the steps cross a simulated midnight, and the day it leaves behind takes its usage with it.
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    // The steps below cross a simulated midnight at any time of day the test runs.
    const startedAt = await businessNow();
    await step(DAY - (startedAt % DAY) - 30 * MINUTE);
    const today = await businessNow();
    const period = `from=${dayOf(today)}&to=${dayOf(today + 2 * DAY)}`;
    const usageOf = async (unitId: string): Promise<UsageRow> => {
      const res = await call('GET', `/v2/inventories/inv-global/usageReport?${period}`, superUser);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { units: UsageRow[] }).units.find((u) => u.unitId === unitId)!;
    };
    // The fleet up (units boot within a minute of simulated time).
    await step(MINUTE);
    await s.app.services.reports.settle();
    const units = s.app.services.readModel.units.all().filter((u) => u.inventories.some((i) => i.inventoryId === 'inv-global'));
    let unitId: string | null = null;
    // One whose battery lasts the hour: a streaming unit drains 35 % an hour (simulator battery model), and
    // after the step to 23:30 — as long as the time of day the test runs makes it — a unit on its
    // battery may hold 30 % and go offline halfway through, streaming nothing more.
    const lastsTheHour = (b: Battery | null) => b === null || !b.connected || b.charging || (b.percentage ?? 0) >= 60;
    for (const u of units) {
      const d = (await call('GET', `/v2/units/${u.id}`, superUser)).json() as {
        status: string;
        cameraConnected: boolean;
        licenseValid: boolean;
        battery: Battery | null;
      };
      if (d.status === 'idle' && d.cameraConnected && d.licenseValid && lastsTheHour(d.battery)) {
        unitId = u.id;
        break;
      }
    }
    expect(unitId).not.toBeNull();
    const start = await call('POST', `/v2/units/${unitId}/stream`, superUser);
    expect(start.statusCode, start.body).toBe(200);
    try {
      // Its first readings while streaming: what it sent so far, counted from here on.
      await step(MINUTE);
      await s.app.services.usageReports.accounting.flush();
      const before = await usageOf(unitId!);
      // An hour, then one telemetry interval (10 minutes here): a step's last readings are those of its
      // last telemetry round, up to an interval before its end; the next report counts the rest.
      await step(HOUR);
      await step(10 * MINUTE);
      await s.app.services.reports.settle();
      await s.app.services.usageReports.accounting.flush();
      const after = await usageOf(unitId!);
      // Each step's one report of its readings counts all of it (the bitrate sample alone would be a few seconds).
      expect(after.seconds - before.seconds).toBeGreaterThanOrEqual(HOUR / 1000);
      expect(after.seconds - before.seconds).toBeLessThanOrEqual((HOUR + 21 * MINUTE) / 1000);
      expect(after.dataBytes - before.dataBytes).toBeGreaterThan(100_000_000);
    } finally {
      await call('DELETE', `/v2/units/${unitId}/stream`, superUser);
    }
  });
});
