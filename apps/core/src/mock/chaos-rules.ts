/**
 * The chaos rules the mock holds (mock only; contracts `chaos.ts` says what a rule is): adding one
 * checks it against the catalogue (a call it can match; an error status every call it matches
 * documents), then the REST hook (chaos-http.ts) and the /ws tap (chaos-ws.ts) ask it what a
 * call or a connection gets. Each rule draws its latencies and probabilities from its own seeded
 * generator, in the order of its hits, so the same seed and the same calls give the same run. A
 * drift rule is matched when the call comes in and applied when its answer is written
 * (`driftHit`): only a successful JSON answer counts a hit and draws.
 */
import { randomInt } from 'node:crypto';
import {
  catalogue,
  CHAOS_MAX_LATENCY_MS,
  CHAOS_MAX_RULES,
  ENDPOINT_IDS,
  ERROR_CATALOGUE,
  type ChaosCall,
  type ChaosDriftEffect,
  type ChaosHttpMatch,
  type ChaosLatency,
  type ChaosRule,
  type ChaosRuleInput,
  type EndpointId,
  type ErrorCode,
  type ErrorEnvelope,
  type Role,
} from '@fleet/contracts';
import { errorCodesOf, errorStatusesOf } from '../plugins/call-statuses.js';

/** A refused rule, in words (the control plane answers BAD_REQUEST with it). */
export class ChaosRuleError extends Error {}

/** mulberry32: a small seeded generator of floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One latency drawn from its distribution (whole ms, at most CHAOS_MAX_LATENCY_MS). */
export function drawLatency(latency: ChaosLatency, random: () => number): number {
  switch (latency.distribution) {
    case 'fixed':
      return latency.ms;
    case 'uniform':
      return latency.minMs + Math.floor(random() * (latency.maxMs - latency.minMs + 1));
    case 'lognormal': {
      // Box-Muller: a standard normal from two uniforms (1 - u keeps the logarithm finite).
      const u1 = 1 - random();
      const u2 = random();
      const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
      return Math.min(CHAOS_MAX_LATENCY_MS, Math.round(latency.medianMs * Math.exp(latency.sigma * z)));
    }
  }
}

const segmentsOf = (path: string) => path.split('/').filter((s) => s !== '');
const isOne = (segment: string) => segment === '*' || /^\{\w+\}$/.test(segment);

/**
 * Whether a path pattern matches a path, segment by segment: `*` and `{name}` match one segment,
 * `**` any number. A `{name}` segment of the path (a catalogue template) matches any one segment
 * of the pattern, so `patternMatches('/v2/units/ABC', '/v2/units/{id}')` says the pattern can meet
 * that call.
 */
export function patternMatches(pattern: string, path: string): boolean {
  const p = segmentsOf(pattern);
  const s = segmentsOf(path);
  const at = (i: number, j: number): boolean => {
    if (i === p.length) return j === s.length;
    const seg = p[i]!;
    if (seg === '**') {
      for (let k = j; k <= s.length; k++) if (at(i + 1, k)) return true;
      return false;
    }
    if (j === s.length) return false;
    const subject = s[j]!;
    if (isOne(seg) || /^\{\w+\}$/.test(subject) || seg === subject) return at(i + 1, j + 1);
    return false;
  };
  return at(0, 0);
}

/** The catalogue calls a match can meet (method, call id, path pattern; none of those it excepts). */
export function callsMatching(match: ChaosHttpMatch): EndpointId[] {
  return ENDPOINT_IDS.filter((id) => {
    const def = catalogue[id];
    if (match.callId !== undefined && id !== match.callId) return false;
    if (match.except?.includes(id)) return false;
    if (match.method !== undefined && def.method !== match.method) return false;
    return match.path === undefined || patternMatches(match.path, def.path);
  });
}

/** The statuses an error rule may answer for a call: the ones it documents, and 500 (a fault every call can meet). */
export function chaosStatusesOf(id: EndpointId): number[] {
  return [...new Set([...errorStatusesOf(id), 500])].sort((a, b) => a - b);
}

/** What the route itself answers for a status, whatever the call (the usual body of that status). */
const ROUTE_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'BODY_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_TOO_LARGE',
  500: 'GENERIC',
};

const CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** The catalogue's error a call answers with `status`: `code` when given, the route's own, else the call's first of that status. */
export function errorCodeFor(id: EndpointId, status: number, code?: string): ErrorCode {
  if (code !== undefined) {
    const given = CODES.find((c) => c === code);
    if (!given) throw new ChaosRuleError(`No error code ${code} in the catalogue`);
    if (ERROR_CATALOGUE[given].status !== status) throw new ChaosRuleError(`${code} answers ${ERROR_CATALOGUE[given].status}, not ${status}`);
    return given;
  }
  const route = ROUTE_CODES[status];
  const own = errorCodesOf(id).find((c) => ERROR_CATALOGUE[c].status === status);
  const any = route ?? own ?? CODES.find((c) => ERROR_CATALOGUE[c].status === status);
  if (!any) throw new ChaosRuleError(`No error of the catalogue answers ${status}`);
  return own !== undefined && route === undefined ? own : any;
}

