/**
 * The Chaos section's pure parts: the form's state turned into the control plane's `chaos.add`
 * input (checked by the contract's schema, each problem on the field that shows it), the statuses
 * an error rule may choose, and a rule described in words for the list.
 */
import type { TFunction } from 'i18next';
import {
  CHAOS_DRIFT_DEFAULT_RATE,
  ChaosRuleInput,
  type ChaosCall,
  type ChaosDriftMode,
  type ChaosHttpMethod,
  type ChaosRule,
  type Role,
} from '@fleet/contracts';

export type ChaosSurface = 'http' | 'ws';
/** Which REST calls: the call, path and method given (none given: every call), or every call. */
export type HttpScope = 'call' | 'every';
export type HttpEffectKind = 'latency' | 'error' | 'drop' | 'drift';
export type WsEffectKind = 'cut' | 'stall' | 'delay';
export type LatencyDistribution = 'fixed' | 'uniform' | 'lognormal';
export type LimitKind = 'always' | 'times' | 'probability';

export interface ChaosFormState {
  surface: ChaosSurface;
  scope: HttpScope;
  callId: string | null;
  path: string;
  method: ChaosHttpMethod | '';
  user: string;
  role: Role | '';
  httpEffect: HttpEffectKind;
  wsEffect: WsEffectKind;
  distribution: LatencyDistribution;
  ms: number | string;
  minMs: number | string;
  maxMs: number | string;
  medianMs: number | string;
  sigma: number | string;
  status: string;
  stallMs: number | string;
  delayMs: number | string;
  driftModes: ChaosDriftMode[];
  driftStrict: boolean;
  driftRate: number | string;
  limit: LimitKind;
  times: number | string;
  probability: number | string;
  seed: number | string;
}

export const INITIAL_CHAOS_FORM: ChaosFormState = {
  surface: 'http',
  scope: 'call',
  callId: null,
  path: '',
  method: '',
  user: '',
  role: '',
  httpEffect: 'latency',
  wsEffect: 'stall',
  distribution: 'fixed',
  ms: 2000,
  minMs: 500,
  maxMs: 3000,
  medianMs: 800,
  sigma: 0.8,
  status: '',
  stallMs: 30_000,
  delayMs: 2000,
  driftModes: ['extraFields', 'unknownEnums'],
  driftStrict: false,
  driftRate: CHAOS_DRIFT_DEFAULT_RATE,
  limit: 'always',
  times: 3,
  probability: 0.5,
  seed: '',
};

/** The form fields a problem can be shown on. */
export type ChaosField =
  | 'path'
  | 'user'
  | 'ms'
  | 'minMs'
  | 'maxMs'
  | 'medianMs'
  | 'sigma'
  | 'status'
  | 'stallMs'
  | 'delayMs'
  | 'driftModes'
  | 'driftRate'
  | 'times'
  | 'probability'
  | 'seed';

/** A typed number, or the text as it is (the schema then refuses it on its field). */
const num = (v: number | string): number | string => (typeof v === 'number' ? v : v.trim() === '' || Number.isNaN(Number(v)) ? v : Number(v));

/** The input the form describes, before the schema. */
export function chaosInputOf(f: ChaosFormState): Record<string, unknown> {
  const who = { ...(f.user.trim() ? { user: f.user.trim() } : {}), ...(f.role ? { role: f.role } : {}) };
  const limit = f.limit === 'times' ? { times: num(f.times) } : f.limit === 'probability' ? { probability: num(f.probability) } : {};
  const seed = String(f.seed).trim() === '' ? {} : { seed: num(f.seed) };
  if (f.surface === 'ws') {
    const effect = f.wsEffect === 'cut' ? { kind: 'cut' } : { kind: f.wsEffect, ms: num(f.wsEffect === 'stall' ? f.stallMs : f.delayMs) };
    return { surface: 'ws', match: who, effect, ...limit, ...seed };
  }
  const call =
    f.scope === 'every'
      ? {}
      : { ...(f.callId ? { callId: f.callId } : {}), ...(f.path.trim() ? { path: f.path.trim() } : {}), ...(f.method ? { method: f.method } : {}) };
  const match = { ...call, ...who };
  const latency =
    f.distribution === 'fixed'
      ? { distribution: 'fixed', ms: num(f.ms) }
      : f.distribution === 'uniform'
        ? { distribution: 'uniform', minMs: num(f.minMs), maxMs: num(f.maxMs) }
        : { distribution: 'lognormal', medianMs: num(f.medianMs), sigma: num(f.sigma) };
  // An empty rate is the contract's default.
  const drift = {
    kind: 'drift',
    modes: f.driftModes,
    ...(f.driftStrict ? { strict: true } : {}),
    ...(String(f.driftRate).trim() === '' ? {} : { rate: num(f.driftRate) }),
  };
  const effect =
    f.httpEffect === 'latency'
      ? { kind: 'latency', latency }
      : f.httpEffect === 'error'
        ? { kind: 'error', status: num(f.status) }
        : f.httpEffect === 'drift'
          ? drift
          : { kind: 'drop' };
  return { surface: 'http', match, effect, ...limit, ...seed };
}

