/**
 * The `conformance` command (USAGE below). Prints the report (grouped by area; checks that conform
 * are counted, the others listed; --verbose lists every check), writes the HTML, JSON and JUnit
 * reports when asked (paths relative to the directory the command was run from: INIT_CWD under
 * pnpm, else the working directory), and exits 0 when nothing fails, 1 when something does, 2 on a
 * usage error or when the run could not start (no answer, could not authenticate).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatPlan, planRun } from './plan.js';
import { areas } from './probes.js';
import { formatHtml, formatJunit, formatText } from './report.js';
import { DEFAULT_RPS, runConformance, type ConformanceOptions } from './run.js';
import { Secrets, withoutUserInfo } from './secrets.js';

export const USAGE = `usage: conformance --core URL (--user NAME --password PASSWORD | --cookie NAME=VALUE | --header 'NAME: VALUE'...)
                   [--probe-writes | --write] [--strict] [--rps N] [--dry-run] [--ws-seconds N]
                   [--html FILE] [--json FILE] [--junit FILE] [--only AREA] [--verbose]

Checks a running core against the endpoint catalogue and the /ws protocol. By default it sends only
GETs, the sign-in and its sign-out: safe against a production core.

  --core URL          the core's origin (it serves /runtime-config.json, the API and /ws)
  --user, --password  sign in through the runtime configuration's loginUrl
  --cookie NAME=VALUE a session cookie to use instead (a core that signs in another way)
  --header 'N: V'     a header sent with every request that carries the credentials, e.g.
                      --header "Authorization: Bearer $TOKEN" (repeatable; never sent on the
                      checks without a session)
  --probe-writes      also send the write calls without a session (401 expected) and, for calls
                      outside the user's roles, with it (403 expected): made-up ids and a body the
                      contract refuses, so nothing changes even where a guard is missing
  --write             also create, change and remove objects of the run's own (never others'), and
                      send bodies the contract refuses (400 with the spec's messages expected, the
                      object read back unchanged); implies --probe-writes
  --strict            fields an answer holds that the contract does not know fail the run (by
                      default they are warnings)
  --rps N             at most N requests per second, /ws connects included (default ${DEFAULT_RPS}; 0: no limit)
  --dry-run           list every request the run would send (method, path, why) and send nothing
  --ws-seconds N      how long to listen for /ws events (default 5; 0 skips the events window, the
                      heartbeat and the resume)
  --html FILE         write a self-contained HTML report
  --json FILE         write the report as JSON
  --junit FILE        write the report as JUnit XML (one test case per check, for CI systems)
  --only AREA         only one area of the catalogue (e.g. group, story, unit-read) or realtime
  --verbose           list every check, not only those that do not conform

Exit code: 0 nothing fails, 1 something differs or is missing (or is undocumented, with --strict),
2 a usage error or the run could not start ("could not authenticate: ..." among others).`;

export interface CliArgs {
  options: ConformanceOptions;
  html?: string;
  json?: string;
  junit?: string;
  verbose: boolean;
  dryRun: boolean;
}

export class UsageError extends Error {}

/** `Name: value` → [name, value]. */
export function parseHeader(text: string): [string, string] {
  const colon = text.indexOf(':');
  const name = colon > 0 ? text.slice(0, colon).trim() : '';
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new UsageError(`--header takes 'Name: value' (got a header without a valid name)`);
  return [name, text.slice(colon + 1).trim()];
}

