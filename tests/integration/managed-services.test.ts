/**
 * Managed services (spec 001 §3 Service, §4 service and trial states, §7 Inventories "Managed
 * services (normal and admin); services_status; POST managed-services/trial", §9 trials) against
 * the real core on real SQLite and PostgreSQL: the states of the seeded services, the trial start
 * (once), the admin change with its version, over usage against the usage records, a trial ending
 * with no write (read and announced), graphics reading the same store; roles, scope, the spec's
 * messages, a rejected request changing nothing, `managedService.changed`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  catalogue,
  ERROR_CATALOGUE,
  inventoryTopic,
  MANAGED_SERVICES,
  managedServiceEndpoints,
  VALIDATION,
  type EndpointDef,
  type ManagedService,
  type ManagedServiceList,
  type ServicesStatus,
} from '@fleet/contracts';
import { TestClock } from '@fleet/core';
import { providers, startTestStack, type TestStack, coreCall, recordPublished, type Method, type Published } from '../support/stack.js';

const IDS = Object.keys(managedServiceEndpoints) as (keyof typeof managedServiceEndpoints)[];
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The core's sweep of passed trial ends, expiries and quota crossings (modules/inventories/managed-services.ts). */
const SWEEP_MS = 2_000;

async function until<T>(read: () => Promise<T> | T, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(providers())('managed services on %s', (provider) => {
  let s: TestStack;
  let admin: string; // luc_admin: inventory inv-global only
  let superUser: string;
  let staff: string;
  let contractor: string;
  let regular: string;
  const published: Published[] = [];
  const clock = new TestClock();

  beforeAll(async () => {
    s = await startTestStack({ provider, clock });
    [admin, superUser, staff, contractor, regular] = await Promise.all([
      s.login('luc_admin'),
      s.login('super_user'),
      s.login('staff'),
      s.login('luc_contractor'),
      s.login('luc_regular'),
    ]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const snapshot = async () =>
    JSON.stringify(await s.app.services.db.inventory.findMany({ orderBy: { id: 'asc' }, select: { id: true, managedServices: true, version: true } }));
  const list = async (inventory: string, cookie = superUser): Promise<ManagedServiceList> =>
    (await call('GET', `/v2/inventories/${inventory}/managedServices`, cookie)).json();
  const service = async (inventory: string, name: string, cookie = superUser): Promise<ManagedService> =>
    (await list(inventory, cookie)).items.find((x) => x.serviceName === name)!;
  const put = (inventory: string, name: string, body: unknown, cookie = superUser) =>
    call('PUT', `/v2/admin/inventories/${inventory}/managedServices/${name}`, cookie, body);
  const changes = (inventory: string, name: string) =>
    published.filter((p) => p.event.type === 'managedService.changed' && p.event.service.inventoryId === inventory && p.event.service.serviceName === name);

  it('answers 401 without a session and 403 to roles outside each call, changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: 'inv-global', serviceName: 'smart_plan' });
      const body = def.body ? { inventoryId: 'inv-global', serviceName: 'smart_plan', version: 0, status: 'enabled' } : undefined;
      expect((await call(def.method, url, undefined, body)).statusCode, id).toBe(401);
    }
    expect((await call('GET', '/v2/inventories/inv-global/managedServices', regular)).statusCode).toBe(403);
    expect((await call('POST', '/managed-services/trial', contractor, { inventoryId: 'inv-global', serviceName: 'smart_plan' })).statusCode).toBe(403);
    expect((await call('GET', '/v2/admin/inventories/inv-global/managedServices', admin)).statusCode).toBe(403);
    expect((await put('inv-global', 'go_plan', { version: 0, status: 'disabled' }, admin)).statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it('lists every managed service of §3 with the state its stored fields make now', async () => {
    const global = await list('inv-global', admin);
    expect(global.items.map((x) => x.serviceName)).toEqual([...MANAGED_SERVICES]);
    expect(global.items.find((x) => x.serviceName === 'smart_plan')).toMatchObject({
      state: 'notEnabled',
      usable: false,
      trialAvailable: true,
      trialState: 'enabledTrial',
      planType: 'ADHOC_SMART',
    });
    expect(global.items.find((x) => x.serviceName === 'go_plan')).toMatchObject({
      state: 'enabled',
      usable: true,
      usageKind: 'data',
      quota: 2000,
      planType: 'PERMANENT',
    });
    expect(global.items.find((x) => x.serviceName === 'graphics')).toMatchObject({ state: 'enabled', usable: true });
    const sports = await service('inv-global-sports', 'smart_plan');
    expect(sports).toMatchObject({ state: 'onTrial', usable: true, trialState: 'activeTrial', planType: 'PERMANENT_LITE' });
    expect(Date.parse(sports.trialEndsAt!) - clock.now()).toBeGreaterThan(4 * DAY);
    const metro = await list('inv-metro');
    expect(metro.items.find((x) => x.serviceName === 'smart_plan')).toMatchObject({ state: 'trialExpired', usable: false, trialAvailable: false });
    expect(metro.items.find((x) => x.serviceName === 'ai_integration')).toMatchObject({ state: 'expired', usable: false });
    // Another inventory: 404 as an unknown one; the admin read is the same list with versions.
    expect((await call('GET', '/v2/inventories/inv-metro/managedServices', admin)).statusCode).toBe(404);
    expect((await call('GET', '/v2/inventories/inv-nope/managedServices', superUser)).statusCode).toBe(404);
    const adminList: ManagedServiceList = (await call('GET', '/v2/admin/inventories/inv-global/managedServices', staff)).json();
    expect(adminList.items.map((x) => x.state)).toEqual(global.items.map((x) => x.state));
  });

  it('answers services_status with the feature gates a console reads, to any role of the inventory', async () => {
    const res = await call('GET', '/v2/inventories/inv-global/services_status', admin);
    expect(res.statusCode).toBe(200);
    const status: ServicesStatus = res.json();
    expect(status).toMatchObject({ inventoryId: 'inv-global', hasGraphics: true, hasGoPlan: true, hasSmartPlan: false, cacheMs: 30 * 60_000 });
    expect(status.activeFeatures).toContain('graphics');
    expect(status.activeFeatures).not.toContain('smart_plan');
    const metro: ServicesStatus = (await call('GET', '/v2/inventories/inv-metro/services_status', superUser)).json();
    expect(metro.hasGraphics).toBe(false);
    expect((await call('GET', '/v2/inventories/inv-metro/services_status', admin)).statusCode).toBe(404);
  });

  it('starts an offered trial once: 30 days, announced; a second start, a trial over and no trial offered are refused with nothing changed', async () => {
    const before = clock.now();
    const res = await call('POST', '/managed-services/trial', admin, { inventoryId: 'inv-global', serviceName: 'smart_plan' });
    expect(res.statusCode).toBe(200);
    const started: ManagedService = res.json();
    expect(started).toMatchObject({ state: 'onTrial', usable: true, trialState: 'activeTrial', trialAvailable: false });
    expect(Date.parse(started.trialEndsAt!) - before).toBeGreaterThanOrEqual(30 * DAY - 1000);
    expect(Date.parse(started.trialEndsAt!) - before).toBeLessThan(30 * DAY + 60_000);
    const event = changes('inv-global', 'smart_plan').at(-1)!;
    expect(event.topics).toContain(inventoryTopic('inv-global'));
    expect(event.event.type === 'managedService.changed' && event.event.service.state).toBe('onTrial');
    expect((await call('GET', '/v2/inventories/inv-global/services_status', admin)).json<ServicesStatus>().hasSmartPlan).toBe(true);

    const unchanged = await snapshot();
    const again = await call('POST', '/managed-services/trial', admin, { inventoryId: 'inv-global', serviceName: 'smart_plan' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ERROR_CATALOGUE.TRIAL_ALREADY_STARTED.message);
    const over = await call('POST', '/managed-services/trial', superUser, { inventoryId: 'inv-metro', serviceName: 'smart_plan' });
    expect(over.json().error.code).toBe('TRIAL_ALREADY_STARTED');
    const none = await call('POST', '/managed-services/trial', admin, { inventoryId: 'inv-global', serviceName: 'ai_integration' });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(ERROR_CATALOGUE.TRIAL_NOT_OFFERED.message);
    const bad = await call('POST', '/managed-services/trial', admin, { inventoryId: 'inv-global', serviceName: 'teleport' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual([{ path: 'body.serviceName', message: VALIDATION.invalidField }]);
    const missing = await call('POST', '/managed-services/trial', admin, { inventoryId: 'inv-global' });
    expect(missing.json().error.fields).toEqual([{ path: 'body.serviceName', message: VALIDATION.required }]);
    expect((await call('POST', '/managed-services/trial', admin, { inventoryId: 'inv-metro', serviceName: 'smart_plan' })).statusCode).toBe(404);
    expect(await snapshot()).toBe(unchanged);
  });

  it('lets super users and staff change a service over its version: enable, expire, offer a fresh trial; stale versions and unknown services refused', async () => {
    const go = await service('inv-metro', 'go_plan');
    const enabled = await put('inv-metro', 'go_plan', { version: go.version, status: 'enabled', planType: 'ADHOC' }, staff);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ state: 'enabled', usable: true, planType: 'ADHOC', version: go.version + 1 });
    expect(changes('inv-metro', 'go_plan').at(-1)?.topics).toContain(inventoryTopic('inv-metro'));

    const unchanged = await snapshot();
    const stale = await put('inv-metro', 'go_plan', { version: go.version, status: 'disabled' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT');
    expect((await put('inv-metro', 'teleport', { version: 0, status: 'enabled' })).statusCode).toBe(404);
    const invalid = await put('inv-metro', 'go_plan', { version: go.version + 1, status: 'switched-on', quota: -1 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual(
      expect.arrayContaining([
        { path: 'body.status', message: VALIDATION.invalidField },
        { path: 'body.quota', message: VALIDATION.minValue(0) },
      ]),
    );
    expect((await put('inv-metro', 'go_plan', { status: 'disabled' })).json().error.fields).toEqual([{ path: 'body.version', message: VALIDATION.required }]);
    expect(await snapshot()).toBe(unchanged);

    const expired = await put('inv-metro', 'go_plan', { version: go.version + 1, status: 'expired' });
    expect(expired.json()).toMatchObject({ state: 'expired', usable: false });
    // Offering the trial again gives a fresh one, which its start runs for 30 days.
    const smart = await service('inv-metro', 'smart_plan');
    const offered = await put('inv-metro', 'smart_plan', { version: smart.version, trialState: 'enabledTrial' });
    expect(offered.json()).toMatchObject({ state: 'notEnabled', trialAvailable: true, trialEndsAt: null, trialStartedAt: null });
    expect((await call('POST', '/managed-services/trial', superUser, { inventoryId: 'inv-metro', serviceName: 'smart_plan' })).json()).toMatchObject({
      state: 'onTrial',
    });
  });

  it('reads a trial past its end as trial expired with no write, and the sweep announces it', async () => {
    const smart = await service('inv-global-sports', 'smart_plan');
    const endsAt = new Date(clock.now() + HOUR).toISOString();
    expect((await put('inv-global-sports', 'smart_plan', { version: smart.version, trialEndsAt: endsAt })).json()).toMatchObject({ state: 'onTrial' });
    const row = async () => (await s.app.services.db.inventory.findUnique({ where: { id: 'inv-global-sports' } }))!.version;
    const versionBefore = await row();
    await clock.advance(HOUR - 60_000);
    expect(await service('inv-global-sports', 'smart_plan')).toMatchObject({ state: 'onTrial' });
    // The hour is over: read as expired at once; the sweep that fell due meanwhile announces it.
    await clock.advance(60_000);
    const after = await service('inv-global-sports', 'smart_plan');
    expect(after).toMatchObject({ state: 'trialExpired', usable: false, trialState: 'expiredTrial' });
    expect(await row()).toBe(versionBefore);
    const announced = await until(
      () => changes('inv-global-sports', 'smart_plan').filter((p) => p.event.type === 'managedService.changed' && p.event.service.state === 'trialExpired'),
      (x) => x.length > 0,
    );
    expect(announced.length).toBeGreaterThan(0);
    expect(announced[0]!.topics).toContain(inventoryTopic('inv-global-sports'));
  });

  it('reads a service counted in data as over usage once the month usage reaches its quota, announced with no write, and back under', async () => {
    const go = await service('inv-global', 'go_plan');
    // The month's usage so far (the seed's records of the last months; none on the 1st), plus 5 GB to go.
    const quota = Math.ceil(go.used ?? 0) + 5;
    const low = await put('inv-global', 'go_plan', { version: go.version, usageKind: 'data', quota });
    expect(low.json()).toMatchObject({ state: 'enabled', quota });
    const now = clock.date();
    const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 0, 0, 7));
    const overAnnounced = () =>
      changes('inv-global', 'go_plan').filter((p) => p.event.type === 'managedService.changed' && p.event.service.state === 'overUsage');
    const enabledAnnounced = () =>
      changes('inv-global', 'go_plan').filter((p) => p.event.type === 'managedService.changed' && p.event.service.state === 'enabled');
    const record = await s.app.services.db.usageRecord.create({
      data: { unitId: 'LU800-0001', periodStart, periodEnd: new Date(periodStart.getTime() + 3_600_000), dataBytes: BigInt(6_000_000_000), seconds: 60 },
    });
    const over = await service('inv-global', 'go_plan', admin);
    expect(over).toMatchObject({ state: 'overUsage', usable: false });
    expect(over.used).toBeGreaterThanOrEqual((go.used ?? 0) + 6);
    expect((await call('GET', '/v2/inventories/inv-global/services_status', admin)).json<ServicesStatus>().hasGoPlan).toBe(false);
    // No write made the change: the next sweep announces the quota crossed (once), and crossed back.
    await clock.advance(SWEEP_MS);
    const announced = await until(
      () => overAnnounced(),
      (x) => x.length > 0,
    );
    expect(announced[0]!.topics).toContain(inventoryTopic('inv-global'));
    const enabledBefore = enabledAnnounced().length;
    await s.app.services.db.usageRecord.delete({ where: { id: record.id } });
    await clock.advance(SWEEP_MS);
    await until(
      () => enabledAnnounced(),
      (x) => x.length > enabledBefore,
    );
    await clock.advance(SWEEP_MS);
    await s.app.services.managedServices.sweepExpiries();
    expect(overAnnounced()).toHaveLength(1);
    expect(await service('inv-global', 'go_plan', admin)).toMatchObject({ state: 'enabled', usable: true });
  });

  it('gates graphics on the same store and rules: a session counts an hour of its trial; a trial ended by an admin change is off for the graphics calls', async () => {
    const gfx = await service('inv-global-sports', 'graphics');
    expect(gfx).toMatchObject({ state: 'onTrial', trialAvailable: true, trialHoursLeft: 10 });
    const perms = async () =>
      (await call('GET', '/inventory/inv-global-sports/permissions', superUser)).json<{ service: { state: string; usable: boolean } }>();
    expect((await perms()).service).toMatchObject({ state: 'onTrial', usable: true });
    // A composition session counts an hour of the trial and starts it, announced as any change.
    const opened = await call('POST', '/graphics/singular', superUser, { inventoryId: 'inv-global-sports', name: 'Trial-Count', template: 'scoreboard' });
    expect(opened.statusCode).toBe(200);
    const counted = await service('inv-global-sports', 'graphics');
    expect(counted).toMatchObject({ state: 'onTrial', trialState: 'activeTrial', trialHoursUsed: 1, trialHoursLeft: 9, version: gfx.version + 1 });
    expect(changes('inv-global-sports', 'graphics').at(-1)?.event).toMatchObject({ service: { trialHoursUsed: 1 } });
    await put('inv-global-sports', 'graphics', { version: counted.version, trialState: 'expiredTrial' });
    expect((await perms()).service).toMatchObject({ state: 'trialExpired', usable: false });
    expect((await call('GET', '/inventory/inv-global-sports/templates', superUser)).json().error.message).toBe(ERROR_CATALOGUE.FEATURE_DISABLED.message);
  });
});
