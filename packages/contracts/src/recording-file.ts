/**
 * Reading and writing fleet recordings (recording.ts) as gzip NDJSON, the secrets a recording
 * never keeps, and the normalised event log two recordings are compared by (the digest, and the
 * first difference in words). Node only (zlib, crypto, fs): imported as
 * `@fleet/contracts/recording-file`, never by the console.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { gunzipSync, createGzip, gzipSync, type Gzip } from 'node:zlib';
import { READABLE_RECORDING_VERSIONS, RECORDING_FORMAT, RecordingHeader, RecordingLine, type Recording, type RecordedEvent } from './recording.js';
import { systemClock, type Clock } from './clock.js';

/** A recording file this reader cannot take: what is wrong and on which line (1-based). */
export class RecordingFileError extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
  ) {
    super(line === null ? message : `line ${line}: ${message}`);
    this.name = 'RecordingFileError';
  }
}

const GZIP_MAGIC = [0x1f, 0x8b] as const;

/** The most a recording may hold once unpacked (a replay keeps it in memory). */
export const MAX_RECORDING_BYTES = 512 * 1024 * 1024;

function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  return issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message;
}

/**
 * Parse a recording from its file's bytes (gzip or plain NDJSON): the header checked first (format
 * and version named when wrong), every line against {@link RecordingLine}, times never decreasing,
 * the `end` line last. Throws {@link RecordingFileError}.
 */
export function parseRecording(bytes: Uint8Array): Recording {
  let text: string;
  try {
    const raw = bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1] ? gunzipSync(bytes, { maxOutputLength: MAX_RECORDING_BYTES }) : Buffer.from(bytes);
    text = raw.toString('utf8');
  } catch (e) {
    throw new RecordingFileError(`not a readable gzip file (${e instanceof Error ? e.message : String(e)})`);
  }
  const rows = text.split('\n');
  if (rows.at(-1) === '') rows.pop();
  if (rows.length === 0) throw new RecordingFileError('empty file');
  const json = (row: string, n: number): unknown => {
    try {
      return JSON.parse(row);
    } catch {
      throw new RecordingFileError('not JSON', n);
    }
  };
  const head = json(rows[0]!, 1);
  if (typeof head !== 'object' || head === null || (head as { format?: unknown }).format !== RECORDING_FORMAT) {
    throw new RecordingFileError(`not a fleet recording (the first line must say "format": "${RECORDING_FORMAT}")`, 1);
  }
  const version = (head as { version?: unknown }).version;
  if (typeof version !== 'number' || !READABLE_RECORDING_VERSIONS.includes(version)) {
    throw new RecordingFileError(`version ${String(version)} is not supported (this reader takes ${READABLE_RECORDING_VERSIONS.join(' and ')})`, 1);
  }
  const header = RecordingHeader.safeParse(head);
  if (!header.success) throw new RecordingFileError(firstIssue(header.error), 1);
  const lines: RecordingLine[] = [];
  let last = 0;
  for (let i = 1; i < rows.length; i++) {
    const n = i + 1;
    if (lines.at(-1)?.kind === 'end') throw new RecordingFileError('a line after the end line', n);
    const parsed = RecordingLine.safeParse(json(rows[i]!, n));
    if (!parsed.success) throw new RecordingFileError(firstIssue(parsed.error), n);
    if (parsed.data.kind === 'answer' && header.data.version < 2) throw new RecordingFileError('an answer line in a version 1 recording', n);
    if (parsed.data.t < last) throw new RecordingFileError(`time ${parsed.data.t} before the previous line's ${last}`, n);
    last = parsed.data.t;
    lines.push(parsed.data);
  }
  if (lines.at(-1)?.kind !== 'end') throw new RecordingFileError('no end line (the recording was cut short)');
  return { header: header.data, lines };
}

/** A whole recording as the gzip bytes of its file. */
export function encodeRecording(recording: Recording): Buffer {
  const rows = [JSON.stringify(recording.header), ...recording.lines.map((l) => JSON.stringify(l))];
  return gzipSync(`${rows.join('\n')}\n`);
}

/** Lines held before they are handed to gzip together (at the latest at the end of the event-loop turn). */
const WRITE_BATCH_BYTES = 64 * 1024;

/**
 * Writes a recording to a file as it goes (the header at once, each line as it comes, the end line
 * at `close`), gzip-compressed on the way.
 *
 * Lines are handed to gzip in batches, once per turn of the event loop or every 64 KiB: each write
 * to a zlib stream is one job on the thread pool, and one per line (a fleet's telemetry, every /ws
 * event) compressed only ~17,000 lines/s on a laptop core, less than a large fleet reports, so the
 * backlog grew in memory; batched, compression keeps up with what `write` is given.
 */