export function parseCliArgs(argv: readonly string[]): CliArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      core: { type: 'string' },
      user: { type: 'string' },
      password: { type: 'string' },
      cookie: { type: 'string' },
      header: { type: 'string', multiple: true },
      'probe-writes': { type: 'boolean', default: false },
      write: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      rps: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'ws-seconds': { type: 'string' },
      html: { type: 'string' },
      json: { type: 'string' },
      junit: { type: 'string' },
      only: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) throw new UsageError('');
  if (!values.core) throw new UsageError('--core is required');
  try {
    new URL(values.core);
  } catch {
    throw new UsageError(`--core ${values.core} is not a URL`);
  }
  const headers = (values.header ?? []).map(parseHeader);
  if (values.user && values.password === undefined) throw new UsageError('--user needs --password');
  if (!values.user && !values.cookie && !headers.length) throw new UsageError('give --user and --password, --cookie, or --header');
  let wsSeconds: number | undefined;
  if (values['ws-seconds'] !== undefined) {
    wsSeconds = Number(values['ws-seconds']);
    if (!Number.isFinite(wsSeconds) || wsSeconds < 0 || wsSeconds > 600) throw new UsageError('--ws-seconds takes a number of seconds from 0 to 600');
  }
  let rps: number | undefined;
  if (values.rps !== undefined) {
    rps = Number(values.rps);
    if (values.rps.trim() === '' || !Number.isFinite(rps) || rps < 0 || rps > 10_000)
      throw new UsageError('--rps takes a number of requests per second from 0 (no limit) to 10000');
  }
  if (values.only !== undefined && !areas().includes(values.only))
    throw new UsageError(`--only ${values.only} is not an area; the areas: ${areas().join(', ')}`);
  const options: ConformanceOptions = {
    core: values.core,
    write: values.write,
    ...(values['probe-writes'] ? { probeWrites: true } : {}),
    ...(values.strict ? { strict: true } : {}),
    ...(values.user ? { user: values.user } : {}),
    ...(values.password !== undefined ? { password: values.password } : {}),
    ...(values.cookie ? { cookie: values.cookie } : {}),
    ...(headers.length ? { headers } : {}),
    ...(rps !== undefined ? { rps } : {}),
    ...(wsSeconds !== undefined ? { wsSeconds } : {}),
    ...(values.only ? { only: values.only } : {}),
  };
  return {
    options,
    verbose: values.verbose,
    dryRun: values['dry-run'],
    ...(values.html ? { html: values.html } : {}),
    ...(values.json ? { json: values.json } : {}),
    ...(values.junit ? { junit: values.junit } : {}),
  };
}

/** Where a report path given on the command line goes: relative to the directory the command was run from (pnpm runs it in the package's directory and says where it was called in INIT_CWD). */
export function reportPath(file: string, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  return resolve(env.INIT_CWD || cwd, file);
}

/** Run the CLI; returns the exit code. */
export async function main(
  argv: readonly string[],
  out: (s: string) => void = (s) => process.stdout.write(`${s}\n`),
  err: (s: string) => void = (s) => process.stderr.write(`${s}\n`),
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (e) {
    err(`${e instanceof Error && e.message ? `${e.message}\n` : ''}${USAGE}`);
    return 2;
  }
  const o = args.options;
  // What the command line holds in secret, hidden from everything printed (the run hides the rest).
  const secrets = new Secrets();
  secrets.add(o.password, ...(o.cookie ? [o.cookie.slice(o.cookie.indexOf('=') + 1)] : []), ...(o.headers ?? []).map(([, v]) => v));
  const core = withoutUserInfo(o.core);
  if (args.dryRun) {
    out(formatPlan(planRun(o), { ...o, core }));
    return 0;
  }
  try {
    const report = await runConformance({ ...o, log: (l) => err(secrets.redact(l)) });
    out(secrets.redact(formatText(report, { verbose: args.verbose })));
    const written: [string, string, string][] = [];
    if (args.html) written.push(['HTML', reportPath(args.html, env), formatHtml(report)]);
    if (args.json) written.push(['JSON', reportPath(args.json, env), `${JSON.stringify(report, null, 2)}\n`]);
    if (args.junit) written.push(['JUnit', reportPath(args.junit, env), formatJunit(report)]);
    for (const [kind, path, text] of written) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, secrets.redact(text));
      err(`${kind} report: ${path}`);
    }
    return report.passed ? 0 : 1;
  } catch (e) {
    const cause = e instanceof Error && e.cause instanceof Error ? ` (${e.cause.message})` : '';
    err(secrets.redact(`conformance: ${core}: ${e instanceof Error ? e.message : String(e)}${cause}`));
    return 2;
  }
}

/** Exit once stdout and stderr have been written out (a pipe is written asynchronously: exiting at once would cut a long report short). */
export function exitAfterOutput(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

const entry = process.argv[1];
if (entry && resolve(entry) === fileURLToPath(import.meta.url)) {
  exitAfterOutput(await main(process.argv.slice(2)));
}
