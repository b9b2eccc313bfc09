/**
 * Sandboxes on several core instances (PostgreSQL + Redis), two listening stacks composed as
 * `npm start` composes one (the second without a simulator of its own, as a second core process
 * is): a sandbox lives on the instance that made it, and a request, a session, a write or a /ws
 * connection under its base reaches it whichever instance answers; the list, the SANDBOX_MAX limit
 * and removal are the deployment's; the sandboxes of an instance that stopped without a word leave
 * the directory with its heartbeat, and an instance that starts drops the databases a dead one left
 * (none of a live one's); each sandbox's storage is a PostgreSQL database of its own. Needs DATABASE_URL_PG and REDIS_URL_TEST (the test command
 * provides both).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupTopic, type SandboxView, type UnitSummary } from '@fleet/contracts';
import { loadConfig } from '@fleet/core';
import { createDatabase, databaseOf, databasesStartingWith } from '@fleet/db';
import { composeStack, loadStackConfig, RedisSandboxDirectory, type ComposedStack } from '@fleet/stack';
import { eventually, pgUrl, seededDatabase } from '../support/stack.js';
import { DEMO_PASSWORD, TEST_PASSWORD_N } from '../support/templates.js';
import { callAt, sessionAt } from '../support/sandbox-sessions.js';
import { connect } from './realtime-client.js';

const redis = process.env.REDIS_URL_TEST;
if (!redis && process.env.REQUIRE_REDIS === '1') throw new Error('REDIS_URL_TEST is not set but REQUIRE_REDIS=1: start Redis with scripts/redis-up.sh');
const enabled = Boolean(redis && pgUrl());

interface Instance {
  stack: ComposedStack;
  origin: string;
}

const session = sessionAt;
const call = callAt;

describe.skipIf(!enabled)('sandboxes on two core instances (PostgreSQL + Redis)', () => {
  const prefix = `fleet:test:${randomBytes(4).toString('hex')}`;
  let dir: string;
  let drop: () => Promise<void>;
  let url: string;
  let a: Instance;
  let b: Instance;
  let staffA: Awaited<ReturnType<typeof session>>;
  let staffB: Awaited<ReturnType<typeof session>>;

  async function instance(url: string, name: string, simulator: 'inprocess' | 'off'): Promise<Instance> {
    const config = loadConfig({
      DATABASE_URL: url,
      RECORDINGS_DIR: join(dir, `${name}-recordings`),
      LOG_LEVEL: 'silent',
      GATEWAY_TOKEN: 'test-gateway-token',
      PASSWORD_HASH_N: String(TEST_PASSWORD_N),
      DEMO_PASSWORD,
      REDIS_URL: redis!,
      REDIS_PREFIX: prefix,
    });
    const stack = await composeStack(
      config,
      loadStackConfig({ SIMULATOR: simulator, SIM_DEMO: 'off', SIM_OUTAGES: 'false', SANDBOX_MAX: '2', SANDBOX_DIR: join(dir, `${name}-sandboxes`) }),
      { logger: false },
    );
    return { stack, origin: await stack.app.listen({ host: '127.0.0.1', port: 0 }) };
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-sandboxes-instances-'));
    const database = await seededDatabase('postgresql');
    drop = database.drop;
    url = database.url;
    a = await instance(database.url, 'a', 'inprocess');
    b = await instance(database.url, 'b', 'off');
    staffA = await session(a.origin, '', 'super_user');
    staffB = await session(b.origin, '', 'super_user');
  });

  afterAll(async () => {
    await b?.stack.close();
    await a?.stack.close();
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a sandbox made on one instance is reached through the other: log-in, reads, writes and /ws', async () => {
    const made = await staffA.call('POST', '/mock/api/sandbox/create', { name: 'Made on A', seed: 7 });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const s = made.body as SandboxView;
    // Its storage: a PostgreSQL database of its own on the stack's server.
    const databases = () => databasesStartingWith(pgUrl()!, 'sbx_');
    expect((await databases()).filter((d) => d.endsWith(`_${s.id}`))).toHaveLength(1);
    // Both instances list it, alike.
    for (const staff of [staffA, staffB]) expect((await staff.call('GET', '/mock/api/sandbox/list')).body).toEqual([s]);

    // Signed in through B (the instance that does not hold it); the session works on A too, and the other way round.
    const viaB = await session(b.origin, s.base, 'luc_regular');
    const viaA = await session(a.origin, s.base, 'super_user');
    const unitsB = (await viaB.call('GET', '/api/devices/fetch')).body as UnitSummary[];
    expect(unitsB.length).toBeGreaterThan(0);
    expect((await call(a.origin, s.base, viaB.cookie, 'GET', '/api/devices/fetch')).status).toBe(200);
    expect((await call(b.origin, s.base, viaA.cookie, 'GET', '/api/devices/fetch')).status).toBe(200);
    // What the hop costs: the same read through the holder and through the other instance.
    const p50 = async (origin: string) => {
      const took: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        expect((await call(origin, s.base, viaB.cookie, 'GET', '/api/devices/fetch')).status).toBe(200);
        took.push(performance.now() - t);
      }
      return took.sort((x, y) => x - y)[10]!.toFixed(1);
    };
    console.log(`devices/fetch in a sandbox: p50 ${await p50(a.origin)} ms at its instance, ${await p50(b.origin)} ms passed on by the other`);
    // The sandbox's session is still refused on the stacks themselves, whichever instance.
    for (const origin of [a.origin, b.origin]) expect((await call(origin, '', viaB.cookie, 'GET', '/api/devices/fetch')).status).toBe(401);

    // /ws through B: the sandbox's own events, from a write made through A.
    const socket = await connect(`${b.origin}${s.base}`, { cookie: viaB.cookie });
    const me = (await viaB.call('GET', '/api/users/current')).body as { groups: { id: string }[] };
    socket.send({ op: 'subscribe', topics: me.groups.map((g) => groupTopic(g.id)) });
    await socket.next((m) => m.op === 'subscribed');
    const unit = unitsB[0]!;
    const nameOnStack = async () => ((await staffB.call('GET', '/api/devices/fetch')).body as UnitSummary[]).find((u) => u.uniqueId === unit.uniqueId)?.name;
    const stackName = await nameOnStack();
    const renamed = await viaA.call('PUT', '/api/devices/update', { id: unit.uniqueId, name: 'Renamed-through-A' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBeLessThan(300);
    await expect.poll(() => socket.events.some((e) => JSON.stringify(e.event).includes(unit.uniqueId)), { timeout: 5_000 }).toBe(true);
    const nameVia = async (v: typeof viaB) =>
      ((await v.call('GET', '/api/devices/fetch')).body as UnitSummary[]).find((u) => u.uniqueId === unit.uniqueId)?.name;
    expect(await nameVia(viaB)).toBe('Renamed-through-A');
    // The stack's own fleet did not change.
    expect(await nameOnStack()).toBe(stackName);

    // Removed through B: its socket (held by A) closes, and its base answers 404 on both.
    expect((await staffB.call('POST', '/mock/api/sandbox/remove', { id: s.id })).status).toBe(200);
    await socket.closed;
    for (const origin of [a.origin, b.origin]) {
      const gone = await fetch(`${origin}${s.base}/api/devices/fetch`, { headers: { cookie: viaB.cookie } });
      expect(gone.status).toBe(404);
      expect(await gone.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      await expect(connect(`${origin}${s.base}`, { cookie: viaB.cookie })).rejects.toThrow(/404/);
    }
    for (const staff of [staffA, staffB]) expect((await staff.call('GET', '/mock/api/sandbox/list')).body).toEqual([]);
    expect((await staffA.call('POST', '/mock/api/sandbox/remove', { id: s.id })).status).toBe(404);
    expect((await databases()).filter((d) => d.endsWith(`_${s.id}`))).toEqual([]);
  });

  it('a new seed is seeded in its sandbox’s own database; the next of that seed copies the template seeded after it and holds the same fleet', async () => {
    const seed = 4242;
    const templates = async () => (await databasesStartingWith(pgUrl()!, 'sbx_')).filter((d) => d.includes(`_t_small_${seed}_`));
    expect(await templates()).toEqual([]);
    const make = async () => {
      const made = await staffA.call('POST', '/mock/api/sandbox/create', { seed });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      return made.body as SandboxView;
    };
    const fleet = async (s: SandboxView) => {
      const units = (await (await session(a.origin, s.base, 'super_user')).call('GET', '/api/devices/fetch')).body as UnitSummary[];
      return units.map((u) => `${u.uniqueId} ${u.name} ${u.type}`).sort();
    };
    const first = await make();
    // The seed's template is seeded once the first sandbox is made (sandbox-storage.ts `fresh`).
    await eventually(async () => (await templates()).length > 0, 30_000);
    const second = await make();
    expect(await templates()).toHaveLength(1);
    // The first sandbox's database is older than the seed's template: it was not copied from it.
    const oid = async (name: string) => {
      const admin = new pg.Client({ connectionString: pgUrl()! });
      await admin.connect();
      try {
        return Number((await admin.query<{ oid: string }>('SELECT oid FROM pg_database WHERE datname = $1', [name])).rows[0]?.oid);
      } finally {
        await admin.end();
      }
    };
    const [template] = await templates();
    const [firstDb] = (await databasesStartingWith(pgUrl()!, 'sbx_')).filter((d) => d.endsWith(`_${first.id}`));
    expect(await oid(firstDb!)).toBeLessThan(await oid(template!));
    const firstFleet = await fleet(first);
    expect(firstFleet.length).toBeGreaterThan(0);
    expect(await fleet(second)).toEqual(firstFleet);
    for (const s of [first, second]) expect((await staffA.call('POST', '/mock/api/sandbox/remove', { id: s.id })).status).toBe(200);
  });

  it('SANDBOX_MAX counts the sandboxes of every instance; an instance gone silent takes its sandboxes along', async () => {
    // A third instance's directory, as a process that is killed later would hold it.
    const silent = new RedisSandboxDirectory(redis!, prefix, { warn: () => undefined });
    await silent.start(() => Promise.resolve(false));
    expect(await silent.reserve('silentsbx01', 2)).toBe(true);
    const ghost: SandboxView = {
      id: 'silentsbx01',
      name: 'On an instance that will stop',
      base: '/sandboxes/silentsbx01',
      seed: 1,
      fleet: 'small',
      demo: 'off',
      clock: 'realtime',
      createdAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    };
    // Its address answers nothing: a request passed on there fails, and is answered 404.
    await silent.publish(ghost, 'http://127.0.0.1:9');
    expect(((await staffB.call('GET', '/mock/api/sandbox/list')).body as SandboxView[]).map((v) => v.id)).toEqual([ghost.id]);
    expect((await fetch(`${b.origin}${ghost.base}/runtime-config.json`)).status).toBe(404);

    const first = await staffA.call('POST', '/mock/api/sandbox/create', { name: 'Second place' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Two live, one on A and one on the third instance: B may make none.
    const refused = await staffB.call('POST', '/mock/api/sandbox/create', {});
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('SANDBOX_MAX');
    // The others keep working meanwhile.
    expect((await fetch(`${b.origin}${(first.body as SandboxView).base}/runtime-config.json`)).status).toBe(200);

    // The third instance stops without removing what it held (its heartbeat ends): its sandbox leaves the list and the count.
    await silent.close();
    expect(((await staffA.call('GET', '/mock/api/sandbox/list')).body as SandboxView[]).map((v) => v.id)).toEqual([(first.body as SandboxView).id]);
    const second = await staffB.call('POST', '/mock/api/sandbox/create', { name: 'Made on B' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const onB = second.body as SandboxView;
    const viaA = await session(a.origin, onB.base, 'super_user');
    expect(((await viaA.call('GET', '/runtime-config.json')).body as { sandbox: { id: string } }).sandbox.id).toBe(onB.id);
    for (const s of [first.body as SandboxView, onB]) expect((await staffA.call('POST', '/mock/api/sandbox/remove', { id: s.id })).status).toBe(200);
  });

  it('an instance that starts drops the databases a dead instance left on the server, and none of a live one’s', async () => {
    // Sandboxes' databases are named sbx_<hash of the stack's database>_<instance>_… (apps/stack/src/sandbox-storage.ts).
    const stackPrefix = `sbx_${createHash('sha256').update(databaseOf(url)).digest('hex').slice(0, 8)}_`;
    const live = await databasesStartingWith(url, stackPrefix);
    // A and B have made their templates by now (the tests above made sandboxes on both).
    expect(live.length).toBeGreaterThan(0);
    // What a killed instance left: a template and a sandbox's copy, under an instance no heartbeat names.
    const dead = [`${stackPrefix}deadbeef_t_empty`, `${stackPrefix}deadbeef_left0sandbox`];
    for (const name of dead) await createDatabase(url, name);
    expect(await databasesStartingWith(url, `${stackPrefix}deadbeef_`)).toEqual(expect.arrayContaining(dead));

    const c = await instance(url, 'c', 'off');
    try {
      expect(await databasesStartingWith(url, `${stackPrefix}deadbeef_`)).toEqual([]);
      // A's and B's are where they were: their instances are alive.
      expect(await databasesStartingWith(url, stackPrefix)).toEqual(expect.arrayContaining(live));
    } finally {
      await c.stack.close();
    }
  });
});
