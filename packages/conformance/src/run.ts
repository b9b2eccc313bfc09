/**
 * One conformance run against a core: sign in, discover objects, check every catalogue call (reads
 * with a session; every call without one; error answers), optionally the write triples, and /ws.
 */
import { ERROR_CATALOGUE, buildPath, type EndpointDef } from '@fleet/contracts';
import type { z } from 'zod';
import { catalogueCalls, pathParamNames, requiredQueryNames, routeOf, type Call } from './calls.js';
import { checkErrorAnswer, describeBody, routePresence } from './classify.js';
import { compareWithSchema } from './diff.js';
import { CoreClient, type Answer } from './http.js';
import { DEPENDENT_KINDS, KIND_NOUN, ObjectPool, harvest, kindOfPathParam, kindOfQueryParam, type Kind } from './objects.js';
import { finishReport, type CheckResult, type Difference, type Report } from './report.js';
import { checkRealtime } from './realtime.js';
import { runWriteChecks } from './writes.js';

export interface ConformanceOptions {
  core: string;
  user?: string;
  password?: string;
  /** A session cookie (`name=value`) used instead of signing in. */
  cookie?: string;
  write?: boolean;
  /** How long to listen for /ws events (seconds, default 5; 0 skips listening). */
  wsSeconds?: number;
  /** Only this area (a catalogue file's name, e.g. `groups`, or `realtime`). */
  only?: string;
  /** Per-request timeout (ms). */
  timeoutMs?: number;
  /** Progress lines (stderr in the CLI). */
  log?: (line: string) => void;
}

type CatalogueCode = keyof typeof ERROR_CATALOGUE;
const CODES_404 = (Object.keys(ERROR_CATALOGUE) as CatalogueCode[]).filter((c) => ERROR_CATALOGUE[c].status === 404);
const CODES_403 = (Object.keys(ERROR_CATALOGUE) as CatalogueCode[]).filter((c) => ERROR_CATALOGUE[c].status === 403);
/** A documented refusal for the object tried (not a contract breach): 402, 403, 404, 409, 422 with a catalogue code. */
const isDocumentedRefusal = (a: Answer): string | null => {
  if (![402, 403, 404, 409, 422].includes(a.status)) return null;
  const code = (a.body as { error?: { code?: unknown } } | undefined)?.error?.code;
  if (typeof code !== 'string' || !Object.hasOwn(ERROR_CATALOGUE, code)) return null;
  return checkErrorAnswer(a.status, a.body, ERROR_CATALOGUE[code as CatalogueCode].status).length === 0 ? code : null;
};

/** A value no object has, valid for the parameter's schema when one of the candidates is. */
const MISSING_CANDIDATES = ['conformance-no-such-object-0', '64', 'zz-conformance-absent', '00000000-0000-4000-8000-000000000000', '999999999', 'ffffffffffffffffffffffff'];
const BAD_CANDIDATES = ['not-a-number', '-1', 'not valid!', 'x'.repeat(5000)];
/** Path parameters stay under 100 characters: longer ones meet the HTTP layer's own limit (Fastify answers 414). */
const BAD_PATH_CANDIDATES = BAD_CANDIDATES.filter((v) => v.length <= 100);
const PROBE_ID = 'conformance-probe';
/** Calls made again for more objects of their kind during discovery (see fanOut), at most FAN_OUT_MAX more times each. */
const FAN_OUT = new Set(['getServer', 'getInventoryIngestServers', 'listInventoryStories', 'listInventoryAudioRooms', 'listGroupVrChannels', 'fetchChannelFiles', 'getUnitUpgradeTargets', 'getServerUpgradeTargets', 'listUnitUpgrades', 'listServerUpgrades']);
const FAN_OUT_MAX = 5;

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

/** Run `fn` over `items`, a few at a time (checks without a session are independent of each other). */
async function inBatches<T>(items: readonly T[], fn: (item: T) => Promise<void>, size = 8): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

const fits = (schema: z.ZodType | undefined, value: unknown): boolean => !schema || schema.safeParse(value).success;

