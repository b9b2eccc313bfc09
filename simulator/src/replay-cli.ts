/**
 * Record and replay from the command line:
 *
 *   replay record --core URL [--prefix /api] (--user U --password P | --cookie C) --out FILE [--duration S] [--name N]
 *   replay replay FILE [--core URL] [--user U] [--password P] [--speed N] [--paused] [--no-reset] [--follow]
 *   replay list [--core URL] [--user U] [--password P]
 *   replay download ID --out FILE [--core URL] [--user U] [--password P]
 *   replay digest FILE
 *   replay proxy --core URL [--listen HOST:PORT] [--out FILE] [--name N] [--prefix /api] [--duration S]
 *   replay import FILE [--core URL] [--user U] [--password P] [--speed N] [--paused] [--follow]
 *   replay compare A B
 *
 * `record` works against any core, real or mock (events only, from /ws, until --duration or
 * Ctrl-C); so does `proxy` (replay/proxy.ts: clients talk to it as to the core, every REST exchange
 * and /ws event is passed on unchanged and recorded, secrets left out). `import` uploads a recording
 * to the mock, builds the mock's fleet from what it saw and replays its events. The others need the
 * mock's control plane (the core's MOCK_ENDPOINTS on) and an operator (super_user or staff).
 * `digest` prints the SHA-256 of a recording's event log as replays are compared (eventLogDigest):
 * two runs with equal digests published the same events; `compare` names the first difference of
 * two recordings' event logs under the same normalisation (exit 1 when they differ). The password
 * defaults to SIM_PASSWORD, else the demo password. Exit codes: 0 done, 1 failed (or differ), 2 usage.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  FleetImportResult,
  RecordingName,
  RecordingSummary,
  ReplayStatusReply,
  systemClock,
  type FleetImportInput,
  type RecordedEvent,
  type ReplayStartInput,
  type ReplayStatus,
} from '@fleet/contracts';
import { compareEventLogs, eventLogDigest, parseRecording } from '@fleet/contracts/recording-file';
import { CoreClient } from './scenarios/client.js';
import { startProxy } from './replay/proxy.js';
import { recordCore } from './replay/recorder.js';

const USAGE = `usage:
  replay record --core URL [--prefix /api] (--user U --password P | --cookie C) --out FILE [--duration S] [--name N]
  replay replay FILE [--core URL] [--user U] [--password P] [--speed N] [--paused] [--no-reset] [--follow]
  replay list [--core URL] [--user U] [--password P]
  replay download ID --out FILE [--core URL] [--user U] [--password P]
  replay digest FILE
  replay proxy --core URL [--listen HOST:PORT] [--out FILE] [--name N] [--prefix /api] [--duration S]
  replay import FILE [--core URL] [--user U] [--password P] [--speed N] [--paused] [--follow]
  replay compare A B`;

/** A mistake in the command line: the usage is printed and the exit code is 2. */
class UsageError extends Error {}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        core: { type: 'string' },
        prefix: { type: 'string' },
        user: { type: 'string' },
        password: { type: 'string' },
        cookie: { type: 'string' },
        out: { type: 'string' },
        duration: { type: 'string' },
        name: { type: 'string' },
        speed: { type: 'string' },
        paused: { type: 'boolean', default: false },
        'no-reset': { type: 'boolean', default: false },
        follow: { type: 'boolean', default: false },
        listen: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}
type Args = ReturnType<typeof parse>;

/**
 * A path given on the command line, from where the user typed it: `pnpm replay` runs the CLI in
 * simulator/ and names the directory it was started from in INIT_CWD.
 */
function pathArg(p: string): string {
  const from = process.env.npm_lifecycle_event === 'replay' && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();
  return resolve(from, p);
}

