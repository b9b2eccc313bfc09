/**
 * Sandboxes over a real listening stack (SQLite, the simulator in-process), as `npm start` composes
 * it (apps/stack compose.ts): made and removed over the control plane's plain HTTP, each a whole
 * stack under `/sandboxes/<id>` — the same fleet from the same seed; sessions, writes, the clock,
 * chaos rules and /ws kept inside; the limit; removal and expiry answering 404 and closing sockets;
 * nothing surviving a restart.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClockStatus, SandboxView, UnitSummary } from '@fleet/contracts';
import { loadConfig } from '@fleet/core';
import { composeStack, loadStackConfig, type ComposedStack } from '@fleet/stack';
import { seededDatabase } from '../support/stack.js';
import { DEMO_PASSWORD, TEST_PASSWORD_N } from '../support/templates.js';
import { sessionAt } from '../support/sandbox-sessions.js';
import { connect } from './realtime-client.js';

interface Running {
  stack: ComposedStack;
  origin: string;
  drop(): Promise<void>;
}

async function start(dir: string, env: Record<string, string> = {}): Promise<Running> {
  const database = await seededDatabase('sqlite');
  const config = loadConfig({
    DATABASE_URL: database.url,
    RECORDINGS_DIR: join(dir, 'recordings'),
    LOG_LEVEL: 'silent',
    GATEWAY_TOKEN: 'test-gateway-token',
    PASSWORD_HASH_N: String(TEST_PASSWORD_N),
    DEMO_PASSWORD,
    PORT: '0',
  });
  const stack = await composeStack(
    config,
    loadStackConfig({ SIM_DEMO: 'off', SIM_OUTAGES: 'false', SANDBOX_MAX: '3', SANDBOX_DIR: join(dir, 'sandboxes'), ...env }),
    {
      logger: false,
    },
  );
  const origin = await stack.app.listen({ host: '127.0.0.1', port: 0 });
  return { stack, origin, drop: database.drop };
}

/** A signed-in client of one base ('' : the stack itself): its cookie and plain JSON calls. */
const session = sessionAt;

const fleetOf = (units: UnitSummary[]) => units.map((u) => `${u.uniqueId} ${u.name} ${u.type}`).sort();
const statesOf = (units: UnitSummary[]) => units.map((u) => `${u.uniqueId} ${u.status} ${u.alerts.length}`).sort();

let dir: string;
let running: Running;
let staff: Awaited<ReturnType<typeof session>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fleet-sandboxes-test-'));
  running = await start(dir);
  staff = await session(running.origin, '', 'super_user');
});

