/**
 * One conformance run against a core: authenticate, discover objects, check every catalogue call
 * (reads with the credentials; every GET without them; error answers), and /ws. What else is sent
 * is the caller's choice: by default nothing but GETs, the sign-in and its sign-out; with
 * `probeWrites` the write calls without a session and, for calls outside the user's roles, with it
 * (made-up ids and a body the contract refuses, so nothing changes even where a guard is missing);
 * with `write` also the write triples on the run's own objects and the negative bodies.
 */
import { ERROR_CATALOGUE, buildPath, type EndpointDef } from '@fleet/contracts';
import { pathParamNames, requiredQueryNames, routeOf, type Call } from './calls.js';
import { checkErrorAnswer, describeBody, routePresence } from './classify.js';
import type { RunClock } from './clock.js';
import { compareWithSchema } from './diff.js';
import { CoreClient, type Answer, type SentRequest } from './http.js';
import { judgeNegative, markerDiff, readBackDiff } from './negative.js';
import { DEPENDENT_KINDS, KIND_NOUN, ObjectPool, harvest, kindOfPathParam, kindOfQueryParam, type Kind } from './objects.js';
import {
  BAD_CANDIDATES,
  BAD_PATH_CANDIDATES,
  FAN_OUT,
  FAN_OUT_MAX,
  MISSING_CANDIDATES,
  PROBE_ID,
  READ_ATTEMPTS,
  fits,
  madeUpParams,
  probeIsHarmless,
  readOfSamePath,
  selectCalls,
} from './probes.js';
import { checkRealtime } from './realtime.js';
import { finishReport, type CheckResult, type Difference, type Report } from './report.js';
import { REFUSED_BODY, negativeBodies, undocumentedFields } from './schema.js';
import { Secrets, withoutUserInfo } from './secrets.js';
import { runWriteChecks } from './writes.js';

/** Requests per second unless told otherwise: modest enough for a production core. */
export const DEFAULT_RPS = 5;

export interface ConformanceOptions {
  core: string;
  user?: string;
  password?: string;
  /** A session cookie (`name=value`) used instead of signing in. */
  cookie?: string;
  /** Headers sent with every request that carries the credentials (`['Authorization', 'Bearer …']`). */
  headers?: readonly (readonly [string, string])[];
  /** Write calls without a session, and outside the user's roles with it: made-up ids and a refused body. */
  probeWrites?: boolean;
  /** Also the write triples on the run's own objects and the negative bodies (implies probeWrites). */
  write?: boolean;
  /** Undocumented fields fail the run. */
  strict?: boolean;
  /** Requests per second, /ws connects included (default DEFAULT_RPS; 0: no limit). */
  rps?: number;
  /** How long to listen for /ws events (seconds, default 5; 0 skips listening, the heartbeat and the resume). */
  wsSeconds?: number;
  /** Only this area (a catalogue file's name, e.g. `groups`, or `realtime`). */
  only?: string;
  /** Per-request timeout (ms). */
  timeoutMs?: number;
  /** Progress lines (stderr in the CLI), secrets hidden. */
  log?: (line: string) => void;
  /** Each request as it is sent (method, path, with or without the credentials, why). */
  onRequest?: (r: SentRequest) => void;
  /** The run's time: the rate limit, the /ws checks, the report's start and duration (default the system clock). */
  clock?: RunClock;
}

type CatalogueCode = keyof typeof ERROR_CATALOGUE;
const CODES_404 = (Object.keys(ERROR_CATALOGUE) as CatalogueCode[]).filter((c) => ERROR_CATALOGUE[c].status === 404);
const CODES_403 = (Object.keys(ERROR_CATALOGUE) as CatalogueCode[]).filter((c) => ERROR_CATALOGUE[c].status === 403);
/**
 * A documented refusal for the object tried (not a contract breach): 402, 403, 404, 409, 422 with a
 * catalogue code. Not FORBIDDEN: the role check's refusal, wrong where the user's role is among the
 * call's roles (the only case a read is made).
 */
