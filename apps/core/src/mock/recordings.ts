/**
 * Recordings of the mock's fleet ("Record and replay"; mock only): while one is active,
 * every device report the core accepts, every event the hub publishes and every REST write a
 * signed-in user made (mock/recordings-routes.ts taps the requests) is appended to a gzip NDJSON
 * file (the format is the contracts' recording.ts), so that a replay (mock/replays.ts) can play
 * it again into a fresh core.
 *
 * Files live in RECORDINGS_DIR: `<id>.ndjson.gz`, and beside it `<id>.json`, the summary the list
 * shows. The summary is written only once the file is complete (stopped, or imported), so a file
 * without one is a recording a crash cut short: it is left out of the list (with a warning) rather
 * than offered to a replay that would refuse it.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  ADMIN_TOPIC,
  RECORDING_FORMAT,
  RECORDING_VERSION,
  RecordingSummary,
  type DeviceSpec,
  type RecordedEvent,
  type RecordedRequest,
  type RecordedServer,
  type RecordedUnit,
  type Recording,
  type RecordingComparison,
  type RecordingHeader,
  type ServerSpec,
} from '@fleet/contracts';
import { compareEventLogs, eventLogDigest, parseRecording, RecordingFileError, RecordingWriter } from '@fleet/contracts/recording-file';
import { AppError } from '../errors.js';
import type { AuthUser } from '../platform/access.js';
import type { ServiceDeps } from '../modules/deps.js';

const FILE_SUFFIX = '.ndjson.gz';
const SUMMARY_SUFFIX = '.json';
/** Ids are made here: short, and only of these characters, so an id is always a safe file name. */
const ID_PATTERN = /^[a-z0-9]{1,32}$/;

/** A REST write as the request tap saw it, before it becomes a `request` line. */
export interface TappedRequest {
  userId: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** After the core prefix, with the query. */
  path: string;
  /** The parsed JSON body; undefined when there was none or it was not JSON. */
  body: unknown;
  status: number;
  /** The answer's JSON text (or bytes), when it was JSON. */
  payload: string | Buffer | null;
}

interface Active {
  id: string;
  writer: RecordingWriter;
  stopTap: () => void;
}

/**
 * The id the answer named: the `id` (or else `uniqueId`) string field of its top-level object, so
 * a replay can map the recorded id to the one the replayed write gets. Null for anything else.
 */
export function createdIdOf(payload: string | Buffer | null): string | null {
  if (payload === null || payload.length === 0) return null;
  let value: unknown;
  try {
    value = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const o = value as Record<string, unknown>;
  if (typeof o.id === 'string') return o.id;
  if (typeof o.uniqueId === 'string') return o.uniqueId;
  return null;
}

/** The fleet a recording starts from, in the recording's terms. */
export function recordedFleet(devices: readonly DeviceSpec[], servers: readonly ServerSpec[]): RecordingHeader['fleet'] {
  const units: RecordedUnit[] = devices.map((d) => ({
    unitId: d.unitId,
    name: d.name,
    productType: d.productType,
    typeGroup: d.typeGroup,
    swVersion: d.swVersion,
  }));
  const recordedServers: RecordedServer[] = servers.map((s) => ({
    serverId: s.serverId,
    name: s.name,
    serverType: s.serverType,
    channels: s.channels.map((c) => ({ channelId: c.channelId, name: c.name })),
    vrChannels: s.vrChannels.map((v) => ({ vrChannelId: v.vrChannelId, name: v.name })),
  }));
  return { units, servers: recordedServers };
}

/** The summary of a complete recording, from its lines. */
export function summarise(id: string, recording: Recording, bytes: number): RecordingSummary {
  const counts = { device: 0, request: 0, event: 0, answer: 0 };
  for (const line of recording.lines) if (line.kind !== 'end') counts[line.kind]++;
  return {
    id,
    name: recording.header.name,
    source: recording.header.source,
    startedAt: recording.header.startedAt,
    durationMs: recording.lines.at(-1)?.t ?? 0,
    counts,
    bytes,
    active: false,
  };
}

/** A name fit for a download's file name (an imported recording's name may be anything). */
export function fileNameOf(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '');
  return `${safe === '' ? 'recording' : safe}${FILE_SUFFIX}`;
}

export class RecordingService {
  private readonly dir: string;
  private active_: Active | null = null;
  /** True while `start` gathers the header: a second start is refused meanwhile. */
  private starting = false;
  private summaries: Promise<Map<string, RecordingSummary>> | null = null;
  /** Recordings a replay is playing (count per id): not removable meanwhile. */
  private readonly held = new Map<string, number>();

  constructor(private readonly deps: Pick<ServiceDeps, 'config' | 'clock' | 'gateway' | 'hub' | 'log'>) {
    this.dir = resolve(deps.config.RECORDINGS_DIR);
    // One tap for the hub's events, free when nothing is recorded (the hub has no way to remove one).
    // The admin topic is left out: its events sum up storage writes folded by the second of wall
    // time, so a replay cannot publish them event for event; the changes themselves are recorded.
    deps.hub.onPublish((topics, event) => {
      const active = this.active_;
      if (active === null) return;
      for (const topic of topics) if (topic !== ADMIN_TOPIC) active.writer.write({ kind: 'event', topic, event });
    });
  }