function positiveNumber(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} must be a positive number (got ${value})`);
  return n;
}

function one(args: Args, what: string): string {
  const [, value, extra] = args.positionals;
  if (value === undefined) throw new UsageError(`${args.positionals[0]} needs ${what}`);
  if (extra !== undefined) throw new UsageError(`unexpected argument ${extra}`);
  return value;
}

/** A recording's name from the file it is written to (names are lower-case letters, digits and dashes). */
function nameFrom(file: string): string {
  const stem = basename(file)
    .replace(/\.ndjson(\.gz)?$|\.gz$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return (stem || 'recording').slice(0, 80);
}

/** Signed in to the mock's control plane (demo log-in) as an operator. */
async function controlPlane(args: Args): Promise<{ client: CoreClient; cookie: string; base: string }> {
  const base = (args.values.core ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
  const client = new CoreClient({ baseUrl: base, ...(args.values.prefix ? { prefix: args.values.prefix } : {}) });
  if (args.values.cookie) return { client, cookie: args.values.cookie, base };
  const cookie = await client.login(args.values.user ?? 'super_user', args.values.password ?? process.env.SIM_PASSWORD ?? 'Demo-pass-1');
  return { client, cookie, base };
}

/** The core's error envelope's message, or the text. */
async function failureOf(res: Response): Promise<string> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { error?: { message?: string } };
    return `HTTP ${res.status}: ${body.error?.message ?? text}`;
  } catch {
    return `HTTP ${res.status}: ${text.slice(0, 300)}`;
  }
}

function describeStatus(r: ReplayStatus): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return `${r.state.padEnd(8)} ${r.applied}/${r.total} entries  ${s(r.elapsedMs)} of ${s(r.durationMs)}  clock ${r.clock.kind}${r.clock.kind === 'accelerated' ? ` ×${r.clock.factor}` : ''}  REST writes ok ${r.requests.ok} failed ${r.requests.failed}${r.notReplayable ? `  not replayable ${r.notReplayable}` : ''}`;
}

async function record(args: Args): Promise<number> {
  const { core, out, user, password, cookie } = args.values;
  if (args.positionals.length > 1) throw new UsageError(`unexpected argument ${args.positionals[1]}`);
  if (!core) throw new UsageError('record needs --core URL');
  if (!out) throw new UsageError('record needs --out FILE');
  if (!cookie && (user === undefined || password === undefined)) throw new UsageError('record needs --user and --password, or --cookie');
  const durationS = positiveNumber(args.values.duration, '--duration');
  const name = args.values.name ?? nameFrom(out);
  if (!RecordingName.safeParse(name).success) throw new UsageError(`--name ${name}: lower-case letters, digits and dashes, at most 80`);
  const abort = new AbortController();
  process.once('SIGINT', () => {
    console.error('\nstopping: closing the recording');
    abort.abort();
  });
  const r = await recordCore({
    core,
    out: pathArg(out),
    name,
    signal: abort.signal,
    ...(args.values.prefix ? { prefix: args.values.prefix } : {}),
    ...(cookie ? { cookie } : { user: user!, password: password! }),
    ...(durationS === undefined ? {} : { durationS }),
    log: (line) => console.error(line),
  });
  console.log(
    `${out}: ${r.events} events in ${(r.durationMs / 1000).toFixed(1)} s from ${r.topics.length} topic(s), fleet of ${r.units} units and ${r.servers} servers`,
  );
  if (r.reconnects || r.gaps || r.unknown)
    console.log(`  ${r.reconnects} reconnect(s), ${r.gaps} gap(s) the core could not fill, ${r.unknown} event(s) of unknown types left out`);
  return 0;
}

/** Upload a recording file to the mock (/mock/recordings); its summary. */
async function upload(file: string, base: string, cookie: string): Promise<RecordingSummary> {
  const bytes = readFileSync(pathArg(file));
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const res = await fetch(`${base}/mock/recordings`, {
    method: 'POST',
    headers: { cookie, 'content-type': gzip ? 'application/gzip' : 'application/x-ndjson' },
    body: bytes,
  });
  if (res.status !== 201) throw new Error(`upload of ${file} refused: ${await failureOf(res)}`);
  const summary = RecordingSummary.parse(await res.json());
  console.log(
    `uploaded ${file} as ${summary.id} (${summary.name}, ${summary.source}: ${summary.counts.device} device reports, ${summary.counts.request} REST writes, ${summary.counts.event} events` +
      `${summary.counts.answer ? `, ${summary.counts.answer} REST answers` : ''})`,
  );
  return summary;
}

/** Follow a replay to its end (one status line a second); the exit code. */
async function follow(client: CoreClient, cookie: string, started: ReplayStatus): Promise<number> {
  let status = started;
  while (status.state === 'running' || status.state === 'paused') {
    await new Promise((r) => setTimeout(r, 1000));
    const reply = ReplayStatusReply.parse(await client.query(cookie, 'replay.status'));
    if (!reply.replay || reply.replay.replayId !== status.replayId) {
      console.log('the replay is gone (another replay or a restart of the core)');
      return 1;
    }
    status = reply.replay;
    console.log(describeStatus(status));
  }
  for (const e of status.errors) console.log(`  ${e}`);
  if (status.state !== 'finished') return 1;
  if (status.requests.failed > 0) {
    console.log(`${status.requests.failed} REST write(s) were answered otherwise than recorded`);
    return 1;
  }
  return 0;
}

async function replay(args: Args): Promise<number> {
  const file = one(args, 'a recording FILE');
  const speed = positiveNumber(args.values.speed, '--speed');
  const { client, cookie, base } = await controlPlane(args);
  const summary = await upload(file, base, cookie);
  const input: ReplayStartInput = {
    recordingId: summary.id,
    paused: args.values.paused,
    reset: !args.values['no-reset'],
    ...(speed === undefined ? {} : { speed }),
  };
  const status = (await client.mutate(cookie, 'replay.start', input)) as ReplayStatus;
  console.log(`replay ${status.replayId}: ${describeStatus(status)}`);
  return args.values.follow ? follow(client, cookie, status) : 0;
}

/** Upload a recording, build the mock's fleet from what it saw, and replay its events. */
async function importFleet(args: Args): Promise<number> {
  const file = one(args, 'a recording FILE');
  const speed = positiveNumber(args.values.speed, '--speed');
  const { client, cookie, base } = await controlPlane(args);
  const summary = await upload(file, base, cookie);
  const input: FleetImportInput = { recordingId: summary.id, paused: args.values.paused, ...(speed === undefined ? {} : { speed }) };
  const result = FleetImportResult.parse(await client.mutate(cookie, 'recording.importFleet', input));
  const c = result.counts;
  console.log(
    `imported ${c.inventories} inventories, ${c.groups} groups, ${c.units} units, ${c.servers} servers, ${c.channels} channels, ${c.vrChannels} video return channels; ` +
      `live values of ${result.live} units`,
  );
  if (!result.replay) {
    console.log('no simulator shard is attached: nothing replays');
    return 0;
  }
  console.log(`replay ${result.replay.replayId}: ${describeStatus(result.replay)}`);
  return args.values.follow ? follow(client, cookie, result.replay) : 0;
}

async function list(args: Args): Promise<number> {
  if (args.positionals.length > 1) throw new UsageError(`unexpected argument ${args.positionals[1]}`);
  const { client, cookie } = await controlPlane(args);
  const recordings = RecordingSummary.array().parse(await client.query(cookie, 'recording.list'));
  if (recordings.length === 0) console.log('no recordings');
  for (const r of recordings) {
    console.log(
      `${r.id.padEnd(28)} ${r.name.padEnd(28)} ${r.source.padEnd(4)} ${new Date(r.startedAt).toISOString()} ${(r.durationMs / 1000).toFixed(1).padStart(8)} s  ` +
        `${r.counts.device} device, ${r.counts.request} REST, ${r.counts.event} events  ${r.bytes} bytes${r.active ? '  (recording)' : ''}`,
    );
  }
  return 0;
}

async function download(args: Args): Promise<number> {
  const id = one(args, 'a recording ID');
  const out = args.values.out;
  if (!out) throw new UsageError('download needs --out FILE');
  const { cookie, base } = await controlPlane(args);
  const res = await fetch(`${base}/mock/recordings/${encodeURIComponent(id)}`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`download of ${id} failed: ${await failureOf(res)}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  writeFileSync(pathArg(out), bytes);
  console.log(`${out}: ${bytes.length} bytes`);
  return 0;
}