/** The body of an error answer: the product's envelope with the catalogue's code and message. */
export function errorBodyOf(code: ErrorCode): ErrorEnvelope {
  return { error: { code, message: ERROR_CATALOGUE[code].message } };
}

/** Every call of the catalogue with the statuses an error rule may answer (the Chaos form's choices). */
export function chaosCalls(): ChaosCall[] {
  return ENDPOINT_IDS.map((id) => ({ id, method: catalogue[id].method, path: catalogue[id].path, statuses: chaosStatusesOf(id) }));
}

/** Who made a request or opened a connection: enough to match a rule. */
export interface ChaosCaller {
  username: string;
  roles: readonly Role[];
}

/** A rule held: what the list shows, and its own draws. */
interface Held {
  rule: ChaosRule;
  random: () => number;
  /** HTTP rules: the calls it can meet. */
  calls: ReadonlySet<EndpointId> | null;
}

export interface ChaosRuleClock {
  now(): number;
}

export type ChaosChange = { kind: 'added'; rule: ChaosRule } | { kind: 'removed'; rule: ChaosRule };

/** What a REST call gets: added latency, then perhaps an error or a dropped connection; and the drift rules its answer may meet. */
export interface HttpOutcome {
  delayMs: number;
  end: { kind: 'error'; status: number; body: ErrorEnvelope; ruleId: string } | { kind: 'drop'; ruleId: string } | null;
  /** The rules applied (latency, error, drop). */
  ruleIds: string[];
  /** The active drift rules matching the call, in the order added: applied (`driftHit`) only if the answer is successful JSON. */
  drift: string[];
}

/** A drift rule applied to one answer: its effect, and the answer's own generator (drawn from the rule's seed). */
export interface DriftHit {
  ruleId: string;
  effect: ChaosDriftEffect;
  random: () => number;
}

export class ChaosRules {
  private readonly held = new Map<string, Held>();
  private readonly listeners = new Set<(change: ChaosChange) => void>();
  private next = 1;
  /** Whether some rule is active per surface (the hooks' fast path). */
  private httpCount = 0;
  private wsCount = 0;
  private driftCount = 0;

  constructor(private readonly clock: ChaosRuleClock) {}

