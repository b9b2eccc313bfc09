/**
 * One conformance run against a core: authenticate, discover objects, check every catalogue call
 * (reads with the credentials; every GET without them; error answers), and /ws. What else is sent
 * is the caller's choice: by default nothing but GETs, the sign-in and its sign-out; with
 * `probeWrites` the write calls without a session and, for calls outside the user's roles, with it
 * (made-up ids and a body the contract refuses, so nothing changes even where a guard is missing);
 * with `write` also the write triples on the run's own objects and the negative bodies.
 */
import { CoreClient } from './http.js';
import { DEFAULT_RPS, type ConformanceOptions } from './options.js';
import { checkRealtime } from './realtime.js';
import { checkReads } from './read-checks.js';
import { openRun } from './run-context.js';
import { checkWrites } from './write-checks.js';
import { finishReport, type Report } from './report.js';
import { Secrets, withoutUserInfo } from './secrets.js';

export { DEFAULT_RPS, type ConformanceOptions };

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

/** The run's steps: sign in, the reads, the writes, /ws, the report. */
async function run(opts: ConformanceOptions, client: CoreClient, secrets: Secrets): Promise<Report> {
  const started = client.clock.now();
  const ctx = await openRun(opts, client, secrets, started);
  await checkReads(ctx);
  await checkWrites(ctx);
  // ── /ws ──
  if (ctx.sel.realtime) {
    ctx.log('realtime checks');
    for (const r of await checkRealtime(client, ctx.pool, { seconds: opts.wsSeconds ?? 5 })) ctx.add(r);
  }

  return finishReport({
    core: withoutUserInfo(opts.core),
    user: ctx.username,
    role: ctx.roles[0] ?? null,
    write: ctx.write,
    probeWrites: ctx.probeWrites,
    strict: Boolean(opts.strict),
    startedAt: new Date(started).toISOString(),
    durationMs: client.clock.now() - started,
    results: secrets.redactDeep(ctx.results),
    cleanupFailures: secrets.redactDeep(ctx.cleanupFailures),
  });
}