/** The field a schema problem belongs on (its path's last key; a ws effect's `ms` is the stall's or the delay's). */
function fieldOf(path: readonly PropertyKey[], f: ChaosFormState): ChaosField | null {
  const last = String(path[path.length - 1] ?? '');
  if (last === 'ms' && path[0] === 'effect' && f.surface === 'ws') return f.wsEffect === 'stall' ? 'stallMs' : 'delayMs';
  // A drift's modes (the list, or one of them) and its rate.
  if (path[0] === 'effect' && path[1] === 'modes') return 'driftModes';
  if (path[0] === 'effect' && last === 'rate') return 'driftRate';
  const known: readonly string[] = ['path', 'user', 'ms', 'minMs', 'maxMs', 'medianMs', 'sigma', 'status', 'times', 'probability', 'seed'];
  return known.includes(last) ? (last as ChaosField) : null;
}

/** The rule to send, or the fields the schema refuses. */
export function checkChaosForm(f: ChaosFormState): { input: ChaosRuleInput } | { problems: Set<ChaosField> } {
  const parsed = ChaosRuleInput.safeParse(chaosInputOf(f));
  if (parsed.success) return { input: parsed.data };
  const problems = new Set<ChaosField>();
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path, f);
    if (field) problems.add(field);
  }
  // A problem no field shows (cannot happen with the form's own choices) still blocks the send.
  if (problems.size === 0) problems.add('status');
  return { problems };
}

/** The statuses an error rule may answer: the chosen call's, else those every call of the method documents. */
export function statusChoices(calls: readonly ChaosCall[], callId: string | null, method: string): number[] {
  if (callId) return calls.find((c) => c.id === callId)?.statuses ?? [];
  const scope = calls.filter((c) => method === '' || c.method === method);
  if (scope.length === 0) return [];
  return scope[0]!.statuses.filter((s) => scope.every((c) => c.statuses.includes(s)));
}

/** What a rule matches, in words. */
export function describeMatch(rule: ChaosRule, t: TFunction): string {
  const who = [
    rule.match.user ? t('chaos.list.user', { name: rule.match.user }) : null,
    rule.match.role ? t('chaos.list.role', { name: rule.match.role }) : null,
  ]
    .filter(Boolean)
    .join(', ');
  if (rule.surface === 'ws') return `/ws · ${who || t('chaos.list.anyone')}`;
  const what = [rule.match.method, rule.match.callId, rule.match.path].filter(Boolean).join(' ') || t('chaos.list.everyCall');
  return who ? `${what} · ${who}` : what;
}

/** What a rule does, in words. */
export function describeEffect(rule: ChaosRule, t: TFunction): string {
  const e = rule.effect;
  switch (e.kind) {
    case 'latency': {
      const l = e.latency;
      if (l.distribution === 'fixed') return t('chaos.list.latency.fixed', { ms: l.ms });
      if (l.distribution === 'uniform') return t('chaos.list.latency.uniform', { min: l.minMs, max: l.maxMs });
      return t('chaos.list.latency.lognormal', { median: l.medianMs, sigma: l.sigma });
    }
    case 'error':
      return e.code ? `${t('chaos.list.error', { status: e.status })} (${e.code})` : t('chaos.list.error', { status: e.status });
    case 'drop':
      return t('chaos.list.drop');
    case 'drift': {
      const modes = e.modes.map((m) => t(`chaos.form.driftModes.${m}`)).join(', ');
      const percent = Math.round((e.rate ?? CHAOS_DRIFT_DEFAULT_RATE) * 1000) / 10;
      const words = t('chaos.list.drift', { modes, percent });
      return e.strict ? `${words} · ${t('chaos.list.driftStrict')}` : words;
    }
    case 'cut':
      return t('chaos.list.cut');
    case 'stall':
      return t('chaos.list.stall', { ms: e.ms });
    case 'delay':
      return t('chaos.list.delay', { ms: e.ms });
  }
}

/** How often a rule applies, in words. */
export function describeLimit(rule: ChaosRule, t: TFunction): string {
  if (rule.times !== undefined) return t('chaos.list.times', { times: rule.times });
  if (rule.probability !== undefined) return t('chaos.list.probability', { percent: Math.round(rule.probability * 1000) / 10 });
  return t('chaos.list.always');
}

/** Active, spent (its count of hits made) or ended (a stall past its end). */
export function ruleState(rule: ChaosRule): 'active' | 'spent' | 'ended' {
  if (rule.active) return 'active';
  return rule.times !== undefined && rule.hits >= rule.times ? 'spent' : 'ended';
}
