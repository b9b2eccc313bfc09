/**
 * WAL checkpoints off the event loop (SQLite).
 *
 * In WAL mode every commit appends to the `-wal` file; a checkpoint copies those pages back into
 * the database file and waits for the disk to flush them. SQLite runs it by itself on the
 * committing connection, in the `COMMIT` that takes the log past 1,000 pages: about 4 MB copied
 * and flushed while the core's event loop waits (measured on this machine: commit p99 21–26 ms,
 * max 40–130 ms with it; p99 15 ms, max 24–36 ms without).
 *
 * Here a worker thread with its own connection to the file runs `PRAGMA wal_checkpoint(PASSIVE)`
 * every few hundred milliseconds. PASSIVE never waits for the writer or readers and never blocks
 * them; it copies what the log holds beyond what was copied before, and flushes the database file
 * (at synchronous=FULL, as every connection here is). The writing connection keeps SQLite's own
 * checkpoint as a bound on the log, at {@link WRITER_AUTOCHECKPOINT_PAGES}: under a steady stream
 * of commits the worker seldom finds the log fully copied at a moment when no commit follows, and
 * the log only starts over from its beginning after one that does. When the writer's checkpoint
 * runs, the worker has copied nearly everything already, so it copies little.
 *
 * If the worker cannot start or stops, the writing connection goes back to SQLite's default
 * (1,000 pages), as without it. Checkpoints are crash-safe: the log is reused only after the
 * database file holds its pages durably, so a process killed mid-checkpoint loses nothing.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The writer's own checkpoint while the worker runs: a bound on the log (≈ 40 MB), seldom reached. */
export const WRITER_AUTOCHECKPOINT_PAGES = 10_000;
/** SQLite's default, restored when the worker is not running. */
export const DEFAULT_AUTOCHECKPOINT_PAGES = 1_000;
/** How often the worker checkpoints (ms). */
export const CHECKPOINT_EVERY_MS = 200;

export interface CheckpointStats {
  /** Checkpoints run by the worker. */
  runs: number;
  /** Log pages the worker copied into the database file. */
  pagesCopied: number;
  /** Checkpoints that found another checkpoint running (the writer's own). */
  busy: number;
  /** Longest checkpoint (ms), run on the worker's thread. */
  maxMs: number;
}

/*
 * The worker's code, evaluated as a CommonJS script (no TypeScript loader in worker threads). It
 * loads the same better-sqlite3 the adapter uses, by path.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 0');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const stats = { runs: 0, pagesCopied: 0, busy: 0, maxMs: 0 };
let copied = 0;
const timer = setInterval(() => {
  const started = performance.now();
  const r = checkpoint.get();
  const ms = performance.now() - started;
  stats.runs++;
  if (r.busy) stats.busy++;
  // checkpointed counts from the log's start: what this run copied is the growth since the last,
  // or all of it when the log started over.
  const now = Math.max(0, r.checkpointed);
  stats.pagesCopied += now >= copied ? now - copied : now;
  copied = now;
  if (ms > stats.maxMs) stats.maxMs = ms;
}, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m === 'stats') parentPort.postMessage({ stats });
  else if (m === 'close') {
    clearInterval(timer);
    db.close();
    parentPort.postMessage({ closed: true });
    parentPort.close();
  }
});
parentPort.postMessage({ ready: true });
`;

/** The checkpoint worker of one database file. */
export class Checkpointer {
  readonly #worker: Worker;
  #running = false;
  #exited = false;
  #closing: Promise<void> | null = null;
  #stats: CheckpointStats = { runs: 0, pagesCopied: 0, busy: 0, maxMs: 0 };
  readonly #waiting: ((s: CheckpointStats) => void)[] = [];

  /**
   * Start the worker for `file`; `onRunning(true)` once it checkpoints, `onRunning(false)` if it
   * stops without being closed (the writer then checkpoints by itself again).
   */
  constructor(
    file: string,
    private readonly onRunning: (running: boolean) => void,
    everyMs: number = CHECKPOINT_EVERY_MS,
  ) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.#worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver, file, everyMs },
      // A pragma on a timer: a small heap of its own instead of the defaults of a full isolate.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
    });
    // Never what keeps the process alive.
    this.#worker.unref();
    this.#worker.on('message', (m: { ready?: true; stats?: CheckpointStats }) => {
      if (m.ready && this.#closing === null) {
        this.#running = true;
        this.onRunning(true);
      }
      if (m.stats) {
        this.#stats = m.stats;
        for (const w of this.#waiting.splice(0)) w(m.stats);
      }
    });
    this.#worker.on('error', (e) => process.emitWarning(`SQLite checkpoint worker failed: ${e.message}`));
    this.#worker.on('exit', () => {
      this.#exited = true;
      for (const w of this.#waiting.splice(0)) w(this.#stats);
      if (this.#running && this.#closing === null) this.onRunning(false);
      this.#running = false;
    });
  }

  get running(): boolean {
    return this.#running;
  }

  /** What the worker has done so far (its last figures if it has stopped). */
  stats(): Promise<CheckpointStats> {
    if (!this.#running) return Promise.resolve({ ...this.#stats });
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#worker.postMessage('stats');
    });
  }

  /** Stop the worker and close its connection (before the writing connection closes). */
  close(): Promise<void> {
    this.#closing ??= new Promise<void>((resolve) => {
      this.#running = false;
      if (this.#exited) return resolve();
      // Held by the process until it has gone: awaiting an unreferenced worker's exit with nothing
      // else pending would end the process there (exit code 13 under a top-level await).
      this.#worker.ref();
      this.#worker.once('exit', () => resolve());
      this.#worker.postMessage('close');
      // A worker still starting gets the message once it listens.
    });
    return this.#closing;
  }
}
