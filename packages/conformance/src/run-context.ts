/**
 * What every step of a conformance run shares: who the run is signed in as, the calls chosen, the
 * objects found so far, the results, and the helpers each step uses (fill a call's parameters from
 * the objects found, send it, record a result, the checks without a session).
 */
import { ERROR_CATALOGUE, buildPath, type EndpointDef } from '@fleet/contracts';
import { pathParamNames, requiredQueryNames, routeOf, type Call } from './calls.js';
import { checkErrorAnswer, describeBody, routePresence } from './classify.js';
import { CoreClient, type Answer } from './http.js';
import type { ConformanceOptions } from './options.js';
import { DEPENDENT_KINDS, KIND_NOUN, ObjectPool, kindOfPathParam, kindOfQueryParam, type Kind } from './objects.js';
import { MISSING_CANDIDATES, PROBE_ID, fits, selectCalls } from './probes.js';
import type { CheckResult, Difference } from './report.js';
import { REFUSED_BODY, undocumentedFields } from './schema.js';
import { Secrets } from './secrets.js';

/** Requests per second unless told otherwise: modest enough for a production core. */
export const DEFAULT_RPS = 5;

type CatalogueCode = keyof typeof ERROR_CATALOGUE;
export const CODES_404 = (Object.keys(ERROR_CATALOGUE) as CatalogueCode[]).filter((c) => ERROR_CATALOGUE[c].status === 404);
export const CODES_403 = (Object.keys(ERROR_CATALOGUE) as CatalogueCode[]).filter((c) => ERROR_CATALOGUE[c].status === 403);
/**
 * A documented refusal for the object tried (not a contract breach): 402, 403, 404, 409, 422 with a
 * catalogue code. Not FORBIDDEN: the role check's refusal, wrong where the user's role is among the
 * call's roles (the only case a read is made).
 */
export const isDocumentedRefusal = (a: Answer): string | null => {
  if (![402, 403, 404, 409, 422].includes(a.status)) return null;
  const code = (a.body as { error?: { code?: unknown } } | undefined)?.error?.code;
  if (typeof code !== 'string' || code === 'FORBIDDEN' || !Object.hasOwn(ERROR_CATALOGUE, code)) return null;
  return checkErrorAnswer(a.status, a.body, ERROR_CATALOGUE[code as CatalogueCode].status).length === 0 ? code : null;
};

export interface Input {
  params: Record<string, string>;
  query: Record<string, string>;
  context: Partial<Record<Kind, string>>;
}

/** The values of an enum (or literal) schema, unwrapping optional and default wrappers. */
export function enumOptions(schema: unknown): string[] {
  let cur: unknown = schema;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const s = cur as { options?: unknown; def?: { innerType?: unknown; values?: unknown } };
    if (Array.isArray(s.options)) return s.options.filter((o): o is string => typeof o === 'string');
    if (Array.isArray(s.def?.values)) return s.def.values.map(String);
    cur = s.def?.innerType;
  }
  return [];
}

/** Required query parameters no object has (an enum's first value, else a made-up id that fits), or null. */
export function madeUpQuery(def: EndpointDef): Record<string, string> | null {
  const query: Record<string, string> = {};
  if (!def.query) return query;
  for (const name of requiredQueryNames(def)) {
    const field = def.query.shape[name];
    const value = enumOptions(field)[0] ?? MISSING_CANDIDATES.find((v) => fits(field as Parameters<typeof fits>[0], v));
    if (value === undefined) return null;
    query[name] = value;
  }
  return fits(def.query, query) ? query : null;
}

