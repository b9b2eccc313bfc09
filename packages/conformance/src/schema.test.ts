import { VALIDATION } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogueCalls } from './calls.js';
import { describeSeen } from './http.js';
import { RateLimiter } from './limiter.js';
import { judgeNegative, markerDiff, readBackDiff } from './negative.js';
import { formatPlan, planCovers, planRun } from './plan.js';
import { REFUSED_BODY, fieldProblems, negativeBodies, sample, undocumentedFields } from './schema.js';
import { Secrets, headerSecrets, withoutUserInfo } from './secrets.js';

describe('undocumented fields', () => {
  const Unit = z.object({
    id: z.string(),
    battery: z.object({ level: z.number() }).nullable(),
    modems: z.array(z.object({ index: z.number() })),
    props: z.record(z.string(), z.object({ v: z.string() })),
    kind: z.discriminatedUnion('type', [z.object({ type: z.literal('a'), n: z.number() }), z.object({ type: z.literal('b'), s: z.string() })]),
    loose: z.looseObject({ x: z.number() }),
  });

  it('names every field the contract does not declare, at any depth, once per path', () => {
    const value = {
      id: 'u1',
      extra: 1,
      battery: { level: 5, volts: 12 },
      modems: [
        { index: 1, imei: 'a' },
        { index: 2, imei: 'b' },
      ],
      props: { p: { v: 'x', w: true } },
      kind: { type: 'b', s: 'x', n: 3 },
      loose: { x: 1, anything: 2 },
    };
    expect(undocumentedFields(Unit, value).map((d) => d.path)).toEqual(['$.extra', '$.battery.volts', '$.modems[*].imei', '$.props[*].w', '$.kind.n']);
    expect(undocumentedFields(Unit, value)[2]).toEqual({ path: '$.modems[*].imei', expected: 'no such field in the contract', received: 'string "a"' });
    expect(undocumentedFields(Unit, { id: 'u1', battery: null, modems: [], props: {}, kind: { type: 'a', n: 1 }, loose: { x: 1 } })).toEqual([]);
  });
});

describe('samples and negative bodies', () => {
  const Body = z
    .object({
      name: z.string().min(1).max(255),
      quota: z.number().int().min(0).max(1000),
      email: z.email().optional(),
      kind: z.enum(['data', 'voice']),
      tags: z.array(z.string()).max(3),
    })
    .strict();

  it('makes a body that fits, its strings naming the run', () => {
    const s = sample(Body, 'conformance-abc');
    expect(s?.value).toEqual({ name: 'conformance-abc', quota: 0, kind: 'data', tags: [] });
    expect(Body.safeParse(s?.value).success).toBe(true);
  });

  it('makes one body of each kind the contract refuses, with the spec messages the contract gives', () => {
    const negatives = negativeBodies(Body, 'conformance-abc');
    expect(negatives.map((n) => [n.kind, n.what])).toEqual([
      ['missing required field', 'name absent'],
      ['wrong type', 'name = 12345'],
      ['boundary', 'name: 256 characters'],
    ]);
    expect(negatives[0]?.expected).toEqual([{ path: 'name', message: VALIDATION.required }]);
    expect(negatives[2]?.expected).toEqual([{ path: 'name', message: VALIDATION.max255 }]);
    for (const n of negatives) expect(Body.safeParse(n.body).success).toBe(false);
  });

  it('builds on a valid body given, changing the fields named last only when no other can be', () => {
    const Update = z.object({ id: z.string().max(10), version: z.number().int(), name: z.string().max(20) });
    const negatives = negativeBodies(Update, 'conformance-abc', { id: 'g1', version: 3, name: 'n' }, ['id', 'version']);
    expect(negatives.map((n) => n.what)).toEqual(['name absent', 'name = 12345', 'name: 21 characters']);
    expect(negatives[2]?.body).toEqual({ id: 'g1', version: 3, name: 'x'.repeat(21) });
  });

  it("every write call of the catalogue gets at least one negative body, and none accepts the probes' body", () => {
    for (const call of catalogueCalls()) {
      if (call.def.method === 'GET' || !call.def.body) continue;
      expect(negativeBodies(call.def.body, 'conformance-abc').length, call.id).toBeGreaterThan(0);
      expect(fieldProblems(call.def.body, REFUSED_BODY).length, call.id).toBeGreaterThan(0);
    }
  });

  it('judges the answers: 400 with the field messages, and a read back unchanged', () => {
    const [missing] = negativeBodies(Body, 'conformance-abc');
    if (!missing) throw new Error('no negative body');
    const refused = {
      status: 400,
      json: true,
      body: { error: { code: 'VALIDATION_FAILED', message: VALIDATION.required, fields: [{ path: 'body.name', message: VALIDATION.required }] } },
    };
    expect(judgeNegative(refused, missing)).toEqual([]);
    expect(judgeNegative({ status: 200, json: true, body: { id: 'x' } }, missing).map((d) => d.path)).toEqual([
      'missing required field (name absent): status',
      'missing required field (name absent): $.error',
    ]);
    const wrongText = {
      status: 400,
      json: true,
      body: { error: { code: 'VALIDATION_FAILED', message: 'Bad', fields: [{ path: 'body.name', message: 'Bad' }] } },
    };
    expect(judgeNegative(wrongText, missing)).toEqual([
      { path: 'missing required field (name absent): $.error.message', expected: JSON.stringify(VALIDATION.required), received: '"Bad"' },
      { path: 'missing required field (name absent): $.error.fields', expected: `name: ${JSON.stringify(VALIDATION.required)}`, received: '"Bad"' },
    ]);
    const a = { status: 200, json: true, body: { name: 'n' } };
    expect(readBackDiff(a, { ...a }, 'x')).toEqual([]);
    expect(readBackDiff(a, { ...a, body: { name: 'xx' } }, 'x')).toHaveLength(1);
    expect(markerDiff({ status: 200, json: true, body: { items: [{ name: 'conformance-abc-1' }] } }, 'conformance-abc', 'list')).toHaveLength(1);
  });
});

