/**
 * Contract drift (a chaos rule's `drift` effect, mock/chaos-drift.ts) through the real app over
 * SQLite, without the simulator so answers stay still between two reads: a rule on one call drifts
 * that call's successful JSON answers and no other, with the rule's id in `x-chaos-rule` and a hit
 * each; a rule matching every call drifts several; the same seed gives the same drifted answers;
 * errors, the control plane and the log-in go as they are; removing the rule restores the answers;
 * a bad rule is refused with 400 and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurrentUser, type ChaosRule, type UnitSummary } from '@fleet/contracts';
import { startTestStack, type TestStack } from '../support/stack.js';
import { trpc } from '../support/trpc.js';

let s: TestStack;
let base: string;
let staff: string;
let regular: string;

const add = async (rule: unknown) => {
  const answer = await trpc(s, staff, 'mutation', 'chaos.add', rule);
  if (answer.code) throw new Error(`${answer.code}: ${answer.message}`);
  return answer.data as ChaosRule;
};
const list = async () => (await trpc(s, staff, 'query', 'chaos.list')).data as ChaosRule[];
const clear = () => trpc(s, staff, 'mutation', 'chaos.clear');
/** A call over HTTP (compressed when large, as a browser gets it): its status, rule header and JSON. */
const get = async (path: string, cookie = regular) => {
  const res = await fetch(`${base}/api${path}`, { headers: { cookie } });
  return { status: res.status, rule: res.headers.get('x-chaos-rule'), body: (await res.json()) as unknown };
};
const UNITS = '/devices/fetch';
const ME = '/users/current';
/** Fields of every object in a JSON value that `known` does not name (the extras a drift added). */
const keysOf = (v: unknown): string[] =>
  Array.isArray(v) ? v.flatMap(keysOf) : v !== null && typeof v === 'object' ? Object.entries(v).flatMap(([k, x]) => [k, ...keysOf(x)]) : [];

beforeAll(async () => {
  s = await startTestStack({ simulator: false });
  base = await s.app.listen({ host: '127.0.0.1', port: 0 });
  staff = await s.login('super_user');
  regular = await s.login('luc_regular');
});
afterAll(async () => s?.close());