/** Run `fn` over `items`, a few at a time (checks without a session are independent of each other). */
export async function inBatches<T>(items: readonly T[], fn: (item: T) => Promise<void>, size = 8): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/** The run's state and helpers, made once signed in; each step (reads, writes, /ws) takes it. */
export interface RunContext {
  opts: ConformanceOptions;
  client: CoreClient;
  log: (line: string) => void;
  /** --write: the triples on the run's own objects and the negative bodies. */
  write: boolean;
  /** --probe-writes (or --write): writes without a session and outside the user's roles. */
  probeWrites: boolean;
  /** Names the run's own objects. */
  marker: string;
  results: CheckResult[];
  cleanupFailures: string[];
  add: (r: CheckResult) => void;
  username: string;
  roles: string[];
  allowed: (def: EndpointDef) => boolean;
  sel: ReturnType<typeof selectCalls>;
  pool: ObjectPool;
  resolve: (call: Call, attempt: number) => Input | { missing: string };
  request: (def: EndpointDef, input: Pick<Input, 'params' | 'query'>, why: string, session?: boolean, body?: unknown) => Promise<Answer>;
  result: (call: Call, check: string, differences: Difference[], note?: string) => CheckResult;
  skipped: (call: Call, check: string, note: string) => CheckResult;
  undocumented: (call: Call, body: unknown, what: string) => void;
  checkNoSessionAll: (list: readonly Call[]) => Promise<Map<string, boolean>>;
}

