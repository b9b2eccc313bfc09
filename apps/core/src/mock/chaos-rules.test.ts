import { describe, expect, it } from 'vitest';
import { ChaosRuleInput } from '@fleet/contracts';
import { callsMatching, ChaosRuleError, ChaosRules, drawLatency, errorCodeFor, patternMatches, seededRandom } from './chaos-rules.js';

const clock = {
  t: 1_000_000,
  now() {
    return this.t;
  },
};
const rules = () => new ChaosRules(clock);
const regular = { username: 'luc_regular', roles: ['luc_regular' as const] };
const staff = { username: 'staff_member', roles: ['staff' as const] };

describe('path patterns', () => {
  it('match one segment with * and {name}, any with **', () => {
    expect(patternMatches('/v2/units/*', '/v2/units/LU800-0001')).toBe(true);
    expect(patternMatches('/v2/units/{id}', '/v2/units/LU800-0001')).toBe(true);
    expect(patternMatches('/v2/units/*', '/v2/units/LU800-0001/stream')).toBe(false);
    expect(patternMatches('/v2/units/**', '/v2/units/LU800-0001/stream')).toBe(true);
    expect(patternMatches('/v2/units/**', '/v2/units')).toBe(true);
    expect(patternMatches('/**/stream', '/v2/units/X/stream')).toBe(true);
    expect(patternMatches('/v2/units/X', '/v2/units/Y')).toBe(false);
  });

  it('find the catalogue calls a match can meet: a literal id meets the template', () => {
    expect(callsMatching({ path: '/v2/units/LU800-0001', method: 'GET' })).toEqual(['getUnit']);
    expect(callsMatching({ callId: 'fetchDevices' })).toEqual(['fetchDevices']);
    // Every call but those excepted.
    const all = callsMatching({});
    expect(callsMatching({ except: ['getCurrentUser'] })).toEqual(all.filter((id) => id !== 'getCurrentUser'));
    expect(callsMatching({ callId: 'getCurrentUser', except: ['getCurrentUser'] })).toEqual([]);
    expect(callsMatching({ callId: 'fetchDevices', method: 'POST' })).toEqual([]);
    expect(callsMatching({ path: '/v2/units/*/stream' })).toEqual(expect.arrayContaining(['startUnitStream', 'stopUnitStream']));
  });
});