export class RecordingWriter {
  private readonly gzip: Gzip;
  private readonly out: WriteStream;
  private last = 0;
  private closed = false;
  private pending: string[] = [];
  private pendingBytes = 0;
  private flushScheduled = false;
  /** Why the file could not be written (disk full, directory gone); lines are dropped from then on. */
  failure: Error | null = null;
  readonly counts = { device: 0, request: 0, event: 0, answer: 0 };
  private readonly finished: Promise<void>;

  /** `clock`: what `write`, `elapsed` and `close` read when given no time (the clock `header.startedAt` came from). */
  constructor(
    readonly path: string,
    readonly header: RecordingHeader,
    private readonly clock: Clock = systemClock,
  ) {
    this.gzip = createGzip();
    this.out = createWriteStream(path);
    this.finished = new Promise((resolve, reject) => {
      this.out.on('finish', () => resolve());
      this.out.on('error', reject);
      this.gzip.on('error', reject);
    });
    // A failure before `close` (disk full, directory gone) is reported by `close` and `failure`,
    // never as an unhandled rejection that would end the process; later lines are not held in memory.
    this.finished.catch((e: unknown) => {
      this.failure = e instanceof Error ? e : new Error(String(e));
    });
    this.gzip.pipe(this.out);
    this.gzip.write(`${JSON.stringify(header)}\n`);
  }

  /** ms since the header's start, never below the previous line's. */
  private timeOf(now: number): number {
    this.last = Math.max(this.last, Math.max(0, Math.round(now - this.header.startedAt)));
    return this.last;
  }

  /** Append one line (its `t` is set from `now`, ms since the epoch by the writer's clock). Ignored once closed. */
  write(line: DistributiveOmit<Exclude<RecordingLine, { kind: 'end' }>, 't'>, now: number = this.clock.now()): void {
    if (this.closed || this.failure !== null) return;
    this.counts[line.kind]++;
    const text = `${JSON.stringify({ ...line, t: this.timeOf(now) })}\n`;
    this.pending.push(text);
    this.pendingBytes += text.length;
    if (this.pendingBytes >= WRITE_BATCH_BYTES) this.flush();
    else if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Hand the lines held so far to gzip, as one write. */
  private flush(): void {
    this.flushScheduled = false;
    if (this.pending.length === 0 || this.failure !== null) return;
    const text = this.pending.join('');
    this.pending = [];
    this.pendingBytes = 0;
    this.gzip.write(text);
  }

  /** ms recorded so far. */
  elapsed(now: number = this.clock.now()): number {
    return Math.max(this.last, now - this.header.startedAt);
  }

  /** Write the end line and finish the file. */
  async close(now: number = this.clock.now()): Promise<{ durationMs: number }> {
    if (!this.closed) {
      this.closed = true;
      const end = { kind: 'end', t: this.timeOf(now) };
      this.flush();
      this.gzip.end(`${JSON.stringify(end)}\n`);
    }
    await this.finished;
    return { durationMs: this.last };
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

// ── Secrets ──────────────────────────────────────────────────────────────────────────────────────

/** What a secret reads in a recording. */
export const REDACTED = '[redacted]';

/**
 * Names whose values are secrets: passwords and passphrases (and their confirmations), secrets,
 * tokens, credentials, keys (an API, stream, share, reset or private key; not a search key),
 * cookies, Authorization and session ids.
 */
const SECRET_NAME =
  /^(?:.*pass(?:word|wd|phrase)(?:confirmation)?|.*secret|.*token|.*credentials?|authorization|(?:set-)?cookie|session(?:id)?|(?:api|stream|share|reset|private|access|secret|permanent|session|encryption|join)?[-_]?key)$/i;

/** Whether a field or query parameter of this name holds a secret. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/**
 * A JSON value with every secret left out: a string under a secret's name reads {@link REDACTED}
 * (objects and arrays under it are walked like the rest; other values, a `hasPassword: true`, stay).
 * Returns a copy.
 */
export function redactSecrets<T>(value: T): T {
  const walk = (v: unknown, key: string | null): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x, key));
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    if (key !== null && typeof v === 'string' && isSecretName(key)) return REDACTED;
    return v;
  };
  return walk(value, null) as T;
}

