/**
 * What the clients were told, key by key, and how it is judged against what is stored.
 *
 * Each key has one writer at a time (one client, one request after another), so the order of its
 * writes is the order they were sent, and "the last acknowledged value wins" is well defined: after
 * the crash the key must show its last acknowledged value, or the value of the one write that was in
 * flight when the process died (sent after it). A value a complete non-2xx answer refused must never
 * show. Every write of a key also moves a counter the core keeps on the row (its `version`, a chunk
 * list's length): the counter must have moved by exactly the writes that show.
 */

export type Outcome = 'acked' | 'rejected' | 'unknown';

/** How a stored value compares with what the writer was told. */
export type Verdict = 'kept' | 'landed' | 'refusedVisible' | 'lost';

/** One value per key: the last acknowledged value must show (or the in-flight one). */
export class Register<V> {
  /** The value seen at the last verification (or at the start). */
  settled: V;
  /** The last acknowledged value since then. */
  acked: V | undefined;
  ackedWrites = 0;
  /** Values sent without a complete answer since the last verification. */
  readonly inflight: V[] = [];
  /** Values a complete non-2xx answer refused. */
  readonly refused: V[] = [];

  constructor(initial: V) {
    this.settled = initial;
  }

  /** What the writer expects to be stored when nothing in flight landed. */
  get expected(): V {
    return this.acked === undefined ? this.settled : this.acked;
  }

  record(value: V, outcome: Outcome): void {
    if (outcome === 'acked') {
      this.acked = value;
      this.ackedWrites++;
      // An acknowledged write after an unknown one: the earlier one can no longer be what shows.
      this.inflight.length = 0;
    } else if (outcome === 'unknown') this.inflight.push(value);
    else this.refused.push(value);
  }

  judge(actual: V, same: (a: V, b: V) => boolean = Object.is): Verdict {
    if (same(actual, this.expected)) return 'kept';
    if (this.inflight.some((v) => same(v, actual))) return 'landed';
    if (this.refused.some((v) => same(v, actual))) return 'refusedVisible';
    return 'lost';
  }

  /** After a verification: what is stored is the new starting point. */
  settle(actual: V): void {
    this.settled = actual;
    this.acked = undefined;
    this.ackedWrites = 0;
    this.inflight.length = 0;
    this.refused.length = 0;
  }
}

/** A number the core moves by one per applied write (a row's version, a list's length). */
export class Counter {
  settled: number;
  acked = 0;
  inflight = 0;

  constructor(initial: number) {
    this.settled = initial;
  }

  record(outcome: Outcome): void {
    if (outcome === 'acked') this.acked++;
    else if (outcome === 'unknown') this.inflight++;
  }

  /** shortfall: acknowledged writes missing; landed: in-flight writes that count; excess: more than was ever sent. */
  judge(actual: number): { shortfall: number; landed: number; excess: number } {
    const floor = this.settled + this.acked;
    return {
      shortfall: Math.max(0, floor - actual),
      landed: Math.min(this.inflight, Math.max(0, actual - floor)),
      excess: Math.max(0, actual - floor - this.inflight),
    };
  }

  settle(actual: number): void {
    this.settled = actual;
    this.acked = 0;
    this.inflight = 0;
  }
}

/** Writes of one round (or a whole run) by kind and outcome. */
export type Tally = Record<string, { acked: number; rejected: number; unknown: number; refusals: Record<string, number>; ackedMs: number[] }>;

export function count(tally: Tally, kind: string, outcome: Outcome, code?: string, ms?: number): void {
  const t = (tally[kind] ??= { acked: 0, rejected: 0, unknown: 0, refusals: {}, ackedMs: [] });
  t[outcome]++;
  if (outcome === 'rejected' && code) t.refusals[code] = (t.refusals[code] ?? 0) + 1;
  if (outcome === 'acked' && ms !== undefined) t.ackedMs.push(ms);
}

export function totals(tally: Tally): { acked: number; rejected: number; unknown: number } {
  const all = { acked: 0, rejected: 0, unknown: 0 };
  for (const t of Object.values(tally)) {
    all.acked += t.acked;
    all.rejected += t.rejected;
    all.unknown += t.unknown;
  }
  return all;
}

export function addTally(into: Tally, from: Tally): void {
  for (const [kind, t] of Object.entries(from)) {
    const i = (into[kind] ??= { acked: 0, rejected: 0, unknown: 0, refusals: {}, ackedMs: [] });
    i.ackedMs.push(...t.ackedMs);
    i.acked += t.acked;
    i.rejected += t.rejected;
    i.unknown += t.unknown;
    for (const [code, n] of Object.entries(t.refusals)) i.refusals[code] = (i.refusals[code] ?? 0) + n;
  }
}

/** The q-quantile (0..1) of some durations, ms (0 when there are none). */
export function quantile(ms: readonly number[], q: number): number {
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
