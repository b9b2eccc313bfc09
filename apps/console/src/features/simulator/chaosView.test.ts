import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import type { ChaosCall, ChaosRule } from '@fleet/contracts';
import { checkChaosForm, describeEffect, describeLimit, describeMatch, INITIAL_CHAOS_FORM, ruleState, statusChoices } from './chaosView';

const CALLS: ChaosCall[] = [
  { id: 'fetchDevices', method: 'GET', path: '/devices/fetch', statuses: [400, 401, 403, 429, 431, 500] },
  { id: 'getUnit', method: 'GET', path: '/v2/units/{id}', statuses: [400, 401, 403, 404, 429, 431, 500] },
  { id: 'startUnitStream', method: 'POST', path: '/v2/units/{id}/stream', statuses: [400, 401, 403, 404, 409, 413, 429, 431, 500, 503] },
];
/** Keys and values as they are: what the words say is the i18n files' business. */
const t = ((key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`) as unknown as typeof i18n.t;

describe('the Chaos form', () => {
  it('offers the statuses the chosen call documents, else those every call of the method documents', () => {
    expect(statusChoices(CALLS, 'getUnit', '')).toContain(404);
    expect(statusChoices(CALLS, 'fetchDevices', '')).not.toContain(404);
    expect(statusChoices(CALLS, null, 'POST')).toEqual([400, 401, 403, 404, 409, 413, 429, 431, 500, 503]);
    expect(statusChoices(CALLS, null, '')).toEqual([400, 401, 403, 429, 431, 500]);
  });

  it('builds the contract’s input, or names the fields it refuses', () => {
    expect(checkChaosForm({ ...INITIAL_CHAOS_FORM, callId: 'getUnit', method: 'GET', role: 'luc_regular', seed: '42' })).toEqual({
      input: {
        surface: 'http',
        match: { callId: 'getUnit', method: 'GET', role: 'luc_regular' },
        effect: { kind: 'latency', latency: { distribution: 'fixed', ms: 2000 } },
        seed: 42,
      },
    });
    expect(checkChaosForm({ ...INITIAL_CHAOS_FORM, surface: 'ws', wsEffect: 'delay', delayMs: 0, limit: 'probability', probability: 2 })).toEqual({
      problems: new Set(['delayMs', 'probability']),
    });
    expect(checkChaosForm({ ...INITIAL_CHAOS_FORM, httpEffect: 'error', status: '' })).toEqual({ problems: new Set(['status']) });
    expect(checkChaosForm({ ...INITIAL_CHAOS_FORM, seed: 'abc' })).toEqual({ problems: new Set(['seed']) });
  });

  it('builds a drift rule on every call, or names its modes and rate when refused', () => {
    const drift = { ...INITIAL_CHAOS_FORM, httpEffect: 'drift' as const, scope: 'every' as const, callId: 'getUnit', path: '/v2/**', method: 'GET' as const };
    expect(checkChaosForm({ ...drift, driftModes: ['emptyLists', 'manyItems'], driftStrict: true, driftRate: 0.5, limit: 'times', times: 4 })).toEqual({
      input: { surface: 'http', match: {}, effect: { kind: 'drift', modes: ['emptyLists', 'manyItems'], strict: true, rate: 0.5 }, times: 4 },
    });
    // An empty rate is the contract's default; the call's scope keeps the call.
    expect(checkChaosForm({ ...drift, scope: 'call', driftRate: '' })).toEqual({
      input: {
        surface: 'http',
        match: { callId: 'getUnit', path: '/v2/**', method: 'GET' },
        effect: { kind: 'drift', modes: ['extraFields', 'unknownEnums'] },
      },
    });
    expect(checkChaosForm({ ...drift, driftModes: [], driftRate: 2 })).toEqual({ problems: new Set(['driftModes', 'driftRate']) });
  });
});

describe('a rule in words', () => {
  const rule = (over: Partial<ChaosRule>) =>
    ({
      id: 'r1',
      surface: 'http',
      match: {},
      effect: { kind: 'drop' },
      seed: 1,
      hits: 0,
      createdAt: 0,
      createdBy: 'qa',
      endsAt: null,
      active: true,
      ...over,
    }) as ChaosRule;

  it('says what it matches, does and how often', () => {
    expect(describeMatch(rule({ match: { method: 'GET', path: '/v2/units/*', user: 'luc_regular' } }), t)).toBe(
      'GET /v2/units/* · chaos.list.user{"name":"luc_regular"}',
    );
    expect(describeMatch(rule({}), t)).toBe('chaos.list.everyCall');
    expect(describeMatch(rule({ surface: 'ws', effect: { kind: 'cut' } } as Partial<ChaosRule>), t)).toBe('/ws · chaos.list.anyone');
    expect(describeEffect(rule({ effect: { kind: 'latency', latency: { distribution: 'uniform', minMs: 1, maxMs: 9 } } }), t)).toBe(
      'chaos.list.latency.uniform{"min":1,"max":9}',
    );
    expect(describeEffect(rule({ effect: { kind: 'drift', modes: ['extraFields', 'longStrings'] } }), t)).toBe(
      'chaos.list.drift{"modes":"chaos.form.driftModes.extraFields, chaos.form.driftModes.longStrings","percent":30}',
    );
    expect(describeEffect(rule({ effect: { kind: 'drift', modes: ['emptyLists'], strict: true, rate: 1 } }), t)).toBe(
      'chaos.list.drift{"modes":"chaos.form.driftModes.emptyLists","percent":100} · chaos.list.driftStrict',
    );
    expect(describeLimit(rule({ probability: 0.125 }), t)).toBe('chaos.list.probability{"percent":12.5}');
    expect(ruleState(rule({ times: 2, hits: 2, active: false }))).toBe('spent');
    expect(ruleState(rule({ active: false, endsAt: 5 }))).toBe('ended');
  });
});
