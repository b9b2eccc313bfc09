/**
 * `conformance --core URL (--user U --password P | --cookie C) [--write] [--ws-seconds N]
 *  [--html FILE] [--json FILE] [--only AREA] [--verbose]`
 *
 * Prints the report (grouped by area; calls that conform are counted, the others listed; --verbose
 * lists every check), writes the HTML and JSON reports when asked, and exits 0 only when nothing
 * differs and nothing is missing (1 otherwise, 2 on a usage error or when the run could not start).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatHtml, formatText } from './report.js';
import { runConformance, type ConformanceOptions } from './run.js';

export const USAGE = `usage: conformance --core URL (--user NAME --password PASSWORD | --cookie NAME=VALUE)
                   [--write] [--ws-seconds N] [--html FILE] [--json FILE] [--only AREA] [--verbose]

  --core URL        the core's origin (it serves /runtime-config.json, the API and /ws)
  --user, --password  sign in through the runtime configuration's loginUrl
  --cookie          a session cookie to use instead (a core that signs in another way)
  --write           also create, change and remove objects of the run's own (never others')
  --ws-seconds N    how long to listen for /ws events (default 5)
  --html FILE       write a self-contained HTML report
  --json FILE       write the report as JSON
  --only AREA       only one area of the catalogue (e.g. groups, stories) or realtime
  --verbose         list every check, not only those that do not conform`;

export interface CliArgs {
  options: ConformanceOptions;
  html?: string;
  json?: string;
  verbose: boolean;
}

export function parseCliArgs(argv: readonly string[]): CliArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      core: { type: 'string' },
      user: { type: 'string' },
      password: { type: 'string' },
      cookie: { type: 'string' },
      write: { type: 'boolean', default: false },
      'ws-seconds': { type: 'string' },
      html: { type: 'string' },
      json: { type: 'string' },
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
  if (!values.cookie && (!values.user || values.password === undefined)) throw new UsageError('give --user and --password, or --cookie');
  let wsSeconds: number | undefined;
  if (values['ws-seconds'] !== undefined) {
    wsSeconds = Number(values['ws-seconds']);
    if (!Number.isFinite(wsSeconds) || wsSeconds < 0 || wsSeconds > 600) throw new UsageError('--ws-seconds takes a number of seconds from 0 to 600');
  }
  const options: ConformanceOptions = {
    core: values.core,
    write: values.write,
    ...(values.user ? { user: values.user } : {}),
    ...(values.password !== undefined ? { password: values.password } : {}),
    ...(values.cookie ? { cookie: values.cookie } : {}),
    ...(wsSeconds !== undefined ? { wsSeconds } : {}),
    ...(values.only ? { only: values.only } : {}),
  };
  return { options, verbose: values.verbose, ...(values.html ? { html: values.html } : {}), ...(values.json ? { json: values.json } : {}) };
}

export class UsageError extends Error {}

/** Run the CLI; returns the exit code. */
export async function main(argv: readonly string[], out: (s: string) => void = (s) => process.stdout.write(`${s}\n`), err: (s: string) => void = (s) => process.stderr.write(`${s}\n`)): Promise<number> {
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (e) {
    err(`${e instanceof Error && e.message ? `${e.message}\n` : ''}${USAGE}`);
    return 2;
  }
  try {
    const report = await runConformance({ ...args.options, log: (l) => err(l) });
    out(formatText(report, { verbose: args.verbose }));
    if (args.html) writeFileSync(args.html, formatHtml(report));
    if (args.json) writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);
    return report.passed ? 0 : 1;
  } catch (e) {
    const cause = e instanceof Error && e.cause instanceof Error ? ` (${e.cause.message})` : '';
    err(`conformance: ${args.options.core}: ${e instanceof Error ? e.message : String(e)}${cause}`);
    return 2;
  }
}

const entry = process.argv[1];
if (entry && resolve(entry) === fileURLToPath(import.meta.url)) {
  process.exit(await main(process.argv.slice(2)));
}