afterAll(async () => {
  await running?.stack.close();
  await running?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const create = async (input: object) => {
  const made = await staff.call('POST', '/mock/api/sandbox/create', input);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body as SandboxView;
};

describe('sandboxes', () => {
  // Whatever a test left (it failed half-way) goes before the next one.
  afterEach(async () => {
    for (const s of (await running.stack.sandboxes?.list()) ?? []) await running.stack.sandboxes?.remove(s.id);
  });

  it('are whole stacks under their base: the same seed gives the same fleet; sessions, writes, clock and chaos stay inside', async () => {
    const a = await create({ name: 'A', seed: 42 });
    const b = await create({ name: 'B', seed: 42, ttlMinutes: 5 });
    expect(a).toMatchObject({ name: 'A', seed: 42, fleet: 'small', demo: 'off', base: `/sandboxes/${a.id}` });
    expect(Date.parse(b.expiresAt) - Date.parse(b.createdAt)).toBe(5 * 60_000);
    const listed = (await staff.call('GET', '/mock/api/sandbox/list')).body as SandboxView[];
    expect(listed.map((s) => s.id)).toEqual(expect.arrayContaining([a.id, b.id]));

    const inA = await session(running.origin, a.base, 'super_user');
    const inB = await session(running.origin, b.base, 'super_user');
    // The session cookie is the sandbox's own path: a browser sends it nowhere else.
    expect(inA.setCookie).toContain(`Path=${a.base}`);
    const unitsA = (await inA.call('GET', '/api/devices/fetch')).body as UnitSummary[];
    const unitsB = (await inB.call('GET', '/api/devices/fetch')).body as UnitSummary[];
    expect(unitsA.length).toBeGreaterThan(0);
    expect(fleetOf(unitsA)).toEqual(fleetOf(unitsB));

    // A session of one is refused in the other and in the stack; the stack's in neither.
    const foreign = async (cookie: string, base: string) => (await fetch(`${running.origin}${base}/api/devices/fetch`, { headers: { cookie } })).status;
    expect(await foreign(inA.cookie, b.base)).toBe(401);
    expect(await foreign(inA.cookie, '')).toBe(401);
    expect(await foreign(staff.cookie, a.base)).toBe(401);

    // A write in A: the unit's name changes there only.
    const unit = unitsA[0]!;
    const renamed = await inA.call('PUT', '/api/devices/update', { id: unit.uniqueId, name: 'Renamed-in-A' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBeLessThan(300);
    const nameIn = async (s: typeof inA) => ((await s.call('GET', '/api/devices/fetch')).body as UnitSummary[]).find((u) => u.uniqueId === unit.uniqueId)?.name;
    expect(await nameIn(inA)).toBe('Renamed-in-A');
    expect(await nameIn(inB)).toBe(unit.name);

    // The clock and a chaos rule of A.
    expect((await inA.call('POST', '/mock/api/clock/set', { mode: { kind: 'stepped' } })).status).toBe(200);
    const clockOf = async (s: typeof inA) => ((await s.call('GET', '/mock/api/clock/get')).body as { kind: string }[])[0]?.kind;
    expect(await clockOf(inA)).toBe('stepped');
    expect(await clockOf(inB)).toBe('realtime');
    expect(await clockOf(staff)).toBe('realtime');
    const rule = await inA.call('POST', '/mock/api/chaos/add', {
      surface: 'http',
      match: { callId: 'fetchDevices' },
      effect: { kind: 'error', status: 500 },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    expect((await inA.call('GET', '/api/devices/fetch')).status).toBe(500);
    expect((await inB.call('GET', '/api/devices/fetch')).status).toBe(200);
    expect((await staff.call('GET', '/api/devices/fetch')).status).toBe(200);
    expect(((await inB.call('GET', '/mock/api/chaos/list')).body as unknown[]).length).toBe(0);

    // Sandboxes are made on the stack, not inside one.
    const nested = await inA.call('POST', '/mock/api/sandbox/create', {});
    expect(nested.status).toBe(412);
    for (const s of [a, b]) expect((await staff.call('POST', '/mock/api/sandbox/remove', { id: s.id })).status).toBe(200);
  });

  it('on a stepped clock, two sandboxes of one seed given the same steps hold the same fleet at every step', async () => {
    const x = await create({ seed: 9, clock: 'stepped' });
    const y = await create({ seed: 9, clock: 'stepped' });
    expect(x.clock).toBe('stepped');
    const [inX, inY] = [await session(running.origin, x.base, 'super_user'), await session(running.origin, y.base, 'super_user')];
    const statesIn = async (s: typeof inX) => statesOf((await s.call('GET', '/api/devices/fetch')).body as UnitSummary[]);
    const seen = new Set<string>();
    for (const advanceMs of [2_000, 10_000, 60_000]) {
      for (const s of [inX, inY]) expect((await s.call('POST', '/mock/api/clock/set', { advanceMs })).status).toBe(200);
      const [sx, sy] = [await statesIn(inX), await statesIn(inY)];
      expect(sx).toEqual(sy);
      seen.add(sx.join());
    }
    // The steps changed the fleet (units booted): the comparison saw more than one state.
    expect(seen.size).toBeGreaterThan(1);
    for (const s of [x, y]) await staff.call('POST', '/mock/api/sandbox/remove', { id: s.id });
  });

  it('take /ws sessions of their own only, and close them when removed; a removed base answers 404', async () => {
    const c = await create({ name: 'C' });
    const inC = await session(running.origin, c.base, 'luc_regular');
    const socket = await connect(`${running.origin}${c.base}`, { cookie: inC.cookie });
    socket.send({ op: 'ping' });
    // The stack's /ws does not take the sandbox's session.
    await expect(connect(running.origin, { cookie: inC.cookie })).rejects.toThrow(/401/);

    const removed = await staff.call('POST', '/mock/api/sandbox/remove', { id: c.id });
    expect(removed.status).toBe(200);
    await socket.closed;
    const gone = await fetch(`${running.origin}${c.base}/api/devices/fetch`, { headers: { cookie: inC.cookie } });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    await expect(connect(`${running.origin}${c.base}`, { cookie: inC.cookie })).rejects.toThrow(/404/);
    expect((await staff.call('POST', '/mock/api/sandbox/remove', { id: c.id })).status).toBe(404);
    expect(readdirSync(join(dir, 'sandboxes')).filter((f) => f.startsWith(c.id))).toEqual([]);
  });

  it('past SANDBOX_MAX, create is refused saying why, and the others keep working; only staff make them', async () => {
    const live = (await staff.call('GET', '/mock/api/sandbox/list')).body as SandboxView[];
    const made: SandboxView[] = [];
    for (let i = live.length; i < 3; i += 1) made.push(await create({ name: `fill ${i}` }));
    const refused = await staff.call('POST', '/mock/api/sandbox/create', {});
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('SANDBOX_MAX');
    const first = live[0] ?? made[0]!;
    expect((await fetch(`${running.origin}${first.base}/runtime-config.json`)).status).toBe(200);
    for (const s of made) await staff.call('POST', '/mock/api/sandbox/remove', { id: s.id });

    const regular = await session(running.origin, '', 'luc_regular');
    expect((await regular.call('POST', '/mock/api/sandbox/create', {})).status).toBe(403);
    expect((await staff.call('POST', '/mock/api/sandbox/create', { fleet: 'huge' })).status).toBe(400);
    expect((await staff.call('POST', '/mock/api/sandbox/create', { ttlMinutes: 24 * 60 + 1 })).status).toBe(400);
  });

  it('leave the stack’s server as Fastify makes its own (keep-alive 72 s, not Node’s 5 s: a reused idle connection is not reset)', () => {
    const server = running.stack.app.server;
    expect(server.keepAliveTimeout).toBe(72_000);
    expect(server.requestTimeout).toBe(0);
  });

  it('made without a seed, the next one takes the seed of a template seeded ahead meanwhile', async () => {
    const templates = () => readdirSync(join(dir, 'sandboxes')).filter((f) => /^template-small-\d+\.db$/.test(f));
    const before = new Set(templates());
    const first = await create({ name: 'No seed 1' });
    // The spare is seeded after the answer, under a seed of its own.
    const seededAhead = () => templates().filter((f) => !before.has(f) && f !== `template-small-${first.seed}.db`);
    await expect.poll(() => seededAhead().length, { timeout: 30_000 }).toBe(1);
    const ahead = Number(/(\d+)\.db$/.exec(seededAhead()[0]!)![1]);
    const second = await create({ name: 'No seed 2' });
    expect(second.seed).toBe(ahead);
  });

  it('tells the console inside where it is', async () => {
    const d = await create({ name: 'Demo for Ana', demo: 'calm' });
    const config = (await (await fetch(`${running.origin}${d.base}/runtime-config.json`)).json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      apiBase: `${d.base}/api`,
      wsUrl: `${d.base}/ws`,
      loginUrl: `${d.base}/mock/auth/login`,
      mockBase: `${d.base}/mock`,
      sandbox: { id: d.id, name: 'Demo for Ana', expiresAt: d.expiresAt },
    });
    const bare = await fetch(`${running.origin}${d.base}`, { redirect: 'manual' });
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe(`${d.base}/`);
    // An invitation sent from inside carries a link under the sandbox's base (the answer's joinUrl stays the console's path).
    const regular = await session(running.origin, d.base, 'luc_regular');
    const invited = await regular.call('POST', '/api/groups/grp-newsroom/invitation', { deviceName: 'Guest-in-sandbox', email: 'guest@example.com' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const { joinUrl } = invited.body as { joinUrl: string };
    expect(joinUrl.startsWith('/') && !joinUrl.startsWith(d.base)).toBe(true);
    const inD = await session(running.origin, d.base, 'super_user');
    const sent = (await inD.call('GET', '/mock/api/core/outbox?to=guest%40example.com')).body as { link: string }[];
    expect(sent.map((m) => m.link)).toEqual([`${d.base}${joinUrl}`]);
    await staff.call('POST', '/mock/api/sandbox/remove', { id: d.id });
  });
});

describe('sandboxes across a restart and past their time', () => {
  it('run at the stack’s pace, expire by themselves, and do not survive a restart of the stack', async () => {
    const own = mkdtempSync(join(tmpdir(), 'fleet-sandboxes-restart-'));
    try {
      const first = await start(own, { SANDBOX_MINUTE_MS: '300', SIM_SPEED: '3' });
      const s1 = await session(first.origin, '', 'super_user');
      const short = (await s1.call('POST', '/mock/api/sandbox/create', { ttlMinutes: 1 })).body as SandboxView;
      const kept = (await s1.call('POST', '/mock/api/sandbox/create', { ttlMinutes: 60 })).body as SandboxView;
      // A real-time sandbox's devices keep the stack's pace (SIM_SPEED 3); a stepped one moves only when told.
      const stepped = (await s1.call('POST', '/mock/api/sandbox/create', { ttlMinutes: 60, clock: 'stepped' })).body as SandboxView;
      const clockAt = async (base: string) =>
        ((await (await session(first.origin, base, 'super_user')).call('GET', '/mock/api/clock/get')).body as ClockStatus[])[0];
      expect(await clockAt(kept.base)).toMatchObject({ kind: 'accelerated', factor: 3 });
      expect(await clockAt(stepped.base)).toMatchObject({ kind: 'stepped' });
      await s1.call('POST', '/mock/api/sandbox/remove', { id: stepped.id });
      // A minute is 300 ms here: the short one goes by itself.
      await expect.poll(async () => (await fetch(`${first.origin}${short.base}/runtime-config.json`)).status, { timeout: 10_000 }).toBe(404);
      expect(((await s1.call('GET', '/mock/api/sandbox/list')).body as SandboxView[]).map((s) => s.id)).toEqual([kept.id]);
      await first.stack.close();
      await first.drop();

      const second = await start(own);
      try {
        expect((await fetch(`${second.origin}${kept.base}/runtime-config.json`)).status).toBe(404);
        const s2 = await session(second.origin, '', 'super_user');
        expect((await s2.call('GET', '/mock/api/sandbox/list')).body).toEqual([]);
        expect(readdirSync(join(own, 'sandboxes'))).toEqual([]);
      } finally {
        await second.stack.close();
        await second.drop();
      }
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