/** Load the runtime configuration, sign in, learn the user's roles, and make the run's context. */
export async function openRun(opts: ConformanceOptions, client: CoreClient, secrets: Secrets, started: number): Promise<RunContext> {
  const log = (line: string): void => opts.log?.(secrets.redact(line));
  const write = Boolean(opts.write);
  const probeWrites = write || Boolean(opts.probeWrites);
  const marker = `conformance-${started.toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const results: CheckResult[] = [];
  const cleanupFailures: string[] = [];
  const add = (r: CheckResult): void => {
    results.push(r);
  };

  await client.loadRuntimeConfig();
  if (opts.user && opts.password !== undefined) await client.login(opts.user, opts.password);
  // Who we are: the role decides which calls answer 403.
  const meBody = (await client.currentUser()) as { username?: unknown; roles?: unknown; userType?: unknown };
  const roles = Array.isArray(meBody.roles) ? meBody.roles.filter((r): r is string => typeof r === 'string') : [];
  if (typeof meBody.userType === 'string' && !roles.includes(meBody.userType)) roles.push(meBody.userType);
  const username = typeof meBody.username === 'string' ? meBody.username : (opts.user ?? 'session');
  log(`authenticated as ${username} (${roles.join(', ') || 'no role'})`);
  const allowed = (def: EndpointDef): boolean => def.roles.some((r) => roles.includes(r));

  const sel = selectCalls(opts.only);
  const pool = new ObjectPool();

  /** Fill a call's path and required query parameters from the objects found; `attempt` picks among candidates. */
  const resolve = (call: Call, attempt: number): Input | { missing: string } => {
    const { def } = call;
    const context: Partial<Record<Kind, string>> = {};
    const params: Record<string, string> = {};
    const query: Record<string, string> = {};
    const names = pathParamNames(def.path);
    const slots: { name: string; where: 'path' | 'query'; kind: Kind | null }[] = [
      ...names.reverse().map((name) => ({ name, where: 'path' as const, kind: kindOfPathParam(def.path, name) })),
      ...requiredQueryNames(def).map((name) => ({ name, where: 'query' as const, kind: kindOfQueryParam(name) })),
    ].sort((a, b) => Number(b.kind !== null && DEPENDENT_KINDS.has(b.kind)) - Number(a.kind !== null && DEPENDENT_KINDS.has(a.kind)));
    // A required query parameter that names no object but takes a fixed set of values (an enum): its first value.
    for (const slot of slots) {
      if (slot.kind || slot.where !== 'query' || !def.query) continue;
      const options = enumOptions(def.query.shape[slot.name]);
      if (options[0] !== undefined) query[slot.name] = options[0];
    }
    let first = true;
    for (const slot of slots) {
      if (!slot.kind && slot.name in query) continue;
      if (!slot.kind) return { missing: `cannot tell which object the parameter ${slot.name} names` };
      let value = context[slot.kind];
      if (value === undefined) {
        const candidates = pool
          .get(slot.kind)
          .filter((f) => Object.entries(f.context).every(([k, v]) => context[k as Kind] === undefined || context[k as Kind] === v || k === slot.kind));
        const pick = candidates[first ? attempt : 0];
        if (!pick) {
          if (slot.kind === 'modemIndex') value = String(attempt + 1);
          else return { missing: `no ${KIND_NOUN[slot.kind]} visible to this user` };
        } else {
          value = pick.id;
          for (const [k, v] of Object.entries(pick.context)) if (context[k as Kind] === undefined && k !== slot.kind) context[k as Kind] = v;
        }
        first = false;
      }
      context[slot.kind] = value;
      if (slot.where === 'path') params[slot.name] = value;
      else query[slot.name] = value;
    }
    // A query whose schema needs one of several optional parameters (a refinement): add known ones until it fits.
    if (def.query && !fits(def.query, query)) {
      for (const name of Object.keys(def.query.shape)) {
        const kind = kindOfQueryParam(name);
        if (name in query || !kind) continue;
        const value = context[kind] ?? pool.get(kind)[0]?.id;
        if (value === undefined) continue;
        query[name] = value;
        if (fits(def.query, query)) break;
      }
    }
    return { params, query, context };
  };

  const request = (def: EndpointDef, input: Pick<Input, 'params' | 'query'>, why: string, session = true, body?: unknown): Promise<Answer> =>
    client.call(def.method, buildPath(def.path, input.params), { query: input.query, session, why, ...(body === undefined ? {} : { body }) });

  const result = (call: Call, check: string, differences: Difference[], note?: string): CheckResult => ({
    area: call.area,
    call: call.id,
    check,
    route: routeOf(call.def),
    outcome: differences.length ? 'differs' : 'conforms',
    differences,
    ...(note ? { note } : {}),
  });
  const skipped = (call: Call, check: string, note: string): CheckResult => ({
    area: call.area,
    call: call.id,
    check,
    route: routeOf(call.def),
    outcome: 'not checked',
    differences: [],
    note,
  });
  const undocumented = (call: Call, body: unknown, what: string): void => {
    const extra = undocumentedFields(call.def.response, body);
    if (extra.length)
      add({
        area: call.area,
        call: call.id,
        check: 'undocumented',
        route: routeOf(call.def),
        outcome: 'undocumented',
        differences: extra,
        note: `fields of the ${what} answer the contract does not know`,
      });
  };

  /**
   * Without a session: 401 + envelope, and the route-presence rule. `present` is false when the
   * route is missing. A write gets made-up ids and a body the contract refuses.
   */
  const checkNoSession = async (call: Call): Promise<{ present: boolean; result: CheckResult }> => {
    const probe = { params: Object.fromEntries(pathParamNames(call.def.path).map((n) => [n, PROBE_ID])), query: {} };
    const body = call.def.method !== 'GET' && call.def.body ? REFUSED_BODY : undefined;
    const a = await request(call.def, probe, 'no session: 401 expected (a missing route answers 404)', false, body);
    const presence = routePresence(a.status);
    if (presence === 'missing') {
      return {
        present: false,
        result: {
          area: call.area,
          call: call.id,
          check: 'route',
          route: routeOf(call.def),
          outcome: 'missing',
          differences: [{ path: 'status without a session', expected: '401 (the route exists)', received: `${a.status} ${describeBody(a.body)}` }],
        },
      };
    }
    return { present: true, result: result(call, 'no session', checkErrorAnswer(a.status, a.body, 401, ['UNAUTHENTICATED'])) };
  };
  /** The checks without a session of many calls, a few at a time; results in catalogue order. */
  const checkNoSessionAll = async (list: readonly Call[]): Promise<Map<string, boolean>> => {
    const found = new Map<string, { present: boolean; result: CheckResult }>();
    await inBatches(list, async (call) => {
      found.set(call.id, await checkNoSession(call));
    });
    const present = new Map<string, boolean>();
    for (const call of list) {
      const f = found.get(call.id);
      if (f) add(f.result);
      present.set(call.id, f?.present ?? false);
    }
    return present;
  };

  return {
    opts,
    client,
    log,
    write,
    probeWrites,
    marker,
    results,
    cleanupFailures,
    add,
    username,
    roles,
    allowed,
    sel,
    pool,
    resolve,
    request,
    result,
    skipped,
    undocumented,
    checkNoSessionAll,
  };
}