describe('contract drift on REST answers', () => {
  it('a rule on one call drifts that call only, with its id in the header and a hit per answer', async () => {
    await clear();
    const units = await get(UNITS);
    const me = await get(ME);
    const rule = await add({ surface: 'http', match: { callId: 'fetchDevices' }, effect: { kind: 'drift', modes: ['extraFields'], rate: 1 }, seed: 3 });
    const drifted = await get(UNITS);
    expect(drifted.status).toBe(200);
    expect(drifted.rule).toBe(rule.id);
    const before = units.body as UnitSummary[];
    const after = drifted.body as Record<string, unknown>[];
    expect(after).toHaveLength(before.length);
    after.forEach((u, i) => {
      const extra = Object.keys(u).filter((k) => !(k in before[i]!));
      expect(extra.length).toBeGreaterThan(0);
      // The fields the contract names are as they were.
      expect(u).toMatchObject(JSON.parse(JSON.stringify(before[i])) as object);
    });
    // Another call is answered as before.
    expect(await get(ME)).toEqual(me);
    expect((await list()).find((r) => r.id === rule.id)?.hits).toBe(1);
    // Removing the rule restores the answer.
    await trpc(s, staff, 'mutation', 'chaos.remove', { id: rule.id });
    expect(await get(UNITS)).toEqual(units);
  });

  it('a rule on every call drifts several calls; errors, the control plane and the log-in go as they are', async () => {
    await clear();
    const originals = await Promise.all([UNITS, ME, '/v2/units/LU800-0001'].map((p) => get(p)));
    const rule = await add({ surface: 'http', match: {}, effect: { kind: 'drift', modes: ['unknownEnums', 'extraFields'], rate: 1 }, seed: 11 });
    for (const [i, p] of [UNITS, ME, '/v2/units/LU800-0001'].entries()) {
      const answer = await get(p);
      expect(answer.status, p).toBe(originals[i]!.status);
      if (answer.status !== 200) continue;
      expect(answer.rule, p).toBe(rule.id);
      expect(answer.body, p).not.toEqual(originals[i]!.body);
      expect(keysOf(answer.body).length, p).toBeGreaterThan(keysOf(originals[i]!.body).length);
    }
    const hits = (await list())[0]!.hits;
    expect(hits).toBeGreaterThanOrEqual(2);
    // An error answer is not drifted, and counts no hit.
    const missing = await get('/v2/units/NO-SUCH-UNIT');
    expect(missing).toMatchObject({ status: 404, rule: null, body: { error: { code: 'NOT_FOUND' } } });
    expect(Object.keys((missing.body as { error: object }).error).sort()).toEqual(['code', 'message']);
    const rules = await s.app.inject({ method: 'GET', url: '/mock/trpc/chaos.list', headers: { cookie: staff } });
    expect(rules.headers['x-chaos-rule']).toBeUndefined();
    expect((rules.json() as { result: { data: ChaosRule[] } }).result.data[0]!.hits).toBe(hits);
    expect(await s.login('luc_regular')).toMatch(/^fleet_session=/);
    await clear();
    expect(await Promise.all([UNITS, ME, '/v2/units/LU800-0001'].map((p) => get(p)))).toEqual(originals);
  });

  it('the same seed gives the same drifted answers; another seed others', async () => {
    const run = async (seed: number) => {
      await clear();
      await add({
        surface: 'http',
        match: { path: '/devices/**' },
        effect: { kind: 'drift', modes: ['omitOptional', 'nullOptional', 'longStrings', 'unknownEnums', 'emptyLists'], rate: 0.4 },
        seed,
      });
      return [await get(UNITS), await get(UNITS)].map((a) => a.body);
    };
    const first = await run(21);
    expect(first[0]).not.toEqual(first[1]);
    expect(await run(21)).toEqual(first);
    expect(await run(22)).not.toEqual(first);
    await clear();
  });

  it('manyItems makes the unit list five times longer with unique ids, compressed and valid JSON', async () => {
    await clear();
    const before = (await get(UNITS)).body as UnitSummary[];
    await add({ surface: 'http', match: { callId: 'fetchDevices' }, effect: { kind: 'drift', modes: ['manyItems'], rate: 1 }, seed: 5 });
    const res = await fetch(`${base}/api${UNITS}`, { headers: { cookie: regular, 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const after = (await res.json()) as UnitSummary[];
    expect(after).toHaveLength(before.length * 5);
    expect(new Set(after.map((u) => u.uniqueId)).size).toBe(after.length);
    await clear();
  });

  it('strict drops or nulls required fields, for a count of hits', async () => {
    await clear();
    const original = (await get(ME)).body as Record<string, unknown>;
    const required = Object.entries(CurrentUser.shape)
      .filter(([, field]) => !field.safeParse(undefined).success && !field.safeParse(null).success)
      .map(([k]) => k);
    expect(required).toContain('username');
    const rule = await add({
      surface: 'http',
      match: { callId: 'getCurrentUser' },
      effect: { kind: 'drift', modes: ['extraFields'], strict: true, rate: 1 },
      times: 1,
    });
    const me = (await get(ME)).body as Record<string, unknown>;
    for (const k of required) expect(me[k] ?? null, k).toBeNull();
    // The fields the contract lets be absent or null are not strict's business (no mode asked for them).
    for (const k of Object.keys(original).filter((x) => !required.includes(x))) expect(me[k], k).toEqual(original[k]);
    // Spent after one answer.
    expect((await get(ME)).rule).toBeNull();
    expect((await list()).find((r) => r.id === rule.id)).toMatchObject({ hits: 1, active: false });
    await clear();
  });

  it('refuses a bad drift rule with 400 and a message, and changes nothing', async () => {
    await clear();
    await add({ surface: 'http', match: { callId: 'fetchDevices' }, effect: { kind: 'drift', modes: ['emptyLists'] } });
    const bad: [unknown, string][] = [
      [{ kind: 'drift', modes: [] }, 'Give at least one mode'],
      [{ kind: 'drift', modes: ['sideways'] }, 'A mode is one of extraFields'],
      [{ kind: 'drift', modes: ['emptyLists', 'emptyLists'] }, 'Give each mode once'],
      [{ kind: 'drift', modes: ['emptyLists'], rate: 2 }, 'The rate is a share above 0, at most 1'],
      [{ kind: 'drift', modes: ['emptyLists'], strict: 'yes' }, 'strict'],
    ];
    for (const [effect, message] of bad) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/mock/trpc/chaos.add',
        headers: { cookie: staff, 'content-type': 'application/json' },
        payload: JSON.stringify({ surface: 'http', match: {}, effect }),
      });
      expect(res.statusCode, JSON.stringify(effect)).toBe(400);
      expect(res.body, JSON.stringify(effect)).toContain(message);
    }
    expect(await list()).toHaveLength(1);
    expect((await list())[0]!.hits).toBe(0);
    await clear();
  });
});
