/**
 * Deeply nested and very wide JSON from clients, against the real core on real SQLite and
 * PostgreSQL: every place that parses a client's JSON — the REST calls under the core prefix, the
 * mock log-in, the tRPC control plane (body and `?input=`), the `/ws` messages and the `/gateway`
 * shard messages — answers a 4xx (or an error message on the socket) instead of a 500 or a crash,
 * and a rejected request changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { GATEWAY, VALIDATION } from '@fleet/contracts';
import { eventually, providers, startTestStack, type TestStack } from '../support/stack.js';
import { connect } from './realtime-client.js';

/** The deepest nesting the core accepts (arrays and objects alike). */
const MAX_DEPTH = 64;
const TOO_DEEP = VALIDATION.tooDeeplyNested(MAX_DEPTH);

const deepArray = (depth: number, inner = '0') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const deepObject = (depth: number, inner = '0') => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
/** Brackets inside strings are text, not nesting. */
const bracketsInText = JSON.stringify({ prefix: '['.repeat(5000) });

const UNIT = 'LU800-0001';
type Method = 'POST' | 'PUT' | 'GET';
/** Write calls of several kinds: unit updates, the user's own preferences, and a group call. */
const WRITE_CALLS: [Method, string][] = [
  ['PUT', `/api/v2/units/${UNIT}/configuration/filenamePrefix`],
  ['PUT', `/api/v2/units/${UNIT}/ipInputStream`],
  ['PUT', '/api/userPreferences'],
  ['POST', '/api/groups/grp-newsroom/invitation'],
];

