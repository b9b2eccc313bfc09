/**
 * Graphics (spec 001 §7 Graphics; §6 service-enabled check; §9 graphics trial 10 hours, expires in
 * 30 days) against the real core on real SQLite and PostgreSQL: my graphics, templates,
 * permissions, opening a composition in the Singular app (new or existing), deleting it by app id,
 * job status advancing with time; "Feature disabled" unless the inventory's graphics service is
 * enabled, purchased or on a trial with hours and days left; the trial counted per session; roles
 * (read-only users read, do not write), scope (unknown and foreign inventories 404), a
 * rejected request changing nothing and announcing nothing; `graphics.changed` for each change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  TIMINGS,
  VALIDATION,
  type GraphicsJobStatuses,
  type GraphicsPermissions,
  type MyGraphics,
  type SingularSession,
  RULES,
} from '@fleet/contracts';
import { TestClock } from '@fleet/core';
import { providers, startTestStack, type TestStack, coreCall, recordPublished, type Method, type Published } from '../support/stack.js';

const DAY = 24 * 3600_000;
/** A Singular job's render by its age (modules/graphics/graphics.ts): queued for a second, done after six. */
const JOB_QUEUED_MS = 1000;
const JOB_DONE_MS = 6000;

describe.each(providers())('graphics on %s', (provider) => {
  let s: TestStack;
  let regular: string;
  let reader: string;
  let superUser: string;
  const published: Published[] = [];
  const clock = new TestClock();

  beforeAll(async () => {
    s = await startTestStack({ provider, simulator: false, clock });
    [regular, reader, superUser] = await Promise.all([s.login('luc_regular'), s.login('luc_read'), s.login('super_user')]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const snapshot = async () =>
    JSON.stringify([
      await db().graphicsComposition.findMany({ orderBy: { id: 'asc' } }),
      (await db().inventory.findMany({ orderBy: { id: 'asc' } })).map((i) => i.managedServices),
    ]);
  const open = (body: Record<string, unknown>, cookie = regular) => call('POST', '/graphics/singular', cookie, body);
  const graphicsEvents = () => published.filter((p) => p.event.type === 'graphics.changed');
  const setGraphics = async (inventoryId: string, graphics: Record<string, unknown>) => {
    const row = await db().inventory.findUniqueOrThrow({ where: { id: inventoryId } });
    await db().inventory.update({
      where: { id: inventoryId },
      data: { managedServices: { ...(row.managedServices as Record<string, unknown>), graphics } as object },
    });
  };

  it('lists the compositions (name, template, last updated) and the templates to every console user, read-only included', async () => {
    const mine: MyGraphics = (await call('GET', '/inventory/inv-global/mygraphics', reader)).json();
    expect(mine.items.map((c) => c.name).sort()).toEqual(['Election-Scoreboard', 'Lower-Third']);
    expect(mine.items.find((c) => c.name === 'Lower-Third')).toMatchObject({ template: 'lower-third-v2', templateName: 'Lower third', job: null });
    const times = mine.items.map((c) => Date.parse(c.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const templates = (await call('GET', '/inventory/inv-global/templates', reader)).json();
    expect(templates.items.map((t: { id: string }) => t.id)).toContain('scoreboard');
    const perms: GraphicsPermissions = (await call('GET', '/inventory/inv-global/permissions', reader)).json();
    expect(perms).toMatchObject({ canView: true, canCreate: false, canDelete: false, service: { state: 'enabled', usable: true } });
    expect((await call('GET', '/inventory/inv-global/permissions', regular)).json()).toMatchObject({ canCreate: true, canDelete: true });
  });

  it('answers 401 without a session, 404 for foreign and unknown inventories, 403 to read-only users on writes, changing nothing', async () => {
    const before = await snapshot();
    expect((await call('GET', '/inventory/inv-global/mygraphics', undefined)).statusCode).toBe(401);
    expect((await call('GET', '/inventory/inv-metro/mygraphics', regular)).statusCode).toBe(404);
    expect((await call('GET', '/inventory/inv-no-such/permissions', regular)).statusCode).toBe(404);
    expect((await open({ inventoryId: 'inv-metro', name: 'X', template: 'scoreboard' })).statusCode).toBe(404);
    expect((await call('POST', '/graphics/job/status', regular, { inventoryId: 'inv-metro', jobIds: ['job-x'] })).statusCode).toBe(404);
    const ro = await open({ inventoryId: 'inv-global', name: 'Nope', template: 'scoreboard' }, reader);
    expect(ro.statusCode).toBe(403);
    expect((await call('DELETE', '/inventory/inv-global/app/app-demo-0002', reader)).statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
    expect(graphicsEvents()).toEqual([]);
  });

  it('creates a composition in the Singular app, answers its app id and a job that advances to done; reopening keeps the app id', async () => {
    const res = await open({ inventoryId: 'inv-global', name: 'Halftime-Score', template: 'scoreboard' });
    expect(res.statusCode).toBe(200);
    const session: SingularSession = res.json();
    expect(session.composition).toMatchObject({ name: 'Halftime-Score', template: 'scoreboard', appId: session.appId });
    expect(session.job).toMatchObject({ appId: session.appId, status: 'queued', progress: 0 });
    const job = async () =>
      ((await call('POST', '/graphics/job/status', reader, { inventoryId: 'inv-global', jobIds: [session.job.jobId] })).json() as GraphicsJobStatuses).jobs[0];
    await clock.advance(JOB_QUEUED_MS);
    expect(await job()).toMatchObject({ status: 'rendering' });
    await clock.advance(JOB_DONE_MS - JOB_QUEUED_MS);
    const done = await job();
    expect(done).toMatchObject({ status: 'done', progress: 100 });
    const again: SingularSession = (await open({ inventoryId: 'inv-global', compositionId: session.composition.id })).json();
    expect(again.appId).toBe(session.appId);
    expect(again.job.jobId).not.toBe(session.job.jobId);
    const mine: MyGraphics = (await call('GET', '/inventory/inv-global/mygraphics', regular)).json();
    expect(mine.items[0]).toMatchObject({ id: session.composition.id, job: { jobId: again.job.jobId } });
    // Made and opened again: each announced to the inventory's topics (its groups' too), for the other consoles.
    const made = graphicsEvents().filter((p) => p.event.type === 'graphics.changed' && p.event.compositionId === session.composition.id);
    expect(made.map((p) => p.event)).toEqual([
      expect.objectContaining({ inventoryId: 'inv-global', removed: false }),
      expect.objectContaining({ inventoryId: 'inv-global', removed: false }),
    ]);
    expect(made[0]!.topics).toEqual(expect.arrayContaining(['inventory:inv-global', 'group:grp-newsroom']));
    // A job the inventory's compositions do not have: 404.
    expect((await call('POST', '/graphics/job/status', regular, { inventoryId: 'inv-global', jobIds: [session.job.jobId, 'job-no-such'] })).statusCode).toBe(
      404,
    );
  });

  it('refuses a new composition without name or template, or with an unknown template, with the spec messages, changing nothing', async () => {
    const before = await snapshot();
    const announced = graphicsEvents().length;
    const res = await open({ inventoryId: 'inv-global' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([
      { path: 'body.name', message: VALIDATION.required },
      { path: 'body.template', message: VALIDATION.required },
    ]);
    expect((await open({ inventoryId: 'inv-global', name: 'X', template: 'no-such' })).json().error.fields).toEqual([
      { path: 'body.template', message: RULES.unknownTemplate },
    ]);
    expect((await open({ inventoryId: 'inv-global', name: 'Bad name!', template: 'scoreboard' })).json().error.fields).toEqual([
      { path: 'body.name', message: VALIDATION.unitNameCharacters },
    ]);
    expect((await open({ inventoryId: 'inv-global', compositionId: 'gfx-0003' })).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
    expect(graphicsEvents()).toHaveLength(announced);
  });

  it('deletes the composition of an app; an unknown app 404', async () => {
    const res = await call('DELETE', '/inventory/inv-global/app/app-demo-0002', regular);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ inventoryId: 'inv-global', appId: 'app-demo-0002', deleted: true });
    expect(await db().graphicsComposition.findUnique({ where: { id: 'gfx-0002' } })).toBeNull();
    expect(graphicsEvents().at(-1)?.event).toMatchObject({ type: 'graphics.changed', inventoryId: 'inv-global', compositionId: 'gfx-0002', removed: true });
    const count = graphicsEvents().length;
    expect((await call('DELETE', '/inventory/inv-global/app/app-demo-0002', regular)).statusCode).toBe(404);
    // Metro's app, asked through an inventory of the caller: not found there.
    expect((await call('DELETE', '/inventory/inv-global/app/app-demo-0003', superUser)).statusCode).toBe(404);
    expect(graphicsEvents()).toHaveLength(count);
  });

  it('answers "Feature disabled" where the graphics service is not enabled, and the permissions say so', async () => {
    const before = await snapshot();
    for (const [method, url, body] of [
      ['GET', '/inventory/inv-metro/mygraphics', undefined],
      ['GET', '/inventory/inv-metro/templates', undefined],
      ['POST', '/graphics/singular', { inventoryId: 'inv-metro', name: 'X', template: 'scoreboard' }],
      ['DELETE', '/inventory/inv-metro/app/app-demo-0003', undefined],
      ['POST', '/graphics/job/status', { inventoryId: 'inv-metro', jobIds: ['job-x'] }],
    ] as const) {
      const res = await call(method, url, superUser, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'FEATURE_DISABLED', message: ERROR_CATALOGUE.FEATURE_DISABLED.message });
    }
    expect((await call('GET', '/inventory/inv-metro/permissions', superUser)).json()).toMatchObject({
      canView: false,
      canCreate: false,
      service: { state: 'notEnabled', usable: false },
    });
    expect(await snapshot()).toBe(before);
  });

  it('starts an offered trial at the first session, counts an hour per session, and stops at 10 hours', async () => {
    const perms: GraphicsPermissions = (await call('GET', '/inventory/inv-global-sports/permissions', superUser)).json();
    expect(perms.service).toEqual({ state: 'onTrial', usable: true, trialHoursUsed: 0, trialHoursLeft: TIMINGS.graphicsTrialHours, trialEndsAt: null });
    const first: SingularSession = (await open({ inventoryId: 'inv-global-sports', name: 'Trial-1', template: 'clock-bug' }, superUser)).json();
    expect(first.service.state).toBe('onTrial');
    expect(first.service.trialHoursUsed).toBe(1);
    const ends = Date.parse(first.service.trialEndsAt!);
    expect(Math.round((ends - clock.now()) / DAY)).toBe(TIMINGS.trialDays);
    for (let i = 2; i <= TIMINGS.graphicsTrialHours; i++) {
      expect((await open({ inventoryId: 'inv-global-sports', compositionId: first.composition.id }, superUser)).statusCode).toBe(200);
    }
    const after: GraphicsPermissions = (await call('GET', '/inventory/inv-global-sports/permissions', superUser)).json();
    expect(after.service).toMatchObject({ state: 'trialExpired', usable: false, trialHoursUsed: TIMINGS.graphicsTrialHours, trialHoursLeft: 0 });
    const refused = await open({ inventoryId: 'inv-global-sports', compositionId: first.composition.id }, superUser);
    expect(refused.json().error.code).toBe('FEATURE_DISABLED');
  });

  it('ends a trial after its 30 days whatever hours are left; a purchased service is enabled', async () => {
    // A trial offered again, started by a session: an hour of ten used.
    await setGraphics('inv-global-sports', { status: 'disabled', trialState: 'enabledTrial' });
    const first: SingularSession = (await open({ inventoryId: 'inv-global-sports', name: 'Trial-Days', template: 'clock-bug' }, superUser)).json();
    expect(first.service).toMatchObject({ state: 'onTrial', trialHoursUsed: 1 });
    const permissions = async (): Promise<GraphicsPermissions> => (await call('GET', '/inventory/inv-global-sports/permissions', superUser)).json();
    // A day short of its 30 days it is on; then it is over, with 9 hours left (super_user signs in again: a session lasts 12 hours).
    await clock.advance((TIMINGS.trialDays - 1) * DAY);
    superUser = await s.login('super_user');
    expect((await permissions()).service).toMatchObject({ state: 'onTrial', usable: true, trialHoursLeft: TIMINGS.graphicsTrialHours - 1 });
    await clock.advance(DAY);
    superUser = await s.login('super_user');
    const expired = await permissions();
    expect(expired.service).toMatchObject({ state: 'trialExpired', usable: false });
    expect((await call('GET', '/inventory/inv-global-sports/mygraphics', superUser)).json().error.code).toBe('FEATURE_DISABLED');
    await setGraphics('inv-global-sports', { status: 'disabled', trialState: 'purchasedService' });
    expect((await call('GET', '/inventory/inv-global-sports/mygraphics', superUser)).statusCode).toBe(200);
    expect((await call('GET', '/inventory/inv-global-sports/permissions', superUser)).json().service.state).toBe('purchased');
  });
});
