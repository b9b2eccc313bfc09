/**
 * The simulator's clock: simulated milliseconds that run in real time, accelerated (factor > 1),
 * or stepped by hand (QA reproducing a run to the event). Timers fire in due order; timers due at
 * the same instant fire in the order they were set, so a seeded run is reproducible. A timer runs
 * at its own due time, however late the event loop lets it fire: what it schedules keeps its place
 * among the timers already set, as on a stepped clock. It is a contracts `Clock` (`now()`): what
 * takes one can run on simulated time.
 */
import { systemClock, type Clock } from '@fleet/contracts';

export type ClockMode = { kind: 'realtime' } | { kind: 'accelerated'; factor: number } | { kind: 'stepped' };

interface Timer {
  due: number;
  order: number;
  fn: () => void;
  cancelled: boolean;
}

export class SimClock implements Clock {
  private simNow: number;
  private realAnchor = 0;
  private simAnchor = 0;
  private factor = 1;
  private stepped = false;
  private readonly heap: Timer[] = [];
  private order = 0;
  private handle: NodeJS.Timeout | null = null;
  private stopped = false;
  /** The end of the advance under way (stepped mode), null otherwise. */
  private advanceTarget: number | null = null;
  /** The due time of the timer running now (real or accelerated mode), null between firings. */
  private firing: number | null = null;

  /** `start`: the simulated time it starts at (ms since the epoch; by default the wall clock's now). */
  constructor(start: number = systemClock.now(), mode: ClockMode = { kind: 'realtime' }) {
    this.simNow = Math.round(start);
    this.stepped = true; // so that setMode reads simNow as the current time
    this.setMode(mode);
  }

  setMode(mode: ClockMode): void {
    this.simNow = this.now();
    this.stepped = mode.kind === 'stepped';
    this.factor = mode.kind === 'accelerated' ? mode.factor : 1;
    this.realAnchor = performance.now();
    this.simAnchor = this.simNow;
    this.arm();
  }

  /** The current mode (what setMode was last given). */
  mode(): ClockMode {
    if (this.stepped) return { kind: 'stepped' };
    return this.factor === 1 ? { kind: 'realtime' } : { kind: 'accelerated', factor: this.factor };
  }

  isStepped(): boolean {
    return this.stepped;
  }

  now(): number {
    if (this.stepped || this.stopped) return this.simNow;
    if (this.firing !== null) return this.firing;
    return Math.floor(this.simAnchor + (performance.now() - this.realAnchor) * this.factor);
  }

  /** Run `fn` after `delayMs` of simulated time; returns a cancel function. */
  after(delayMs: number, fn: () => void): () => void {
    const t: Timer = { due: this.now() + Math.max(0, Math.round(delayMs)), order: this.order++, fn, cancelled: false };
    this.push(t);
    this.arm();
    return () => {
      t.cancelled = true;
    };
  }

  /**
   * Run `fn` every `intervalMs`, first after `firstDelayMs` (default one interval). Due times are
   * kept on the grid (no drift when a firing comes late: a late tick is followed by the next one on
   * time, in simulated time).
   */
  every(intervalMs: number, fn: () => void, firstDelayMs = intervalMs): () => void {
    let cancel = () => {};
    let active = true;
    let due = this.now() + Math.max(0, Math.round(firstDelayMs));
    const tick = () => {
      if (!active) return;
      fn();
      due += intervalMs;
      cancel = this.afterDue(due, tick);
    };
    cancel = this.afterDue(due, tick);
    return () => {
      active = false;
      cancel();
    };
  }

  /**
   * Run `fn` at simulated time `due` (at once on the next firing when it is already past); returns
   * a cancel function. Unlike `after`, the due time does not move with the real time spent setting
   * many timers in a running clock (a replay schedules thousands at once).
   */
  at(due: number, fn: () => void): () => void {
    return this.afterDue(due, fn);
  }

  /** Run `fn` at simulated time `due` (at once on the next firing when it is already past). */
  private afterDue(due: number, fn: () => void): () => void {
    const t: Timer = { due: Math.round(due), order: this.order++, fn, cancelled: false };
    this.push(t);
    this.arm();
    return () => {
      t.cancelled = true;
    };
  }

  /** Stepped mode: advance simulated time, firing every timer that falls due on the way. */
  advance(ms: number): void {
    if (!this.stepped) throw new Error('advance() needs the stepped clock mode');
    const target = this.simNow + ms;
    this.advanceTarget = target;
    try {
      for (;;) {
        const next = this.peek();
        if (!next || next.due > target) break;
        this.pop();
        this.simNow = Math.max(this.simNow, next.due);
        if (!next.cancelled) next.fn();
      }
    } finally {
      this.advanceTarget = null;
    }
    this.simNow = target;
  }

  /**
   * While an {@link advance} runs, the simulated time it goes to (else null): periodic work whose
   * result only the last round shows (telemetry) may skip the rounds before it, so a step of an
   * hour or a day costs a round, not thousands.
   */
  advancingTo(): number | null {
    return this.advanceTarget;
  }

  stop(): void {
    this.simNow = this.now();
    this.stopped = true;
    if (this.handle) clearTimeout(this.handle);
    this.handle = null;
  }

  pendingTimers(): number {
    return this.heap.filter((t) => !t.cancelled).length;
  }

  private arm(): void {
    if (this.stepped || this.stopped) return;
    if (this.handle) clearTimeout(this.handle);
    this.handle = null;
    const next = this.peek();
    if (!next) return;
    const wait = Math.max(0, (next.due - this.now()) / this.factor);
    this.handle = setTimeout(() => this.fireDue(), Math.min(wait, 2 ** 31 - 1));
    this.handle.unref?.();
  }

  private fireDue(): void {
    this.handle = null;
    const now = this.now();
    try {
      for (;;) {
        const next = this.peek();
        if (!next || next.due > now) break;
        this.pop();
        // A late timer (a busy event loop) still runs at its due time: a timer it sets falls before
        // the ones already set for later, as it would have had it fired on time.
        this.firing = Math.max(this.firing ?? next.due, next.due);
        if (!next.cancelled) next.fn();
      }
    } finally {
      this.firing = null;
    }
    this.arm();
  }

  // Binary min-heap on (due, order).
  private less(a: Timer, b: Timer): boolean {
    return a.due < b.due || (a.due === b.due && a.order < b.order);
  }
  private peek(): Timer | undefined {
    while (this.heap.length && this.heap[0]!.cancelled) this.pop();
    return this.heap[0];
  }
  private push(t: Timer): void {
    const h = this.heap;
    h.push(t);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i]!, h[p]!)) break;
      [h[i], h[p]] = [h[p]!, h[i]!];
      i = p;
    }
  }
  private pop(): Timer | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length && last) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.less(h[l]!, h[m]!)) m = l;
        if (r < h.length && this.less(h[r]!, h[m]!)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m]!, h[i]!];
        i = m;
      }
    }
    return top;
  }
}
