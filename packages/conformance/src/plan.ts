/**
 * The dry run: every request a run with the same options would send (method, path, with or without
 * the credentials, why), from the catalogue alone, sending nothing. Paths name the objects the run
 * would find as `{param}`; the API prefix is the default one (a run reads the real one from
 * /runtime-config.json first). Requests sent once per object tried are listed once.
 */
import { MOCK_AUTH, REALTIME } from '@fleet/contracts';
import { pathParamNames, routeOf } from './calls.js';
import { FAN_OUT, FAN_OUT_MAX, READ_ATTEMPTS, probeIsHarmless, readOfSamePath, selectCalls } from './probes.js';
import { DEFAULT_RPS } from './run.js';
import { TRIPLE_STEPS } from './writes.js';

export interface PlannedRequest {
  method: string;
  path: string;
  session: boolean;
  why: string;
}

export interface PlanOptions {
  user?: string;
  cookie?: string;
  headers?: readonly (readonly [string, string])[];
  probeWrites?: boolean;
  write?: boolean;
  only?: string;
  wsSeconds?: number;
  apiBase?: string;
}

export function planRun(opts: PlanOptions): PlannedRequest[] {
  const api = (opts.apiBase ?? '/api').replace(/\/$/, '');
  const sel = selectCalls(opts.only);
  const byId = new Map(sel.all.map((c) => [c.id, c]));
  const out: PlannedRequest[] = [];
  const plan = (method: string, path: string, session: boolean, why: string): void => {
    if (!out.some((p) => p.method === method && p.path === path && p.session === session && p.why === why)) out.push({ method, path, session, why });
  };
  const write = Boolean(opts.write);
  const probeWrites = write || Boolean(opts.probeWrites);

  plan('GET', '/runtime-config.json', false, 'where the API, /ws and the sign-in are');
  if (opts.user) plan('POST', MOCK_AUTH.loginPath, false, `sign in as ${opts.user} (at the runtime configuration's loginUrl)`);
  plan('GET', `${api}/users/current`, true, 'who the session is (its roles decide which calls answer 403)');

  for (const call of sel.gets) {
    const path = `${api}${call.def.path}`;
    const reported = sel.reported.has(call.id);
    if (reported) plan('GET', path, false, 'no session: 401 expected (a missing route answers 404)');
    plan(
      'GET',
      path,
      true,
      reported
        ? `read: the answer against the contract (on up to ${READ_ATTEMPTS} objects found; the role check, 403, when the user's roles are not among the call's)`
        : 'discovery: objects for the parameters of other calls',
    );
    if (FAN_OUT.has(call.id)) plan('GET', path, true, `discovery: up to ${FAN_OUT_MAX} more objects of this kind`);
    if (!reported) continue;
    if (pathParamNames(call.def.path).length) plan('GET', path, true, 'not found: 404 expected for an id no object has');
    if (call.def.params || (call.def.query && Object.keys(call.def.query.shape).length))
      plan('GET', path, true, 'bad input: 400 expected for a malformed parameter');
  }

  if (probeWrites) {
    for (const call of sel.writes) {
      const path = `${api}${call.def.path}`;
      plan(call.def.method, path, false, `no session: 401 expected (made-up ids${call.def.body ? ', a body the contract refuses' : ''})`);
      if (probeIsHarmless(call.def))
        plan(
          call.def.method,
          path,
          true,
          `role: 403 expected when the user's roles are not among the call's (${call.def.roles.join(', ')}); made-up ids${call.def.body ? ', a body the contract refuses' : ''}`,
        );
    }
  }
  if (write) {
    const negativeOnOwn = new Set<string>();
    for (const t of TRIPLE_STEPS) {
      const step = (id: string | undefined, why: string): void => {
        const call = id ? byId.get(id) : undefined;
        if (call && [t.create, t.read, t.update, t.remove].some((c) => c !== undefined && sel.reported.has(c)))
          plan(call.def.method, `${api}${call.def.path}`, true, why);
      };
      step(t.create, `write: make the run's own ${t.name} (named conformance-…)`);
      step(t.read, `read the run's own ${t.name}`);
      step(t.update, `write: change the run's own ${t.name}`);
      if (t.update && byId.get(t.update)?.def.body) {
        negativeOnOwn.add(t.update);
        step(t.update, `negative bodies: up to 3 the contract refuses, on the run's own ${t.name}, 400 expected`);
        step(t.read, `negative bodies: read the run's own ${t.name} before and after`);
      }
      step(t.remove, `write: remove the run's own ${t.name}`);
    }
    for (const call of sel.writes) {
      if (!call.def.body || negativeOnOwn.has(call.id)) continue;
      const byIdCall = pathParamNames(call.def.path).length > 0;
      plan(call.def.method, `${api}${call.def.path}`, true, `negative bodies: up to 3 the contract refuses, 400 expected${byIdCall ? ' (made-up ids)' : ''}`);
      const read = readOfSamePath(sel.all, call.def);
      if (read) plan('GET', `${api}${read.def.path}`, true, `negative bodies: read back before and after (${routeOf(call.def)})`);
    }
  }

  if (sel.realtime) {
    plan('WS', REALTIME.path, false, 'no session: the upgrade must be refused with 401');
    plan('WS', REALTIME.path, true, 'the /ws protocol: hello, subscriptions, events, heartbeat');
    if ((opts.wsSeconds ?? 5) > 0) plan('WS', REALTIME.path, true, 'resume: reconnect after a dropped connection');
  }
  if (opts.user) plan('POST', MOCK_AUTH.logoutPath, true, "sign out: end the session the run signed in with (at the runtime configuration's logoutUrl)");
  return out;
}

/** Whether a request as sent (its path) is one a plan lists: same method, credentials and path template. */
export function planCovers(plan: readonly PlannedRequest[], sent: { method: string; path: string; session: boolean }): boolean {
  return plan.some((p) => {
    if (p.method !== sent.method || p.session !== sent.session) return false;
    const pattern = p.path
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+');
    return new RegExp(`^${pattern}$`).test(sent.path);
  });
}

/** The dry run's listing: one line per request, the credentials shown by name only. */
export function formatPlan(plan: readonly PlannedRequest[], opts: PlanOptions & { core: string; rps?: number }): string {
  const rps = opts.rps ?? DEFAULT_RPS;
  const who = opts.user
    ? `signing in as ${opts.user}`
    : [
        opts.cookie ? 'the session cookie given' : '',
        opts.headers?.length ? `the header${opts.headers.length > 1 ? 's' : ''} ${opts.headers.map(([n]) => `${n}: ***`).join(', ')}` : '',
      ]
        .filter(Boolean)
        .join(' and ');
  const width = Math.min(70, Math.max(...plan.map((p) => p.path.length)));
  const lines = [
    `Dry run: nothing is sent. A run against ${opts.core} with ${who} would send these requests, ${rps ? `at most ${rps} per second` : 'with no rate limit'}:`,
    `(paths assume the API under ${opts.apiBase ?? '/api'}; a run reads it from /runtime-config.json first. {param} is an object the run finds through the list calls, or a made-up id where the line says so.)`,
    '',
    ...plan.map((p) => `${p.method.padEnd(6)} ${p.path.padEnd(width)}  ${p.session ? 'credentials   ' : 'no credentials'}  ${p.why}`),
    '',
    `${plan.length} requests listed; one line stands for each object a call is tried on.${opts.probeWrites || opts.write ? '' : ' Write calls: not sent (--probe-writes, --write).'}`,
  ];
  return lines.join('\n');
}