function digest(args: Args): number {
  const file = one(args, 'a recording FILE');
  const recording = parseRecording(readFileSync(pathArg(file)));
  const events = recording.lines.filter((l): l is RecordedEvent => l.kind === 'event');
  console.log(`${eventLogDigest(events)}  ${file} (${events.length} events)`);
  return 0;
}

/** `--listen HOST:PORT` (default 127.0.0.1:8090; [::1]:PORT for IPv6). */
function listenArg(value: string | undefined): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d+)$/.exec(value ?? '127.0.0.1:8090');
  const port = Number(m?.[3]);
  if (!m || !Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--listen must be HOST:PORT (got ${value})`);
  return { host: m[1] ?? m[2]!, port };
}

async function proxy(args: Args): Promise<number> {
  if (args.positionals.length > 1) throw new UsageError(`unexpected argument ${args.positionals[1]}`);
  const { core } = args.values;
  if (!core) throw new UsageError('proxy needs --core URL');
  const { host, port } = listenArg(args.values.listen);
  const durationS = positiveNumber(args.values.duration, '--duration');
  const out = args.values.out ?? `proxy-${new Date(systemClock.now()).toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')}.ndjson.gz`;
  const name = args.values.name ?? nameFrom(out);
  if (!RecordingName.safeParse(name).success) throw new UsageError(`--name ${name}: lower-case letters, digits and dashes, at most 80`);
  const handle = await startProxy({
    core,
    host,
    port,
    out: pathArg(out),
    name,
    ...(args.values.prefix ? { prefix: args.values.prefix } : {}),
    log: (line) => console.error(line),
  });
  console.error(`clients: use ${handle.url} as the core; Ctrl-C stops and closes the recording`);
  await new Promise<void>((resolve) => {
    const timer = durationS === undefined ? null : setTimeout(resolve, durationS * 1000);
    process.once('SIGINT', () => {
      if (timer) clearTimeout(timer);
      console.error('\nstopping: closing the recording');
      resolve();
    });
  });
  const r = await handle.close();
  console.log(
    `${out}: ${r.answers} REST exchanges and ${r.events} events in ${(r.durationMs / 1000).toFixed(1)} s (${r.sockets} /ws connection(s), ${r.passed} request(s) passed on unrecorded)`,
  );
  if (r.unknown) console.log(`  ${r.unknown} event(s) of unknown types passed on, not recorded`);
  return 0;
}

function compare(args: Args): number {
  const [, a, b, extra] = args.positionals;
  if (a === undefined || b === undefined) throw new UsageError('compare needs two recording FILEs');
  if (extra !== undefined) throw new UsageError(`unexpected argument ${extra}`);
  const events = (file: string) => parseRecording(readFileSync(pathArg(file))).lines.filter((l): l is RecordedEvent => l.kind === 'event');
  const [ea, eb] = [events(a), events(b)];
  const difference = compareEventLogs(ea, eb, { names: [a, b] });
  if (difference === null) {
    console.log(`the same event logs: ${ea.length} and ${eb.length} events, digest ${eventLogDigest(ea)}`);
    return 0;
  }
  console.log(difference.words);
  console.log(`  ${eventLogDigest(ea)}  ${a} (${ea.length} events)\n  ${eventLogDigest(eb)}  ${b} (${eb.length} events)`);
  return 1;
}

async function main(argv: string[]): Promise<number> {
  const args = parse(argv);
  if (args.values.help) {
    console.log(USAGE);
    return 0;
  }
  switch (args.positionals[0]) {
    case 'record':
      return record(args);
    case 'replay':
      return replay(args);
    case 'list':
      return list(args);
    case 'download':
      return download(args);
    case 'digest':
      return digest(args);
    case 'proxy':
      return proxy(args);
    case 'import':
      return importFleet(args);
    case 'compare':
      return compare(args);
    case undefined:
      throw new UsageError('name a command');
    default:
      throw new UsageError(`unknown command ${args.positionals[0]}`);
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  if (e instanceof UsageError) {
    console.error(`error: ${e.message}\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error(`error: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  }
}
