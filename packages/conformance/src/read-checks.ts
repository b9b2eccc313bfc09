/**
 * The read step of a run: list calls first, every answer adding objects, calls waiting for an
 * object retried; each read checked against the contract (and another object tried while one is
 * refused), then the call's not-found and bad-input answers; discovery fans out over a few more
 * objects where an answer classifies them.
 */
import { pathParamNames, type Call } from './calls.js';
import { checkErrorAnswer, describeBody } from './classify.js';
import { compareWithSchema } from './diff.js';
import type { Answer } from './http.js';
import { harvest } from './objects.js';
import { BAD_CANDIDATES, BAD_PATH_CANDIDATES, FAN_OUT, FAN_OUT_MAX, MISSING_CANDIDATES, PROBE_ID, READ_ATTEMPTS, fits } from './probes.js';
import type { Difference } from './report.js';

/** Requests per second unless told otherwise: modest enough for a production core. */
export const DEFAULT_RPS = 5;
import { CODES_403, CODES_404, isDocumentedRefusal, type Input, type RunContext } from './run-context.js';

/** The reads of the chosen calls (and the discovery reads other calls need). */
export async function checkReads(ctx: RunContext): Promise<void> {
  const { log, add, sel, pool, resolve, request, result, skipped, undocumented, checkNoSessionAll, allowed, roles } = ctx;
  const { reported, gets } = sel;
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
}