describe('seeded latencies', () => {
  const draws = (latency: Parameters<typeof drawLatency>[0], seed: number, n = 2000) => {
    const random = seededRandom(seed);
    return Array.from({ length: n }, () => drawLatency(latency, random));
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  it('reproduce with the same seed and differ with another', () => {
    const l = { distribution: 'lognormal', medianMs: 200, sigma: 1 } as const;
    expect(draws(l, 42, 50)).toEqual(draws(l, 42, 50));
    expect(draws(l, 42, 50)).not.toEqual(draws(l, 43, 50));
  });

  it('fixed is fixed; uniform stays within its bounds and covers them', () => {
    expect(new Set(draws({ distribution: 'fixed', ms: 250 }, 1, 20))).toEqual(new Set([250]));
    const u = draws({ distribution: 'uniform', minMs: 100, maxMs: 200 }, 3);
    expect(Math.min(...u)).toBe(100);
    expect(Math.max(...u)).toBe(200);
    expect(Math.abs(u.reduce((a, b) => a + b, 0) / u.length - 150)).toBeLessThan(5);
  });

  it('log-normal centres on its median with a long tail, capped at a minute', () => {
    const l = draws({ distribution: 'lognormal', medianMs: 300, sigma: 0.8 }, 9);
    expect(Math.abs(median(l) - 300)).toBeLessThan(30);
    expect(Math.max(...l)).toBeGreaterThan(3 * 300);
    expect(Math.min(...l)).toBeGreaterThan(0);
    expect(Math.max(...draws({ distribution: 'lognormal', medianMs: 50_000, sigma: 3 }, 9, 200))).toBe(60_000);
    expect(new Set(draws({ distribution: 'lognormal', medianMs: 300, sigma: 0 }, 9, 10))).toEqual(new Set([300]));
  });
});

describe('rules', () => {
  const add = (r: ChaosRules, input: unknown) => r.add(ChaosRuleInput.parse(input), 'qa');

  it('match by call, method, path, user and role; latencies add up; the first error ends the call', () => {
    const r = rules();
    add(r, { surface: 'http', match: { path: '/v2/units/*' }, effect: { kind: 'latency', latency: { distribution: 'fixed', ms: 100 } } });
    add(r, { surface: 'http', match: { callId: 'getUnit', role: 'luc_regular' }, effect: { kind: 'latency', latency: { distribution: 'fixed', ms: 50 } } });
    add(r, { surface: 'http', match: { callId: 'getUnit', user: 'staff_member' }, effect: { kind: 'error', status: 404 } });
    expect(r.http('getUnit', '/v2/units/A', 'GET', regular)).toMatchObject({ delayMs: 150, end: null });
    expect(r.http('getUnit', '/v2/units/A', 'GET', staff)).toMatchObject({
      delayMs: 100,
      end: { kind: 'error', status: 404, body: { error: { code: 'NOT_FOUND' } } },
    });
    expect(r.http('getUnit', '/v2/units/A', 'GET', null)).toMatchObject({ delayMs: 100, end: null });
    expect(r.http('fetchDevices', '/devices/fetch', 'GET', regular)).toBeNull();
    expect(r.list().map((x) => x.hits)).toEqual([3, 1, 1]);
    expect(r.httpNeedsCaller()).toBe(true);
  });

  it('a count of hits, then spent: listed inactive, no longer applied', () => {
    const r = rules();
    add(r, { surface: 'http', match: { callId: 'fetchDevices' }, effect: { kind: 'drop' }, times: 2 });
    expect(r.http('fetchDevices', '/devices/fetch', 'GET', null)?.end?.kind).toBe('drop');
    expect(r.http('fetchDevices', '/devices/fetch', 'GET', null)?.end?.kind).toBe('drop');
    expect(r.http('fetchDevices', '/devices/fetch', 'GET', null)).toBeNull();
    expect(r.list()[0]).toMatchObject({ hits: 2, active: false });
    expect(r.activeCount()).toBe(0);
  });

  it('a probability applies to about its share of the hits, the same ones for the same seed', () => {
    const hitsOf = (seed: number) => {
      const r = rules();
      add(r, { surface: 'http', match: { callId: 'fetchDevices' }, effect: { kind: 'drop' }, probability: 0.3, seed });
      return Array.from({ length: 1000 }, () => r.http('fetchDevices', '/devices/fetch', 'GET', null) !== null);
    };
    const a = hitsOf(5);
    expect(a).toEqual(hitsOf(5));
    expect(Math.abs(a.filter(Boolean).length - 300)).toBeLessThan(50);
  });

  it('refuse statuses a matched call does not document, codes of another status, and rules that match nothing', () => {
    const r = rules();
    expect(() => add(r, { surface: 'http', match: { callId: 'fetchDevices' }, effect: { kind: 'error', status: 409 } })).toThrow(ChaosRuleError);
    expect(() => add(r, { surface: 'http', match: { callId: 'fetchDevices' }, effect: { kind: 'error', status: 500, code: 'NOT_FOUND' } })).toThrow(
      /answers 404/,
    );
    expect(() => add(r, { surface: 'http', match: { path: '/none/**' }, effect: { kind: 'drop' } })).toThrow(/matches no call/);
    expect(r.list()).toEqual([]);
  });

  it('answer the catalogue’s error of the status: the route’s own, else the call’s', () => {
    expect(errorCodeFor('fetchDevices', 500)).toBe('GENERIC');
    expect(errorCodeFor('getUnit', 404)).toBe('NOT_FOUND');
    expect(errorCodeFor('startUnitStream', 503)).toBe('DEVICE_UNREACHABLE');
  });

  it('a stall ends by itself; /ws rules match by user and role', () => {
    const r = rules();
    const stall = add(r, { surface: 'ws', match: { role: 'luc_regular' }, effect: { kind: 'stall', ms: 5000 } });
    expect(stall.endsAt).toBe(clock.t + 5000);
    expect(r.wsHits('stall', staff)).toEqual([]);
    expect(r.wsHits('stall', regular).map((x) => x.id)).toEqual([stall.id]);
    clock.t += 5000;
    expect(r.activeCount()).toBe(0);
    expect(r.wsHits('stall', regular)).toEqual([]);
  });

  it('drift rules are named when a call comes in and count a hit only when applied to its answer', () => {
    const r = rules();
    const drift = add(r, { surface: 'http', match: {}, effect: { kind: 'drift', modes: ['emptyLists'] }, times: 2, seed: 9 });
    add(r, { surface: 'http', match: { callId: 'getUnit' }, effect: { kind: 'latency', latency: { distribution: 'fixed', ms: 10 } } });
    expect(r.hasDrift()).toBe(true);
    expect(r.http('fetchDevices', '/devices/fetch', 'GET', null)).toEqual({ delayMs: 0, end: null, ruleIds: [], drift: [drift.id] });
    expect(r.http('getUnit', '/v2/units/A', 'GET', null)).toMatchObject({ delayMs: 10, drift: [drift.id] });
    // Named twice, applied to none (an error answer, say): no hit.
    expect(r.list()[0]!.hits).toBe(0);
    const a = r.driftHit(drift.id);
    expect(a?.effect).toEqual({ kind: 'drift', modes: ['emptyLists'] });
    const b = r.driftHit(drift.id);
    expect(r.driftHit(drift.id)).toBeNull();
    expect(r.list()[0]).toMatchObject({ hits: 2, active: false });
    expect(r.http('fetchDevices', '/devices/fetch', 'GET', null)).toBeNull();
    // Each answer its own generator, the same for the same seed.
    const again = rules();
    const same = add(again, { surface: 'http', match: {}, effect: { kind: 'drift', modes: ['emptyLists'] }, seed: 9 });
    expect([again.driftHit(same.id)!.random(), again.driftHit(same.id)!.random()]).toEqual([a!.random(), b!.random()]);
    r.clear();
    expect(r.hasDrift()).toBe(false);
  });

  it('tell their changes; clear removes every rule', () => {
    const r = rules();
    const seen: string[] = [];
    r.onChange((c) => seen.push(`${c.kind} ${c.rule.id}`));
    const a = add(r, { surface: 'ws', match: {}, effect: { kind: 'cut' } });
    expect(r.hasWs()).toBe(true);
    expect(r.clear()).toBe(1);
    expect(seen).toEqual([`added ${a.id}`, `removed ${a.id}`]);
    expect(r.hasWs()).toBe(false);
  });
});

describe('the contract', () => {
  it('refuses times and probability together, and a uniform range upside down', () => {
    expect(ChaosRuleInput.safeParse({ surface: 'ws', match: {}, effect: { kind: 'cut' }, times: 1, probability: 0.5 }).success).toBe(false);
    expect(
      ChaosRuleInput.safeParse({ surface: 'http', match: {}, effect: { kind: 'latency', latency: { distribution: 'uniform', minMs: 5, maxMs: 1 } } }).success,
    ).toBe(false);
    expect(ChaosRuleInput.safeParse({ surface: 'ws', match: { callId: 'fetchDevices' }, effect: { kind: 'cut' } }).success).toBe(false);
  });
});
