/**
 * Items (realtime events) collected and handed on together, once per animation frame: a page that
 * folds /ws events into a large cached answer copies it, and re-renders, at most once a frame
 * however many events arrive (1,000 units reporting every 5 s: ~200 a second). A hidden tab gets
 * no animation frames: a timer hands the items on after `maxWaitMs` then, and `maxItems` bounds
 * what waits.
 */
export interface FrameBatchOptions {
  readonly maxWaitMs?: number;
  readonly maxItems?: number;
  /**
   * false: no animation frame is asked for; the items wait for the `maxWaitMs` timer alone (with
   * 0, the end of the tasks already queued: the /ws frames that arrived together).
   */
  readonly animationFrame?: boolean;
}

export function frameBatch<T>(apply: (items: T[]) => void, { maxWaitMs = 250, maxItems = 5000, animationFrame = true }: FrameBatchOptions = {}) {
  let pending: T[] = [];
  let frame: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const clear = () => {
    if (frame !== null && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
    frame = null;
    timer = null;
  };
  const flush = () => {
    clear();
    if (pending.length === 0) return;
    const items = pending;
    pending = [];
    apply(items);
  };
  return {
    push(item: T) {
      pending.push(item);
      if (pending.length >= maxItems) {
        flush();
        return;
      }
      if (timer !== null) return;
      timer = setTimeout(flush, maxWaitMs);
      if (animationFrame && typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(flush);
    },
    /** Hands on what waits now. */
    flush,
    /** Drops what waits (the page is leaving). */
    cancel() {
      clear();
      pending = [];
    },
  };
}