  /** Whether REST writes are being recorded now (the request tap does nothing otherwise). */
  recording(): boolean {
    return this.active_ !== null;
  }

  /** The recording being made, if any. */
  active(): RecordingSummary | null {
    const a = this.active_;
    if (!a) return null;
    const h = a.writer.header;
    return {
      id: a.id,
      name: h.name,
      source: h.source,
      startedAt: h.startedAt,
      durationMs: a.writer.elapsed(),
      counts: { ...a.writer.counts },
      bytes: 0,
      active: true,
    };
  }

  /**
   * Start recording: the header (the simulator's seed and clock from the first shard, the fleet the
   * shards run) at once, then every device report, event and REST write until `stop`.
   * CONFLICT while one is active.
   */
  async start(name: string, user: AuthUser): Promise<RecordingSummary> {
    if (this.active_ !== null || this.starting) throw new AppError('CONFLICT', undefined, 'A recording is already being made: stop it first');
    this.starting = true;
    try {
      const { gateway } = this.deps;
      const shards = gateway.shardCount() > 0 ? await gateway.control({ op: 'status' }) : [];
      const first = shards[0];
      const snapshot = gateway.fleetSnapshot();
      const header: RecordingHeader = {
        format: RECORDING_FORMAT,
        version: RECORDING_VERSION,
        name,
        source: 'mock',
        startedAt: this.deps.clock.now(),
        seed: first?.seed ?? null,
        clock: first?.clock ?? null,
        fleet: recordedFleet(snapshot.devices, snapshot.servers),
      };
      const summaries = await this.loaded();
      await mkdir(this.dir, { recursive: true });
      const id = this.newId(summaries);
      const writer = new RecordingWriter(this.fileOf(id), header, this.deps.clock);
      const stopTap = gateway.onDeviceMessage((message) => writer.write({ kind: 'device', message }));
      this.active_ = { id, writer, stopTap };
      this.deps.log.info({ recording: id, name, user: user.id }, 'recording started');
      return this.active()!;
    } finally {
      this.starting = false;
    }
  }

  /** Stop the active recording: the end line, the file finished, its summary kept. Null when none is active. */
  async stop(): Promise<RecordingSummary | null> {
    const a = this.active_;
    if (!a) return null;
    this.active_ = null;
    a.stopTap();
    let durationMs: number;
    try {
      ({ durationMs } = await a.writer.close());
    } catch (e) {
      // The file could not be written (disk full, directory removed): nothing usable is kept.
      this.deps.log.error({ recording: a.id, err: e }, 'recording could not be written: dropped');
      await rm(this.fileOf(a.id), { force: true });
      throw e;
    }
    const h = a.writer.header;
    const bytes = (await stat(this.fileOf(a.id))).size;
    const summary: RecordingSummary = {
      id: a.id,
      name: h.name,
      source: h.source,
      startedAt: h.startedAt,
      durationMs,
      counts: { ...a.writer.counts },
      bytes,
      active: false,
    };
    await writeFile(this.summaryOf(a.id), JSON.stringify(summary));
    (await this.loaded()).set(a.id, summary);
    this.deps.log.info({ recording: a.id, counts: summary.counts, durationMs }, 'recording stopped');
    return summary;
  }

  /** Every recording, newest first, the active one included. */
  async list(): Promise<RecordingSummary[]> {
    const all = [...(await this.loaded()).values()];
    const active = this.active();
    if (active) all.push({ ...active, bytes: await this.sizeOf(active.id) });
    return all.sort((a, b) => b.startedAt - a.startedAt || a.id.localeCompare(b.id));
  }

  /** Delete a recording. NOT_FOUND when unknown; CONFLICT while it is being made or replayed. */
  async remove(id: string): Promise<void> {
    if (this.active_?.id === id) throw new AppError('CONFLICT', undefined, 'The recording is still being made: stop it first');
    const summaries = await this.loaded();
    if (!summaries.has(id)) throw new AppError('NOT_FOUND');
    if ((this.held.get(id) ?? 0) > 0) throw new AppError('CONFLICT', undefined, 'The recording is being replayed: stop the replay first');
    summaries.delete(id);
    await rm(this.summaryOf(id), { force: true });
    await rm(this.fileOf(id), { force: true });
  }

  /** A complete recording, parsed. NOT_FOUND when unknown or still being made. */
  async read(id: string): Promise<Recording> {
    const { bytes } = await this.file(id);
    try {
      return parseRecording(bytes);
    } catch (e) {
      // The file was checked when it was made or imported: someone changed it since.
      if (e instanceof RecordingFileError) throw new AppError('VALIDATION_FAILED', undefined, `Recording ${id} is damaged: ${e.message}`);
      throw e;
    }
  }