/** A path with its query, the values of secret parameters (`?token=…`) reading {@link REDACTED}. */
export function redactQuery(path: string): string {
  const q = path.indexOf('?');
  if (q < 0) return path;
  const params = new URLSearchParams(path.slice(q + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (!isSecretName(name)) continue;
    params.set(name, REDACTED);
    changed = true;
  }
  return changed ? `${path.slice(0, q)}?${params.toString()}` : path;
}

// ── Comparing event logs ─────────────────────────────────────────────────────────────────────────

/** Keys whose values are times (when, not what): left out of a normalised event. */
const TIME_KEYS = new Set([
  'at',
  't',
  'raisedAt',
  'createdAt',
  'updatedAt',
  'lastModified',
  'lastUpdated',
  'modifiedAt',
  'startedAt',
  'endedAt',
  'finishedAt',
  'lastSeen',
  'lastSeenAt',
  'expiresAt',
  'sentAt',
  'usedAt',
  'revokedAt',
  'publishedAt',
]);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** Keys whose values the core makes up (ids of new rows): numbered by first appearance instead. */
const MINTED_KEYS = new Set(['id', 'alertId', 'jobId', 'batchId', 'commandId', 'remoteActionId', 'fileId']);

/**
 * One event without what a second run cannot repeat: times (the keys above and any ISO timestamp
 * string) are dropped, ids the core mints are replaced by their order of first appearance
 * (`#1`, `#2`, … through `ids`), keys sorted.
 */
function normalise(value: unknown, ids: Map<string, string>, key: string | null): unknown {
  if (Array.isArray(value)) return value.map((v) => normalise(v, ids, null));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) {
      if (TIME_KEYS.has(k)) continue;
      out[k] = normalise((value as Record<string, unknown>)[k], ids, k);
    }
    return out;
  }
  if (typeof value === 'string') {
    if (ISO_TIME.test(value)) return '<time>';
    if (key !== null && MINTED_KEYS.has(key)) {
      let n = ids.get(value);
      if (n === undefined) {
        n = `#${ids.size + 1}`;
        ids.set(value, n);
      }
      return n;
    }
  }
  return value;
}

/**
 * Any value (a REST answer) normalised as an event is for the digest: times dropped, ids the core
 * mints numbered by first appearance, keys sorted. Two answers with equal normalised values differ
 * only in what a second run cannot repeat.
 */
export function normaliseValue(value: unknown): unknown {
  return normalise(value, new Map(), null);
}

const SUBJECT_KEYS = ['unitId', 'serverId', 'channelId', 'vrChannelId', 'uniqueId', 'groupId', 'userId', 'inventoryId', 'deviceId'] as const;

/**
 * The object an event is about (`unitId:…`, `serverId:…`, …), found on the event or on the object
 * it carries (`unit`, `alert`, `channel`, …), so that a log is compared per object, in each
 * object's own order.
 */
function subjectOf(event: RecordedEvent['event']): string {
  const e = event as Record<string, unknown>;
  const inner = Object.values(e).filter((v): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v));
  for (const k of SUBJECT_KEYS) {
    if (typeof e[k] === 'string') return `${k}:${e[k]}`;
    for (const o of inner) if (typeof o[k] === 'string') return `${k}:${o[k]}`;
  }
  for (const o of inner) if (typeof o.id === 'string') return `id:${o.id}`;
  return typeof e.id === 'string' ? `id:${e.id}` : 'other';
}

/** One object's events of one type on one topic, normalised ({@link normalise}), in order. */
export interface EventStream {
  topic: string;
  /** The object the events are about (`unitId:…`, `serverId:…`, …; `other` when none). */
  subject: string;
  type: string;
  events: unknown[];
}

/**
 * The event log in a form two runs can be compared in: for every topic and, within it, every
 * object an event is about and every type of event, that object's events of that type in order,
 * normalised ({@link normalise}; minted ids numbered within them), the streams in the order of
 * their keys. Events of different objects may interleave differently from run to run (devices
 * report side by side); so may one object's events of different types, which the core publishes
 * by different paths: a unit's telemetry at once (the hot path), its status only once the change
 * is stored, so that which comes first of a status and the telemetry reported just after it
 * depends on storage latency, not on what the unit reported. One object's events of one type may
 * not change order.
 */
export function eventStreams(events: readonly Pick<RecordedEvent, 'topic' | 'event'>[], options: { ignoreTypes?: readonly string[] } = {}): EventStream[] {
  const ignore = new Set(options.ignoreTypes ?? []);
  const streams = new Map<string, { stream: EventStream; ids: Map<string, string> }>();
  for (const { topic, event } of events) {
    if (ignore.has(event.type)) continue;
    const subject = subjectOf(event);
    const key = streamKey(topic, subject, event.type);
    let s = streams.get(key);
    if (!s) streams.set(key, (s = { stream: { topic, subject, type: event.type, events: [] }, ids: new Map() }));
    s.stream.events.push(normalise(event, s.ids, null));
  }
  return [...streams.keys()].sort().map((k) => streams.get(k)!.stream);
}

const streamKey = (topic: string, subject: string, type: string) => `${topic} ${subject} ${type}`;