export async function runConformance(opts: ConformanceOptions): Promise<Report> {
  const started = Date.now();
  const log = opts.log ?? (() => undefined);
  const client = new CoreClient(opts.core, opts.cookie, opts.timeoutMs);
  const results: CheckResult[] = [];
  const cleanupFailures: string[] = [];
  const add = (r: CheckResult): void => {
    results.push(r);
  };

  await client.loadRuntimeConfig();
  if (!opts.cookie) {
    if (!opts.user || opts.password === undefined) throw new Error('give --user and --password, or --cookie');
    await client.login(opts.user, opts.password);
  }
  // Who we are: the role decides which calls answer 403.
  const me = await client.call('GET', '/users/current');
  if (me.status !== 200) throw new Error(`GET /users/current with the session answered ${me.status} ${describeBody(me.body)}: the session is not accepted`);
  const meBody = me.body as { username?: unknown; roles?: unknown; userType?: unknown };
  const roles = Array.isArray(meBody.roles) ? meBody.roles.filter((r): r is string => typeof r === 'string') : [];
  if (typeof meBody.userType === 'string' && !roles.includes(meBody.userType)) roles.push(meBody.userType);
  const username = typeof meBody.username === 'string' ? meBody.username : (opts.user ?? 'session');
  const allowed = (def: EndpointDef): boolean => def.roles.some((r) => roles.includes(r));

  const all = catalogueCalls();
  const calls = opts.only && opts.only !== 'realtime' ? all.filter((c) => c.area === opts.only) : opts.only === 'realtime' ? [] : all;
  // Discovery needs the list calls whatever --only says: they run, but only the chosen area is reported.
  const pool = new ObjectPool();
  const gets = all.filter((c) => c.def.method === 'GET');
  const reported = new Set(calls.map((c) => c.id));

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
        const candidates = pool.get(slot.kind).filter((f) => Object.entries(f.context).every(([k, v]) => context[k as Kind] === undefined || context[k as Kind] === v || k === slot.kind));
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

  const request = (def: EndpointDef, input: Pick<Input, 'params' | 'query'>, session = true, body?: unknown): Promise<Answer> =>
    client.call(def.method, buildPath(def.path, input.params), { query: input.query, session, ...(body === undefined ? {} : { body }) });

  const result = (call: Call, check: string, differences: Difference[], note?: string): CheckResult => ({
    area: call.area, call: call.id, check, route: routeOf(call.def), outcome: differences.length ? 'differs' : 'conforms', differences, ...(note ? { note } : {}),
  });
  const skipped = (call: Call, check: string, note: string): CheckResult => ({ area: call.area, call: call.id, check, route: routeOf(call.def), outcome: 'not checked', differences: [], note });

  /** Without a session: 401 + envelope, and the route-presence rule. `present` is false when the route is missing. */
  const checkNoSession = async (call: Call): Promise<{ present: boolean; result: CheckResult | null }> => {
    const probe = { params: Object.fromEntries(pathParamNames(call.def.path).map((n) => [n, PROBE_ID])), query: {} };
    const body = call.def.method === 'GET' || call.def.method === 'DELETE' ? undefined : {};
    const a = await request(call.def, probe, false, body);
    const presence = routePresence(a.status);
    if (presence === 'missing') {
      const missing: CheckResult = { area: call.area, call: call.id, check: 'route', route: routeOf(call.def), outcome: 'missing', differences: [{ path: 'status without a session', expected: '401 (the route exists)', received: `${a.status} ${describeBody(a.body)}` }] };
      return { present: false, result: reported.has(call.id) ? missing : null };
    }
    return { present: true, result: reported.has(call.id) ? result(call, 'no session', checkErrorAnswer(a.status, a.body, 401, ['UNAUTHENTICATED'])) : null };
  };
  /** The checks without a session of many calls, a few at a time; results in catalogue order. */
  const checkNoSessionAll = async (list: readonly Call[]): Promise<Map<string, boolean>> => {
    const found = new Map<string, { present: boolean; result: CheckResult | null }>();
    await inBatches(list, async (call) => {
      found.set(call.id, await checkNoSession(call));
    });
    const present = new Map<string, boolean>();
    for (const call of list) {
      const f = found.get(call.id);
      if (f?.result) add(f.result);
      present.set(call.id, f?.present ?? false);
    }
    return present;
  };

  // ── reads: list calls first; every answer adds objects; calls waiting for objects are retried ──
  const pending = new Map<string, Call>(gets.map((c) => [c.id, c]));
  const present = await checkNoSessionAll(gets);
  let progress = true;
  const waiting = new Map<string, string>();
  while (progress) {
    progress = false;
    for (const call of [...pending.values()]) {
      if (!present.get(call.id)) {
        pending.delete(call.id);
        continue;
      }
      if (!allowed(call.def)) {
        pending.delete(call.id);
        if (!reported.has(call.id)) continue;
        // A role outside the call's roles: 403 with the envelope, before input and object checks.
        const probe = { params: Object.fromEntries(pathParamNames(call.def.path).map((n) => [n, PROBE_ID])), query: {} };
        const a = await request(call.def, probe);
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
    let input: Input = first;
    let answer: Answer | null = null;
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt > 0) {
        const next = resolve(call, attempt);
        if ('missing' in next) break;
        input = next;
      }
      const a = await request(call.def, input);
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
      if (answer.status !== expected) diffs.push({ path: 'status', expected: String(expected), received: `${answer.status} ${describeBody(answer.body)}` });
      else if (!answer.json) diffs.push({ path: '$', expected: 'a JSON body', received: describeBody(answer.body) });
      else {
        diffs.push(...compareWithSchema(call.def.response, answer.body));
        pool.addAll(harvest(call.id, answer.body, input.context));
        await fanOut(call);
      }
      const used = Object.entries(input.params).concat(Object.entries(input.query)).map(([k, v]) => `${k}=${v}`).join(', ');
      if (reported.has(call.id)) add(result(call, 'read', diffs, used || undefined));
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
      const a = await request(call.def, next);
      if (a.status === (call.def.successStatus ?? 200) && a.json && call.def.response.safeParse(a.body).success) pool.addAll(harvest(call.id, a.body, next.context));
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
    const a = await request(call.def, { params: { ...params, [last]: value }, query });
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
    const a = await request(call.def, pick.where === 'query' ? { params, query: { ...query, [pick.name]: pick.value } } : { params: { ...params, [pick.name]: pick.value }, query });
    const shown = pick.value.length > 20 ? `${pick.value.slice(0, 12)}… (${pick.value.length} characters)` : JSON.stringify(pick.value);
    // The message is the spec's validation text for the field (many texts), so only the code is compared.
    const diffs = checkErrorAnswer(a.status, a.body, 400, ['VALIDATION_FAILED']).filter((d) => d.path !== '$.error.message');
    add(result(call, 'bad input', diffs, `${pick.where} ${pick.name}=${shown}`));
  }

  // ── writes: without --write only without a session (cannot change anything) ──
  const writes = all.filter((c) => c.def.method !== 'GET');
  const writePresent = await checkNoSessionAll(writes);
  for (const call of writes) {
    if (writePresent.get(call.id) && !opts.write && reported.has(call.id)) add(skipped(call, 'write', 'write calls run only with --write'));
  }
  if (opts.write) {
    log('write checks');
    const w = await runWriteChecks({ client, pool, allowed, calls: all, reported });
    for (const r of w.results) {
      // A read checked on the run's own object replaces its "not checked" line.
      if (r.check === 'read' && r.outcome === 'conforms') {
        const i = results.findIndex((x) => x.call === r.call && x.check === 'read' && x.outcome === 'not checked');
        if (i >= 0) results.splice(i, 1);
      }
      add(r);
    }
    cleanupFailures.push(...w.cleanupFailures);
    // A write call with no triple to run is listed as not checked.
    for (const call of writes) {
      if (!reported.has(call.id) || results.some((r) => r.call === call.id && r.check === 'write')) continue;
      if (!allowed(call.def)) add(skipped(call, 'write', `role ${roles.join(', ')} is not among the call's roles (not sent: a refusal is checked for reads only)`));
      else add(skipped(call, 'write', 'no create/remove triple of the run covers it'));
    }
  }

  // ── /ws ──
  if (!opts.only || opts.only === 'realtime') {
    log('realtime checks');
    for (const r of await checkRealtime(client, pool, { seconds: opts.wsSeconds ?? 5 })) add(r);
  }

  if (!opts.cookie) await client.logout();
  return finishReport({
    core: opts.core,
    user: username,
    role: roles[0] ?? null,
    write: Boolean(opts.write),
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    results,
    cleanupFailures,
  });
}
