/**
 * Files the core asks a unit to upload (unit action uploadFiles; spec 000 §4 file transfer): they
 * are sent one by one while `forward` runs, each reported started, then its progress in steps,
 * then completed (uploaded). The queue starts `forward` when it is not running and ends it with
 * the last file. Cancelled files stop at their next step; an outage drops the queue (the core
 * marks the files failed). While stalled (the uploadStall fault: a congested uplink) the queue
 * waits at the step it reached, and goes on from there when the stall ends.
 */
import { UPLOAD_PROGRESS_STEPS } from '../models/constants.js';
import type { UnitHost } from './host.js';

export interface QueuedUpload {
  fileId: string;
  fileName: string;
  path: string;
  sizeBytes: number;
  channelId: string | null;
}

/** What the queue needs of its unit (unit/host.ts), and the time of one step (one file's start, one progress step). */
export type UploadHost = Pick<UnitHost, 'unitId' | 'apps' | 'isOnline' | 'schedule' | 'emitEvent'> & { stepMs(): number };

export class UploadQueue {
  private queue: QueuedUpload[] = [];
  /** The run at work (steps of an earlier run stop), and whether it started `forward`. */
  private run: { n: number; ownsForward: boolean } | null = null;

  constructor(private readonly host: UploadHost) {}

  /** The files still to send, in order. */
  pending(): readonly QueuedUpload[] {
    return this.queue;
  }

  /** Set while stalled; the step the queue waits at, to take when the stall ends. */
  private stalled = false;
  private parked: (() => void) | null = null;

  /** Stall or release the queue (the uploadStall fault). */
  setStalled(on: boolean): void {
    this.stalled = on;
    const go = this.parked;
    if (on || !go) return;
    this.parked = null;
    this.host.schedule(this.host.stepMs(), go);
  }

  /** Queue files (a file already queued is not queued twice) and start sending if idle. */
  add(files: readonly Omit<QueuedUpload, 'channelId'>[], channelId: string | null): void {
    for (const f of files) if (!this.queue.some((q) => q.fileId === f.fileId)) this.queue.push({ ...f, channelId });
    const { apps } = this.host;
    if (this.run && apps.has('forward')) return; // the running upload takes the new files next
    // (A run whose `forward` was stopped meanwhile, by an outage or another command, is replaced.)
    const ownsForward = !apps.has('forward') || apps.isEnding('forward');
    const run = { n: (this.run?.n ?? 0) + 1, ownsForward };
    this.run = run;
    if (ownsForward) apps.set('forward', 'connecting');
    this.host.schedule(this.host.stepMs(), () => this.next(run.n));
  }

  /** Drop queued files: a file being sent stops at its next step, the others never start. */
  cancel(fileIds: readonly string[]): number {
    const dropped = this.queue.filter((q) => fileIds.includes(q.fileId)).length;
    this.queue = this.queue.filter((q) => !fileIds.includes(q.fileId));
    return dropped;
  }

  /** Forget everything (the unit went off). */
  clear(): void {
    this.queue = [];
    this.run = null;
    this.parked = null;
  }

  /** True when stalled: the step is parked until the stall ends. */
  private park(step: () => void): boolean {
    if (!this.stalled) return false;
    this.parked = step;
    return true;
  }

  private next(n: number): void {
    const run = this.run;
    if (run?.n !== n) return; // a later run took over
    if (!this.host.isOnline()) return this.clear();
    if (this.park(() => this.next(n))) return;
    const file = this.queue[0];
    const { apps } = this.host;
    if (!file) {
      this.clear();
      if (run.ownsForward) apps.stop('forward');
      return;
    }
    if (apps.state('forward') !== 'running') apps.set('forward', 'running');
    this.report(file, 'started', 0);
    this.host.schedule(this.host.stepMs(), () => this.step(n, file, 1));
  }

  private step(n: number, file: QueuedUpload, k: number): void {
    if (this.run?.n !== n) return;
    if (!this.host.isOnline()) return this.clear();
    if (this.park(() => this.step(n, file, k))) return;
    if (!this.queue.some((q) => q.fileId === file.fileId)) return this.next(n); // cancelled meanwhile
    if (k < UPLOAD_PROGRESS_STEPS) {
      this.report(file, 'progress', Math.round((k / UPLOAD_PROGRESS_STEPS) * 100));
      this.host.schedule(this.host.stepMs(), () => this.step(n, file, k + 1));
      return;
    }
    this.report(file, 'completed', 100);
    this.queue = this.queue.filter((q) => q.fileId !== file.fileId);
    this.host.schedule(this.host.stepMs(), () => this.next(n));
  }

  /** One file event to the core (contracts FileEvent). */
  private report(f: QueuedUpload, transfer: 'started' | 'progress' | 'completed', progress: number): void {
    const uploaded = transfer === 'completed';
    this.host.emitEvent({
      type: 'file',
      unitId: this.host.unitId,
      fileId: f.fileId,
      fileName: f.fileName,
      path: f.path,
      storageId: 'sd',
      sizeBytes: f.sizeBytes,
      status: uploaded ? 'uploaded' : 'uploading',
      progress,
      isTransferring: !uploaded,
      channelId: f.channelId,
      transfer,
    });
  }
}