/** The normalised log as lines (`topic subject type {event}`), streams in key order ({@link eventStreams}). */
export function normaliseEventLog(events: readonly Pick<RecordedEvent, 'topic' | 'event'>[], options: { ignoreTypes?: readonly string[] } = {}): string[] {
  return eventStreams(events, options).flatMap((s) => {
    const key = streamKey(s.topic, s.subject, s.type);
    return s.events.map((e) => `${key} ${JSON.stringify(e)}`);
  });
}

/** The first place two event logs differ (see {@link compareEventLogs}). */
export interface EventLogDifference {
  topic: string;
  subject: string;
  type: string;
  /** 0-based place of the differing event in that stream. */
  index: number;
  /** The normalised events there (undefined where that log has none). */
  a: unknown;
  b: unknown;
  /** Where inside the events they differ (`battery.percentage`), when both have one; '' for the whole event. */
  path: string | null;
  /** The difference in words. */
  words: string;
}

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};
const events = (n: number) => `${n} event${n === 1 ? '' : 's'}`;
const brief = (v: unknown) => {
  const text = v === undefined ? 'nothing' : JSON.stringify(v);
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
};

/** The first path at which two normalised values differ ('' for the values themselves), or null when equal. */
function firstDifferingPath(a: unknown, b: unknown, at: string): string | null {
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    const keys = Array.isArray(a)
      ? [...Array(Math.max(a.length, (b as unknown[]).length)).keys()].map(String)
      : [...new Set([...Object.keys(ao), ...Object.keys(bo)])].sort();
    for (const k of keys) {
      const d = firstDifferingPath(ao[k], bo[k], at === '' ? k : Array.isArray(a) ? `${at}[${k}]` : `${at}.${k}`);
      if (d !== null) return d;
    }
    return null;
  }
  return JSON.stringify(a) === JSON.stringify(b) ? null : at;
}

function valueAt(v: unknown, path: string): unknown {
  let node = v;
  for (const part of path.match(/[^.[\]]+/g) ?? []) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

/**
 * The first difference between two event logs, normalised as the digest normalises them
 * ({@link eventStreams}), streams taken in key order; null when the logs are the same (equal
 * digests). `names` name the two logs in the words (default A and B).
 */
export function compareEventLogs(
  a: readonly Pick<RecordedEvent, 'topic' | 'event'>[],
  b: readonly Pick<RecordedEvent, 'topic' | 'event'>[],
  options: { ignoreTypes?: readonly string[]; names?: readonly [string, string] } = {},
): EventLogDifference | null {
  const [nameA, nameB] = options.names ?? ['A', 'B'];
  const byKey = (log: EventStream[]) => new Map(log.map((s) => [streamKey(s.topic, s.subject, s.type), s]));
  const sa = byKey(eventStreams(a, options));
  const sb = byKey(eventStreams(b, options));
  for (const key of [...new Set([...sa.keys(), ...sb.keys()])].sort()) {
    const x = sa.get(key);
    const y = sb.get(key);
    const { topic, subject, type } = (x ?? y)!;
    const ea = x?.events ?? [];
    const eb = y?.events ?? [];
    const what = `${type} of ${subject} on ${topic}`;
    for (let i = 0; i < Math.max(ea.length, eb.length); i++) {
      const va = ea[i];
      const vb = eb[i];
      if (i < ea.length && i < eb.length && JSON.stringify(va) === JSON.stringify(vb)) continue;
      const base = { topic, subject, type, index: i, a: va, b: vb };
      if (i >= eb.length || i >= ea.length) {
        const [has, lacks, event] = i >= eb.length ? [nameA, nameB, va] : [nameB, nameA, vb];
        const words =
          ea.length === 0 || eb.length === 0
            ? `${what}: only ${has} has these events (${Math.max(ea.length, eb.length)}); the first is ${brief(event)}`
            : `${what}: ${nameA} has ${events(ea.length)}, ${nameB} ${ea.length === 1 && eb.length !== 1 ? events(eb.length) : eb.length}; the ${ordinal(i + 1)}, only in ${has} (not in ${lacks}), is ${brief(event)}`;
        return { ...base, path: null, words };
      }
      const path = firstDifferingPath(va, vb, '') ?? '';
      const where = path === '' ? '' : ` at ${path}`;
      const words = `${what}: the ${ordinal(i + 1)} event differs${where}: ${brief(path === '' ? va : valueAt(va, path))} in ${nameA}, ${brief(path === '' ? vb : valueAt(vb, path))} in ${nameB}`;
      return { ...base, path, words };
    }
  }
  return null;
}

/** SHA-256 of the normalised log ({@link normaliseEventLog}): equal digests, equal logs. */
export function eventLogDigest(events: readonly Pick<RecordedEvent, 'topic' | 'event'>[], options: { ignoreTypes?: readonly string[] } = {}): string {
  const hash = createHash('sha256');
  for (const line of normaliseEventLog(events, options)) hash.update(line).update('\n');
  return hash.digest('hex');
}