describe('the rate limit', () => {
  it('spreads request starts evenly, concurrent callers in turn; 0 means no limit', async () => {
    let now = 1000;
    const starts: number[] = [];
    const clock = { now: () => now, sleep: async (ms: number) => void (now += ms) };
    const limiter = new RateLimiter(4, clock);
    for (let i = 0; i < 5; i++) {
      await limiter.take();
      starts.push(now);
    }
    expect(starts).toEqual([1000, 1250, 1500, 1750, 2000]);
    const free = new RateLimiter(0, clock);
    const before = now;
    await Promise.all([free.take(), free.take(), free.take()]);
    expect(now).toBe(before);
    expect(() => new RateLimiter(-1)).toThrow();
  });
});

describe('secrets', () => {
  it('are hidden in every text and value, the credential of a header too', () => {
    const s = new Secrets();
    s.add('Pass-word-1', ...headerSecrets('Bearer tok.en/1'), 'ab');
    expect(s.redact('password Pass-word-1, token tok.en/1 and tok.en%2F1, header Bearer tok.en/1; ab stays')).toBe(
      'password ***, token *** and ***, header ***; ab stays',
    );
    expect(s.redactDeep({ a: ['x Pass-word-1'], n: 1 })).toEqual({ a: ['x ***'], n: 1 });
    expect(withoutUserInfo('https://me:pw@core.example/x')).toBe('https://core.example/x');
  });
});

describe('the dry run', () => {
  it('sends nothing but GETs, the sign-in and the sign-out by default; write calls with --probe-writes and --write', () => {
    const methods = (plan: ReturnType<typeof planRun>) =>
      new Set(plan.filter((p) => p.method !== 'GET' && p.method !== 'WS').map((p) => `${p.method} ${p.path}`));
    expect(methods(planRun({ user: 'u' }))).toEqual(new Set(['POST /mock/auth/login', 'POST /mock/auth/logout']));
    expect(methods(planRun({ headers: [['Authorization', 'Bearer x']] }))).toEqual(new Set());
    const probes = planRun({ cookie: 'a=b', probeWrites: true, only: 'story' });
    expect(probes.filter((p) => p.method === 'DELETE').map((p) => `${p.session ? 'with' : 'without'} ${p.why.split(':')[0]}`)).toEqual([
      'without no session',
      'with role',
      'without no session',
      'with role',
    ]);
    expect(planRun({ cookie: 'a=b', write: true, only: 'story' }).some((p) => p.why.startsWith('negative bodies'))).toBe(true);
  });

  it('matches requests as sent to its path templates, and never prints a credential', () => {
    const plan = planRun({ cookie: 'a=b', only: 'story' });
    expect(planCovers(plan, { method: 'GET', path: '/api/v2/inventories/inv-1/stories/s%201', session: true })).toBe(true);
    expect(planCovers(plan, { method: 'DELETE', path: '/api/v2/inventories/inv-1/stories/s1', session: true })).toBe(false);
    const text = formatPlan(plan, { core: 'http://core.test', headers: [['Authorization', 'Bearer secret-token']], cookie: 'fleet_session=secret-cookie' });
    expect(text).toContain('with the session cookie given and the header Authorization: ***');
    expect(text).not.toMatch(/secret-/);
  });
});

describe('what an answer looked like', () => {
  it('names a redirect by its address without the query, an HTML page by its title', () => {
    expect(describeSeen(302, new Headers({ location: 'https://sso.example.com/authorize?state=abc&client=x' }), undefined)).toBe(
      '302 redirect to https://sso.example.com/authorize',
    );
    expect(describeSeen(200, new Headers({ 'content-type': 'text/html' }), '<html><head><title> Sign in </title></head></html>')).toBe(
      '200 with an HTML page "Sign in"',
    );
    expect(describeSeen(401, new Headers({ 'content-type': 'application/json' }), { error: { code: 'UNAUTHENTICATED' } })).toBe(
      '401 JSON {"error":{"code":"UNAUTHENTICATED"}}',
    );
    expect(describeSeen(204, new Headers(), undefined)).toBe('204 with an empty body');
  });
});
