/**
 * Memory blocks for large answers (the unit list of a large fleet: 5.4 MB at 10,000 units), reused
 * from one response to the next instead of allocated for each.
 *
 * An answer written as bytes lives outside the JS heap until its socket has sent it. With several
 * consoles reading at once, those buffers outlive young collections, are promoted, and their
 * memory is given back only by a full collection: ten concurrent unit lists lost a quarter of
 * their rate to it (BENCHMARKS.md). A block taken here goes back to the pool when its response is
 * over (`close` of the response: after the last byte was handed to the kernel, or after the
 * connection was destroyed, when nothing reads the block any more), and the next large answer is
 * written into it.
 */

/** Answers smaller than this are allocated as usual (Node pools the small ones itself). */
export const POOLED_FROM_BYTES = 1 << 20;
/** Blocks are sized in steps of this, so a list that grows by a few items keeps its block size. */
export const BLOCK_STEP_BYTES = 1 << 20;
/** Free blocks kept at most, in bytes over all sizes; a block released beyond it is left to the collector. */
export const MAX_FREE_BYTES = 64 << 20;
/**
 * Free blocks are dropped once no large answer was written for this long (ms). This runs on real
 * time (performance.now() and Node's timers), not on the app's clock: it is about memory the
 * process holds while idle, which nobody sees, and a test stepping the clock by hours must not
 * change what the pool holds between two answers.
 */
export const IDLE_DROP_MS = 30_000;

export interface AnswerBlockStats {
  /** Blocks allocated since the start. */
  allocated: number;
  /** Times a free block was reused. */
  reused: number;
  /** Free blocks held now, and their bytes. */
  freeBlocks: number;
  freeBytes: number;
}

export class AnswerBlocks {
  private readonly free = new Map<number, ArrayBuffer[]>();
  private freeBytes = 0;
  private allocated = 0;
  private reused = 0;

  private lastTakeAt = 0;
  private dropTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly maxFreeBytes = MAX_FREE_BYTES,
    private readonly idleDropMs = IDLE_DROP_MS,
  ) {}

  /**
   * A buffer of `size` bytes. For a pooled size, `whenDone` is handed the function that gives its
   * block back: call it once nothing will read the buffer any more (calls after the first do
   * nothing).
   */
  take(size: number, whenDone: (release: () => void) => void): Buffer {
    if (size < POOLED_FROM_BYTES) return Buffer.allocUnsafe(size);
    const capacity = Math.ceil(size / BLOCK_STEP_BYTES) * BLOCK_STEP_BYTES;
    this.lastTakeAt = performance.now();
    let block = this.free.get(capacity)?.pop();
    if (block) {
      this.freeBytes -= capacity;
      this.reused++;
    } else {
      block = Buffer.allocUnsafeSlow(capacity).buffer as ArrayBuffer;
      this.allocated++;
    }
    const taken = block;
    let released = false;
    whenDone(() => {
      if (released) return;
      released = true;
      this.give(capacity, taken);
    });
    return Buffer.from(taken, 0, size);
  }

  stats(): AnswerBlockStats {
    let freeBlocks = 0;
    for (const list of this.free.values()) freeBlocks += list.length;
    return { allocated: this.allocated, reused: this.reused, freeBlocks, freeBytes: this.freeBytes };
  }

  private give(capacity: number, block: ArrayBuffer): void {
    if (this.freeBytes + capacity > this.maxFreeBytes) return;
    let list = this.free.get(capacity);
    if (!list) this.free.set(capacity, (list = []));
    list.push(block);
    this.freeBytes += capacity;
    this.dropTimer ??= setTimeout(() => this.dropIfIdle(), this.idleDropMs).unref();
  }

  /** After a burst of large answers, the blocks it needed are not kept for ever. */
  private dropIfIdle(): void {
    this.dropTimer = null;
    const idle = performance.now() - this.lastTakeAt;
    if (idle >= this.idleDropMs) {
      this.free.clear();
      this.freeBytes = 0;
    } else if (this.freeBytes > 0) {
      this.dropTimer = setTimeout(() => this.dropIfIdle(), this.idleDropMs - idle).unref();
    }
  }
}