  onChange(listener: (change: ChaosChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  add(input: ChaosRuleInput, createdBy: string): ChaosRule {
    if (this.held.size >= CHAOS_MAX_RULES) throw new ChaosRuleError(`At most ${CHAOS_MAX_RULES} rules: remove some first`);
    let calls: Set<EndpointId> | null = null;
    if (input.surface === 'http') {
      const found = callsMatching(input.match);
      if (found.length === 0) throw new ChaosRuleError('The rule matches no call of the catalogue (check the call, the method and the path)');
      if (input.effect.kind === 'error') {
        const { status, code } = input.effect;
        const refusing = found.find((id) => !chaosStatusesOf(id).includes(status));
        if (refusing) throw new ChaosRuleError(`${refusing} does not document the status ${status} (it answers ${chaosStatusesOf(refusing).join(', ')})`);
        for (const id of found) errorCodeFor(id, status, code);
      }
      calls = new Set(found);
    }
    const seed = input.seed ?? randomInt(0, 0xffffffff);
    const now = this.clock.now();
    const id = `r${this.next++}`;
    const endsAt = input.surface === 'ws' && input.effect.kind === 'stall' ? now + input.effect.ms : null;
    const rule: ChaosRule = { ...input, id, seed, hits: 0, createdAt: now, createdBy, endsAt, active: true };
    this.held.set(id, { rule, random: seededRandom(seed), calls });
    this.recount();
    for (const l of this.listeners) l({ kind: 'added', rule: { ...rule } });
    return { ...rule };
  }

  list(): ChaosRule[] {
    return [...this.held.values()].map((h) => ({ ...h.rule, active: this.isActive(h) }));
  }

  /** Rules still applying (not spent, not ended). */
  activeCount(): number {
    let n = 0;
    for (const h of this.held.values()) if (this.isActive(h)) n++;
    return n;
  }

  remove(id: string): boolean {
    const h = this.held.get(id);
    if (!h) return false;
    this.held.delete(id);
    this.recount();
    for (const l of this.listeners) l({ kind: 'removed', rule: { ...h.rule, active: false } });
    return true;
  }

  clear(): number {
    const ids = [...this.held.keys()];
    for (const id of ids) this.remove(id);
    return ids.length;
  }

  hasHttp(): boolean {
    return this.httpCount > 0;
  }

  hasWs(): boolean {
    return this.wsCount > 0;
  }

  /** Whether a drift rule exists (the answer hook's fast path). */
  hasDrift(): boolean {
    return this.driftCount > 0;
  }

  /** Whether matching the active HTTP rules needs the caller (a rule names a user or a role). */
  httpNeedsCaller(): boolean {
    for (const h of this.held.values()) if (h.rule.surface === 'http' && (h.rule.match.user !== undefined || h.rule.match.role !== undefined)) return true;
    return false;
  }

  /**
   * What a REST call gets; each rule that applies counts a hit. Latencies add up; the first error or
   * drop ends the call. Drift rules matching the call are only named here: `driftHit` applies them
   * to its answer.
   */
  http(callId: EndpointId, path: string, method: string, caller: ChaosCaller | null): HttpOutcome | null {
    let outcome: HttpOutcome | null = null;
    for (const h of this.held.values()) {
      const r = h.rule;
      if (r.surface !== 'http' || !h.calls?.has(callId)) continue;
      if (r.match.method !== undefined && r.match.method !== method) continue;
      if (r.match.path !== undefined && !patternMatches(r.match.path, path)) continue;
      if (!callerMatches(r.match, caller)) continue;
      if (r.effect.kind === 'drift') {
        if (this.isActive(h)) (outcome ??= { delayMs: 0, end: null, ruleIds: [], drift: [] }).drift.push(r.id);
        continue;
      }
      if (!this.applies(h)) continue;
      outcome ??= { delayMs: 0, end: null, ruleIds: [], drift: [] };
      outcome.ruleIds.push(r.id);
      const effect = r.effect;
      if (effect.kind === 'latency') outcome.delayMs += drawLatency(effect.latency, h.random);
      else if (effect.kind === 'drop') outcome.end = { kind: 'drop', ruleId: r.id };
      else outcome.end = { kind: 'error', status: effect.status, body: errorBodyOf(errorCodeFor(callId, effect.status, effect.code)), ruleId: r.id };
      if (outcome.end) break;
    }
    return outcome;
  }

  /**
   * A drift rule named by `http` meeting a successful JSON answer: null if it no longer applies
   * (removed, spent, its probability drawn against it); else it counts a hit and gives the answer
   * its own generator, seeded by one draw of the rule's.
   */
  driftHit(ruleId: string): DriftHit | null {
    const h = this.held.get(ruleId);
    if (!h || h.rule.surface !== 'http' || h.rule.effect.kind !== 'drift' || !this.applies(h)) return null;
    return { ruleId, effect: h.rule.effect, random: seededRandom(Math.floor(h.random() * 0x100000000)) };
  }

  /** The active /ws rules of one kind matching a caller, each hit if it applies (its limit drawn). */
  wsHits(kind: 'cut' | 'stall' | 'delay', caller: ChaosCaller, only?: string): ChaosRule[] {
    const hits: ChaosRule[] = [];
    for (const h of this.held.values()) {
      const r = h.rule;
      if (r.surface !== 'ws' || r.effect.kind !== kind || (only !== undefined && r.id !== only)) continue;
      if (!callerMatches(r.match, caller) || !this.applies(h)) continue;
      hits.push(r);
    }
    return hits;
  }

  private isActive(h: Held): boolean {
    const r = h.rule;
    if (r.times !== undefined && r.hits >= r.times) return false;
    return r.endsAt === null || r.endsAt > this.clock.now();
  }

  /** Whether the rule applies to this hit (active, its probability drawn); counts the hit. */
  private applies(h: Held): boolean {
    if (!this.isActive(h)) return false;
    const p = h.rule.probability;
    if (p !== undefined && p < 1 && h.random() >= p) return false;
    h.rule.hits++;
    return true;
  }

  private recount(): void {
    this.httpCount = 0;
    this.wsCount = 0;
    this.driftCount = 0;
    for (const h of this.held.values()) {
      if (h.rule.surface === 'http') this.httpCount++;
      else this.wsCount++;
      if (h.rule.surface === 'http' && h.rule.effect.kind === 'drift') this.driftCount++;
    }
  }
}

function callerMatches(match: { user?: string | undefined; role?: Role | undefined }, caller: ChaosCaller | null): boolean {
  if (match.user === undefined && match.role === undefined) return true;
  if (!caller) return false;
  if (match.user !== undefined && match.user !== caller.username) return false;
  return match.role === undefined || caller.roles.includes(match.role);
}
