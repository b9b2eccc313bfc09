/**
 * Reading and writing fleet recordings (recording.ts) as gzip NDJSON, and the digest two event
 * logs are compared by. Node only (zlib, crypto, fs): imported as `@fleet/contracts/recording-file`,
 * never by the console.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { gunzipSync, createGzip, gzipSync, type Gzip } from 'node:zlib';
import { RECORDING_FORMAT, RECORDING_VERSION, RecordingHeader, RecordingLine, type Recording, type RecordedEvent } from './recording.js';

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
  if (version !== RECORDING_VERSION) throw new RecordingFileError(`version ${String(version)} is not supported (this reader takes ${RECORDING_VERSION})`, 1);
  const header = RecordingHeader.safeParse(head);
  if (!header.success) throw new RecordingFileError(firstIssue(header.error), 1);
  const lines: RecordingLine[] = [];
  let last = 0;
  for (let i = 1; i < rows.length; i++) {
    const n = i + 1;
    if (lines.at(-1)?.kind === 'end') throw new RecordingFileError('a line after the end line', n);
    const parsed = RecordingLine.safeParse(json(rows[i]!, n));
    if (!parsed.success) throw new RecordingFileError(firstIssue(parsed.error), n);
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
  readonly counts = { device: 0, request: 0, event: 0 };
  private readonly finished: Promise<void>;

  constructor(
    readonly path: string,
    readonly header: RecordingHeader,
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

  /** Append one line (its `t` is set from `now`, wall-clock ms). Ignored once closed. */
  write(line: DistributiveOmit<Exclude<RecordingLine, { kind: 'end' }>, 't'>, now: number = Date.now()): void {
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
  elapsed(now: number = Date.now()): number {
    return Math.max(this.last, now - this.header.startedAt);
  }

  /** Write the end line and finish the file. */
  async close(now: number = Date.now()): Promise<{ durationMs: number }> {
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

// ── Comparing event logs ─────────────────────────────────────────────────────────────────────────

/** Keys whose values are times (when, not what): left out of a normalised event. */
const TIME_KEYS = new Set(['at', 't', 'raisedAt', 'createdAt', 'updatedAt', 'lastModified', 'lastUpdated', 'modifiedAt', 'startedAt', 'endedAt', 'finishedAt', 'lastSeen', 'lastSeenAt', 'expiresAt', 'sentAt', 'usedAt', 'revokedAt', 'publishedAt']);
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

/**
 * The event log in a form two runs can be compared in: for every topic and, within it, every
 * object an event is about and every type of event, that object's events of that type in order,
 * normalised ({@link normalise}; minted ids numbered within them). Events of different objects may
 * interleave differently from run to run (devices report side by side); so may one object's events
 * of different types, which the core publishes by different paths: a unit's telemetry at once (the
 * hot path), its status only once the change is stored, so that which comes first of a status and
 * the telemetry reported just after it depends on storage latency, not on what the unit reported.
 * One object's events of one type may not change order.
 */
export function normaliseEventLog(events: readonly Pick<RecordedEvent, 'topic' | 'event'>[], options: { ignoreTypes?: readonly string[] } = {}): string[] {
  const ignore = new Set(options.ignoreTypes ?? []);
  const streams = new Map<string, { ids: Map<string, string>; lines: string[] }>();
  for (const { topic, event } of events) {
    if (ignore.has(event.type)) continue;
    const key = `${topic} ${subjectOf(event)} ${event.type}`;
    let stream = streams.get(key);
    if (!stream) streams.set(key, (stream = { ids: new Map(), lines: [] }));
    stream.lines.push(JSON.stringify(normalise(event, stream.ids, null)));
  }
  return [...streams.keys()].sort().flatMap((k) => streams.get(k)!.lines.map((e) => `${k} ${e}`));
}

/** SHA-256 of the normalised log ({@link normaliseEventLog}): equal digests, equal logs. */
export function eventLogDigest(events: readonly Pick<RecordedEvent, 'topic' | 'event'>[], options: { ignoreTypes?: readonly string[] } = {}): string {
  const hash = createHash('sha256');
  for (const line of normaliseEventLog(events, options)) hash.update(line).update('\n');
  return hash.digest('hex');
}