  /**
   * Two recordings' event logs compared as the digest compares them (`pnpm replay compare` does the
   * same with two files): whether they are the same, and the first difference in words.
   * NOT_FOUND when either is unknown or still being made.
   */
  async compare(a: string, b: string): Promise<RecordingComparison> {
    const events = (r: Recording) => r.lines.filter((l): l is RecordedEvent => l.kind === 'event');
    const [ea, eb] = [events(await this.read(a)), events(await this.read(b))];
    const difference = compareEventLogs(ea, eb, { names: [a, b] });
    return {
      identical: difference === null,
      events: { a: ea.length, b: eb.length },
      digests: { a: eventLogDigest(ea), b: eventLogDigest(eb) },
      difference: difference?.words ?? null,
    };
  }

  /** A complete recording's gzip file and its download name. NOT_FOUND when unknown or still being made. */
  async file(id: string): Promise<{ name: string; bytes: Buffer }> {
    const summary = (await this.loaded()).get(id);
    if (!summary) throw new AppError('NOT_FOUND');
    try {
      return { name: fileNameOf(summary.name), bytes: await readFile(this.fileOf(id)) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('NOT_FOUND');
      throw e;
    }
  }

  /**
   * Keep a recording made elsewhere (gzip or plain NDJSON): checked whole first, stored (gzip) as a
   * new recording. VALIDATION_FAILED with the reader's message (and line) when it is not one; nothing
   * is stored then.
   */
  async import(bytes: Buffer): Promise<RecordingSummary> {
    let recording: Recording;
    try {
      recording = parseRecording(bytes);
    } catch (e) {
      if (e instanceof RecordingFileError) throw new AppError('VALIDATION_FAILED', undefined, e.message);
      throw e;
    }
    const summaries = await this.loaded();
    await mkdir(this.dir, { recursive: true });
    const id = this.newId(summaries);
    const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b ? bytes : gzipSync(bytes);
    await writeFile(this.fileOf(id), gzip);
    const summary = summarise(id, recording, gzip.length);
    await writeFile(this.summaryOf(id), JSON.stringify(summary));
    summaries.set(id, summary);
    return summary;
  }

  /**
   * Mark a recording as being replayed: `remove` refuses it until the returned function is called
   * (mock/replays.ts holds the recording it plays). NOT_FOUND when unknown.
   */
  async hold(id: string): Promise<() => void> {
    if (!(await this.loaded()).has(id)) throw new AppError('NOT_FOUND');
    this.held.set(id, (this.held.get(id) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const n = (this.held.get(id) ?? 1) - 1;
      if (n <= 0) this.held.delete(id);
      else this.held.set(id, n);
    };
  }

  /** Append a REST write the request tap saw (ignored when nothing is being recorded). */
  tapRequest(request: TappedRequest): void {
    const a = this.active_;
    if (!a) return;
    a.writer.write({
      kind: 'request',
      userId: request.userId,
      method: request.method,
      path: request.path,
      // The tap hands only bodies Fastify parsed from JSON: JSON values by construction.
      ...(request.body === undefined ? {} : { body: request.body as RecordedRequest['body'] }),
      status: request.status,
      createdId: createdIdOf(request.payload),
    });
  }

  /** The core is shutting down: a recording under way is finished and kept, not cut. */
  async close(): Promise<void> {
    await this.stop();
  }

  private fileOf(id: string): string {
    return join(this.dir, `${id}${FILE_SUFFIX}`);
  }

  private summaryOf(id: string): string {
    return join(this.dir, `${id}${SUMMARY_SUFFIX}`);
  }

  private async sizeOf(id: string): Promise<number> {
    try {
      return (await stat(this.fileOf(id))).size;
    } catch {
      return 0;
    }
  }

  private newId(taken: ReadonlyMap<string, RecordingSummary>): string {
    for (;;) {
      const id = randomUUID().replace(/-/g, '').slice(0, 8);
      if (!taken.has(id) && this.active_?.id !== id) return id;
    }
  }

  /** The summaries on disk, read once (the directory is this process's own afterwards). */
  private loaded(): Promise<Map<string, RecordingSummary>> {
    this.summaries ??= this.readDirectory();
    return this.summaries;
  }

  private async readDirectory(): Promise<Map<string, RecordingSummary>> {
    const out = new Map<string, RecordingSummary>();
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return out;
      throw e;
    }
    const present = new Set(names);
    for (const file of names) {
      if (!file.endsWith(FILE_SUFFIX)) continue;
      const id = file.slice(0, -FILE_SUFFIX.length);
      if (!ID_PATTERN.test(id)) continue;
      if (!present.has(`${id}${SUMMARY_SUFFIX}`)) {
        this.deps.log.warn({ recording: id, dir: this.dir }, 'recording without a summary (cut short by a crash?): left out of the list');
        continue;
      }
      try {
        const summary = RecordingSummary.parse(JSON.parse(await readFile(this.summaryOf(id), 'utf8')));
        out.set(id, { ...summary, id, active: false });
      } catch (e) {
        this.deps.log.warn({ recording: id, err: e }, 'recording summary unreadable: left out of the list');
      }
    }
    return out;
  }
}