describe.each(providers())('deeply nested and wide JSON on %s', (provider) => {
  let s: TestStack;
  let base: string;
  let cookie: string;

  beforeAll(async () => {
    s = await startTestStack({ provider, simulator: false });
    base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    cookie = await s.login('luc_regular');
  });
  afterAll(async () => s?.close());

  const raw = (method: Method, url: string, payload: string, withCookie = true) =>
    s.app.inject({ method, url, payload, headers: { 'content-type': 'application/json', ...(withCookie ? { cookie } : {}) } });
  /** What the write calls could change: the unit, the user's preferences, invitations, sessions. */
  const snapshot = async () => {
    const db = s.app.services.db;
    const [unit, prefs, invitations, sessions] = await Promise.all([
      db.unit.findUniqueOrThrow({ where: { id: UNIT }, select: { configuration: true, version: true, name: true } }),
      db.userPreference.findMany({ orderBy: { userId: 'asc' } }),
      db.invitation.count(),
      db.session.count(),
    ]);
    return JSON.stringify({ unit, prefs, invitations, sessions });
  };

  const expectTooDeep = (res: { statusCode: number; body: string; json(): { error: { code: string; message: string; fields?: unknown } } }, what: string) => {
    expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(400);
    expect(res.json().error, what).toEqual({ code: 'VALIDATION_FAILED', message: TOO_DEEP, fields: [{ path: 'body', message: TOO_DEEP }] });
  };

  it('refuses deep arrays and deep objects on write calls with 400 and the reason, changing nothing', async () => {
    const before = await snapshot();
    for (const [method, url] of WRITE_CALLS) {
      for (const depth of [MAX_DEPTH + 1, 2_000, 100_000]) {
        expectTooDeep(await raw(method, url, deepArray(depth)), `${url} [${depth}]`);
        expectTooDeep(await raw(method, url, deepObject(depth)), `${url} {${depth}}`);
        // Deep inside an otherwise plausible body.
        expectTooDeep(await raw(method, url, `{"prefix":"clip","version":0,"x":${deepArray(depth)}}`), `${url} nested field ${depth}`);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('refuses them without a session too (depth is checked before anything walks the body)', async () => {
    for (const [method, url] of WRITE_CALLS) expectTooDeep(await raw(method, url, deepArray(50_000), false), url);
  });

  it('answers bodies at the bound with the ordinary field rules, and brackets inside strings are text', async () => {
    const before = await snapshot();
    const atBound = await raw('PUT', WRITE_CALLS[0]![1], deepArray(MAX_DEPTH));
    expect(atBound.statusCode).toBe(400);
    expect(atBound.json().error.message).not.toBe(TOO_DEEP);
    const text = await raw('PUT', WRITE_CALLS[0]![1], bracketsInText);
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).not.toBe(TOO_DEEP);
    // Preferences keep free-form JSON (list filters): a body exactly at the bound is stored as sent.
    const nested = JSON.parse(deepObject(MAX_DEPTH - 3, '"x"')) as unknown;
    const ok = await raw('PUT', '/api/userPreferences', JSON.stringify({ filters: { devices: { saved: nested } } }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().filters.devices.saved).toEqual(nested);
    const stored = await s.app.inject({ method: 'GET', url: '/api/userPreferences', headers: { cookie } });
    expect(stored.json().filters.devices.saved).toEqual(nested);
    expect(await snapshot()).not.toBe(before);
  });

  it('answers wide bodies (within the size limit) with 4xx, not 500, changing nothing', async () => {
    const before = await snapshot();
    const wideArray = `[${new Array(200_000).fill('0').join(',')}]`;
    const wideObject = `{${Array.from({ length: 40_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`;
    const wideStrings = JSON.stringify({ prefix: 'p', version: 0, list: Array.from({ length: 40_000 }, () => 'x;y') });
    const overLimit = `[${new Array(600_000).fill('0').join(',')}]`;
    for (const [method, url] of WRITE_CALLS) {
      for (const [name, body] of [
        ['wide array', wideArray],
        ['wide object', wideObject],
        ['wide strings', wideStrings],
        ['over the size limit', overLimit],
      ] as const) {
        const res = await raw(method, url, body);
        expect(res.statusCode, `${url} ${name}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${name}`).toBeLessThan(500);
        // Over the size limit the answer says so (413 BODY_TOO_LARGE, the limit in its message); within it, what is wrong with the body.
        expect(res.json().error.code, `${url} ${name}`).toBe(name === 'over the size limit' ? 'BODY_TOO_LARGE' : 'VALIDATION_FAILED');
        // The answer names problems, it does not echo a copy of the body per element.
        expect(res.body.length, `${url} ${name}`).toBeLessThan(64 * 1024);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('refuses deep bodies on the mock log-in and the tRPC control plane (body and ?input=)', async () => {
    const before = await snapshot();
    for (const body of [deepArray(100_000), deepObject(100_000), `{"username":"luc_regular","password":${deepArray(5_000)}}`]) {
      expectTooDeep(await raw('POST', '/mock/auth/login', body, false), 'login');
      expectTooDeep(await raw('POST', '/mock/trpc/scenario.start', body), 'trpc body');
    }
    // A scenario whose request step carries a deep body: refused before tRPC parses it.
    const scenario = `{"name":"deep","steps":[{"do":"request","at":0,"method":"PUT","path":"/userPreferences","body":${deepObject(10_000)}}]}`;
    expectTooDeep(await raw('POST', '/mock/trpc/scenario.start', scenario), 'trpc scenario');
    const input = encodeURIComponent(deepArray(2_000));
    const query = await s.app.inject({ method: 'GET', url: `/mock/trpc/core.unit?input=${input}`, headers: { cookie } });
    expect(query.statusCode, query.body.slice(0, 200)).toBe(400);
    expect(query.json().error).toEqual({ code: 'VALIDATION_FAILED', message: TOO_DEEP, fields: [{ path: 'query.input', message: TOO_DEEP }] });
    // The log-in still works, and a shallow tRPC call still reaches tRPC.
    expect((await raw('POST', '/mock/auth/login', JSON.stringify({ username: 'luc_regular', password: 'nope' }), false)).statusCode).toBe(401);
    const shallow = await s.app.inject({
      method: 'GET',
      url: `/mock/trpc/core.unit?input=${encodeURIComponent(JSON.stringify({ unitId: UNIT }))}`,
      headers: { cookie },
    });
    expect(shallow.statusCode, shallow.body.slice(0, 200)).toBeLessThan(500);
    expect(await snapshot()).toBe(before);
  });

  it('answers a deep /ws message with an error and keeps the socket usable', async () => {
    const c = await connect(base, { cookie });
    await c.next((m) => m.op === 'hello');
    // 60,000 levels fit in one 64 KiB frame.
    for (const text of [deepArray(30_000), deepObject(10_000), `{"op":"subscribe","topics":${deepArray(30_000, '"group:grp-newsroom"')}}`]) {
      const errorsBefore = c.messages.filter((m) => m.op === 'error').length;
      c.ws.send(text);
      await eventually(async () => c.messages.filter((m) => m.op === 'error').length > errorsBefore);
      expect(c.messages.filter((m) => m.op === 'error').at(-1)).toMatchObject({ op: 'error', code: 'VALIDATION_FAILED', message: TOO_DEEP });
    }
    c.send({ op: 'ping', t: 7 });
    expect(await c.next((m) => m.op === 'pong')).toEqual({ op: 'pong', t: 7 });
    c.ws.close();
  });

  it('drops a deep /gateway message from a shard without crashing the core', async () => {
    const shard = new WebSocket(`${base.replace(/^http/, 'ws')}${GATEWAY.wsPath}`, { headers: { authorization: `Bearer ${s.config.GATEWAY_TOKEN}` } });
    await new Promise<void>((resolve, reject) => {
      shard.once('open', () => resolve());
      shard.once('error', reject);
    });
    const rejectedBefore = s.app.services.gateway.stats.rejected;
    // An acknowledgement's `result` is free-form JSON: the one place a shard's message may nest freely.
    shard.send(`{"kind":"ack","commandId":"c-1","ok":true,"result":${deepArray(30_000)}}`);
    shard.send(deepObject(10_000));
    await eventually(async () => s.app.services.gateway.stats.rejected >= rejectedBefore + 2);
    shard.close();
    const health = await s.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