const isDocumentedRefusal = (a: Answer): string | null => {
  if (![402, 403, 404, 409, 422].includes(a.status)) return null;
  const code = (a.body as { error?: { code?: unknown } } | undefined)?.error?.code;
  if (typeof code !== 'string' || code === 'FORBIDDEN' || !Object.hasOwn(ERROR_CATALOGUE, code)) return null;
  return checkErrorAnswer(a.status, a.body, ERROR_CATALOGUE[code as CatalogueCode].status).length === 0 ? code : null;
};

interface Input {
  params: Record<string, string>;
  query: Record<string, string>;
  context: Partial<Record<Kind, string>>;
}

/** The values of an enum (or literal) schema, unwrapping optional and default wrappers. */
function enumOptions(schema: unknown): string[] {
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
function madeUpQuery(def: EndpointDef): Record<string, string> | null {
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
async function inBatches<T>(items: readonly T[], fn: (item: T) => Promise<void>, size = 8): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

export async function runConformance(opts: ConformanceOptions): Promise<Report> {
  const secrets = new Secrets();
  secrets.add(opts.password);
  const headers = opts.headers ?? [];
  const client = new CoreClient(opts.core, {
    ...(opts.cookie ? { cookie: opts.cookie } : {}),
    headers,
    rps: opts.rps ?? DEFAULT_RPS,
    secrets,
    ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
    ...(opts.onRequest ? { onRequest: opts.onRequest } : {}),
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  try {
    if (!opts.user && !opts.cookie && !headers.length) throw new Error('give --user and --password, --cookie or --header');
    if (opts.user && opts.password === undefined) throw new Error('--user needs --password');
    return await run(opts, client, secrets);
  } catch (e) {
    // Whatever stopped the run is told without the secrets.
    if (e instanceof Error) {
      e.message = secrets.redact(e.message);
      if (e.cause instanceof Error) e.cause.message = secrets.redact(e.cause.message);
    }
    throw e;
  } finally {
    // The session the run signed in with ends with it.
    await client.logout();
  }
}

async function run(opts: ConformanceOptions, client: CoreClient, secrets: Secrets): Promise<Report> {
  const started = client.clock.now();
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
  const { all, reported, gets } = sel;
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

  // ── reads: list calls first; every answer adds objects; calls waiting for objects are retried ──
  log('read checks');
  const pending = new Map<string, Call>(gets.map((c) => [c.id, c]));
  // Discovery calls outside the chosen area are only made with the session (not reported).
  const present = await checkNoSessionAll(gets.filter((c) => reported.has(c.id)));
  const isPresent = (call: Call): boolean => !reported.has(call.id) || present.get(call.id) === true;
  let progress = true;
  const waiting = new Map<string, string>();
  while (progress) {
    progress = false;
    for (const call of [...pending.values()]) {
      if (!isPresent(call)) {
        pending.delete(call.id);
        continue;
      }
      if (!allowed(call.def)) {
        pending.delete(call.id);
        if (!reported.has(call.id)) continue;
        // A role outside the call's roles: 403 with the envelope, before input and object checks.
        const probe = { params: Object.fromEntries(pathParamNames(call.def.path).map((n) => [n, PROBE_ID])), query: {} };
        const a = await request(call.def, probe, "role: 403 expected (the user's roles are not among the call's)");
        add(result(call, 'role', checkErrorAnswer(a.status, a.body, 403, CODES_403), `role ${roles.join(', ') || '?'} is not among the call's roles`));
        continue;
      }
      const first = resolve(call, 0);
      if ('missing' in first) {
        waiting.set(call.id, first.missing);
        continue;
      }
      pending.delete(call.id);
      waiting.delete(call.id);
      progress = true;
      await checkRead(call, first);
    }
  }
  for (const [id, why] of waiting) {
    const call = pending.get(id);
    if (!call || !reported.has(id)) continue;
    add(skipped(call, 'read', why));
    await checkNotFound(call, null);
    await checkBadInput(call, null);
  }

  async function checkRead(call: Call, first: Input): Promise<void> {
    const tried: string[] = [];
    const why = reported.has(call.id) ? 'read: the answer against the contract' : 'discovery: objects for the parameters of other calls';
    let input: Input = first;
    let answer: Answer | null = null;
    for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
      if (attempt > 0) {
        const next = resolve(call, attempt);
        if ('missing' in next) break;
        input = next;
      }
      const a = await request(call.def, input, attempt ? `${why} (another object: the last one was refused)` : why);
      if (a.status === 200 || a.status === (call.def.successStatus ?? 200)) {
        answer = a;
        break;
      }
      const refusal = isDocumentedRefusal(a);
      if (!refusal) {
        answer = a;
        break;
      }
      tried.push(`${Object.values(input.params).concat(Object.values(input.query)).join('/') || '(no parameters)'} → ${a.status} ${refusal}`);
    }
    if (!answer) {
      if (reported.has(call.id)) add(skipped(call, 'read', `every object tried answered a documented refusal: ${tried.join('; ')}`));
    } else {
      const expected = call.def.successStatus ?? 200;
      const diffs: Difference[] = [];
      let extraOf: unknown;
      if (answer.status !== expected) {
        const forbidden = answer.status === 403 ? " (the user's role is among the call's roles)" : '';
        diffs.push({ path: 'status', expected: String(expected), received: `${answer.status} ${describeBody(answer.body)}${forbidden}` });
      } else if (!answer.json) diffs.push({ path: '$', expected: 'a JSON body', received: describeBody(answer.body) });
      else {
        diffs.push(...compareWithSchema(call.def.response, answer.body));
        extraOf = answer.body;
        pool.addAll(harvest(call.id, answer.body, input.context));
        await fanOut(call);
      }
      const used = Object.entries(input.params)
        .concat(Object.entries(input.query))
        .map(([k, v]) => `${k}=${v}`)
        .join(', ');
      if (reported.has(call.id)) {
        add(result(call, 'read', diffs, used || undefined));
        if (extraOf !== undefined) undocumented(call, extraOf, 'read');
      }
    }
    await checkNotFound(call, input);
    await checkBadInput(call, input);
  }

  /**
   * Discovery only: a call whose answer classifies or lists objects (a server's type, an inventory's
   * stories) is also made for a few more objects of its kind, so calls that need a server of one type
   * or an inventory with stories find one. Not reported (the call was checked once already).
   */
  async function fanOut(call: Call): Promise<void> {
    if (!FAN_OUT.has(call.id)) return;
    for (let attempt = 1; attempt <= FAN_OUT_MAX; attempt++) {
      const next = resolve(call, attempt);
      if ('missing' in next) return;
      const a = await request(call.def, next, 'discovery: more objects of this kind');
      if (a.status === (call.def.successStatus ?? 200) && a.json && call.def.response.safeParse(a.body).success)
        pool.addAll(harvest(call.id, a.body, next.context));
    }
  }

  /** A by-id call with an id no object has: 404 + envelope with the catalogue's message. */
  async function checkNotFound(call: Call, input: Input | null): Promise<void> {
    const names = pathParamNames(call.def.path);
    const last = names[names.length - 1];
    if (!last || !reported.has(call.id)) return;
    const params = { ...Object.fromEntries(names.map((n) => [n, PROBE_ID])), ...(input?.params ?? {}) };
    const query = { ...(input?.query ?? {}) };
    const value = MISSING_CANDIDATES.find((v) => fits(call.def.params, { ...params, [last]: v }));
    if (!value) return add(skipped(call, 'not found', `no made-up value fits the parameter ${last}`));
    if (call.def.query && !fits(call.def.query, query)) return add(skipped(call, 'not found', 'its required query parameters could not be filled'));
    const a = await request(call.def, { params: { ...params, [last]: value }, query }, 'not found: 404 expected for an id no object has');
    add(result(call, 'not found', checkErrorAnswer(a.status, a.body, 404, CODES_404), `${last}=${value}`));
  }

  /** A malformed query or path parameter: 400 + envelope (VALIDATION_FAILED). */
  async function checkBadInput(call: Call, input: Input | null): Promise<void> {
    if (!reported.has(call.id)) return;
    const names = pathParamNames(call.def.path);
    const params = { ...Object.fromEntries(names.map((n) => [n, PROBE_ID])), ...(input?.params ?? {}) };
    const query = { ...(input?.query ?? {}) };
    const options: { where: 'query' | 'path'; name: string; value: string }[] = [];
    if (call.def.query && fits(call.def.query, query)) {
      for (const name of Object.keys(call.def.query.shape)) {
        const bad = BAD_CANDIDATES.find((v) => !fits(call.def.query, { ...query, [name]: v }));
        if (bad !== undefined) options.push({ where: 'query', name, value: bad });
      }
    }
    if (call.def.params && input) {
      for (const name of names) {
        const bad = BAD_PATH_CANDIDATES.find((v) => !fits(call.def.params, { ...params, [name]: v }));
        if (bad !== undefined) options.push({ where: 'path', name, value: bad });
      }
    }
    const pick = options[0];
    if (!pick) return;
    const a = await request(
      call.def,
      pick.where === 'query' ? { params, query: { ...query, [pick.name]: pick.value } } : { params: { ...params, [pick.name]: pick.value }, query },
      'bad input: 400 expected for a malformed parameter',
    );
    const shown = pick.value.length > 20 ? `${pick.value.slice(0, 12)}… (${pick.value.length} characters)` : JSON.stringify(pick.value);
    // The message is the spec's validation text for the field (many texts), so only the code is compared.
    const diffs = checkErrorAnswer(a.status, a.body, 400, ['VALIDATION_FAILED']).filter((d) => d.path !== '$.error.message');
    add(result(call, 'bad input', diffs, `${pick.where} ${pick.name}=${shown}`));
  }

  // ── writes: nothing by default; probes that cannot change anything; the run's own objects ──
  const writes = sel.writes;
  if (!probeWrites) {
    for (const call of writes) add(skipped(call, 'write', 'not sent: write calls are sent only with --probe-writes (probes that change nothing) or --write'));
  } else {
    log('write probes');
    const writePresent = await checkNoSessionAll(writes);
    for (const call of writes) {
      if (!writePresent.get(call.id)) continue;
      if (!allowed(call.def)) await checkWriteRole(call);
    }
    const negativesSent = new Set<string>();
    if (write) {
      log('write checks');
      const w = await runWriteChecks({ client, pool, allowed, calls: all, reported, marker });
      for (const r of w.results) {
        // A read checked on the run's own object replaces its "not checked" line.
        if (r.check === 'read' && r.outcome === 'conforms') {
          const i = results.findIndex((x) => x.call === r.call && x.check === 'read' && x.outcome === 'not checked');
          if (i >= 0) results.splice(i, 1);
        }
        add(r);
      }
      cleanupFailures.push(...w.cleanupFailures);
      for (const id of w.negativesSent) negativesSent.add(id);
      log('negative bodies');
      for (const call of writes) {
        if (writePresent.get(call.id) && allowed(call.def) && call.def.body && !negativesSent.has(call.id)) await checkNegatives(call);
      }
    }
    for (const call of writes) {
      if (!writePresent.get(call.id) || !allowed(call.def) || results.some((r) => r.call === call.id && r.check === 'write')) continue;
      add(skipped(call, 'write', write ? 'no create/remove triple of the run covers it' : "the user's role may make it: sent only with --write"));
    }
  }

  /**
   * A write outside the user's roles, with the session: 403 before any validation. Made-up ids and
   * a body the contract refuses, so nothing changes even if the guard is missing.
   */
  async function checkWriteRole(call: Call): Promise<void> {
    if (!probeIsHarmless(call.def)) {
      add(skipped(call, 'role', 'not sent: it takes no body and names no object, so nothing would refuse it if the role guard were missing'));
      return;
    }
    const { params } = madeUpParams(call.def);
    const a = await request(
      call.def,
      { params, query: {} },
      "role: 403 expected (the user's roles are not among the call's); made-up ids, a refused body",
      true,
      call.def.body ? REFUSED_BODY : undefined,
    );
    add(
      result(
        call,
        'role',
        checkErrorAnswer(a.status, a.body, 403, CODES_403),
        `role ${roles.join(', ') || '?'} is not among the call's roles (made-up ids${call.def.body ? ', a body the contract refuses' : ''})`,
      ),
    );
  }

  /**
   * Negative bodies (--write) on made-up ids: each refused with 400 and the spec's messages. Read
   * back with the GET of the same path: a list a POST would add to must not show anything the
   * refused bodies named; any other read (a made-up id's, the user's own settings) must answer as
   * before.
   */
  async function checkNegatives(call: Call): Promise<void> {
    if (!call.def.body) return;
    const negatives = negativeBodies(call.def.body, marker);
    if (!negatives.length) return add(skipped(call, 'negative body', 'the run can make no body the contract refuses'));
    const { params, fit } = madeUpParams(call.def);
    if (!fit) return add(skipped(call, 'negative body', 'no made-up value fits the path parameters'));
    const query = madeUpQuery(call.def);
    if (!query) return add(skipped(call, 'negative body', 'its required query parameters could not be made up'));
    const read = readOfSamePath(all, call.def);
    const readQuery = read ? madeUpQuery(read.def) : null;
    const readBack =
      read && readQuery && allowed(read.def) ? (when: string) => request(read.def, { params, query: readQuery }, `negative body: read back ${when}`) : null;
    const byId = pathParamNames(call.def.path).length > 0;
    // A POST to a collection would make an object: the list must not show one named by the run.
    // Anything else (an object of a made-up id, the user's own settings) must read back the same.
    const collection = call.def.method === 'POST' && !byId;
    const before = readBack ? await readBack('before') : null;
    const diffs: Difference[] = [];
    for (const neg of negatives) {
      const a = await request(call.def, { params, query }, `negative body (${neg.kind}): 400 expected`, true, neg.body);
      diffs.push(...judgeNegative(a, neg));
    }
    if (readBack && before && read) {
      const after = await readBack('after');
      const changed = collection
        ? markerDiff(after, marker, routeOf(read.def))
        : readBackDiff(before, after, `${routeOf(read.def)}${byId ? ' with the made-up ids' : ''}`);
      if (changed.length && collection)
        cleanupFailures.push(`${routeOf(call.def)} accepted a refused body: look for objects named ${marker}… in ${routeOf(read.def)}`);
      diffs.push(...changed);
    }
    const sent = negatives.map((n) => `${n.kind}: ${n.what}`).join('; ');
    add(result(call, 'negative body', diffs, `${byId ? 'made-up ids; ' : ''}${sent}${readBack ? '' : ' (no read of the same path to check nothing changed)'}`));
  }

  // ── /ws ──
  if (sel.realtime) {
    log('realtime checks');
    for (const r of await checkRealtime(client, pool, { seconds: opts.wsSeconds ?? 5 })) add(r);
  }

  return finishReport({
    core: withoutUserInfo(opts.core),
    user: username,
    role: roles[0] ?? null,
    write,
    probeWrites,
    strict: Boolean(opts.strict),
    startedAt: new Date(started).toISOString(),
    durationMs: client.clock.now() - started,
    results: secrets.redactDeep(results),
    cleanupFailures: secrets.redactDeep(cleanupFailures),
  });
}
