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
  /** The sliced step under way (advanceInSlices), null otherwise. */
  private step: { from: number; to: number; cancelled: boolean } | null = null;

  /** `start`: the simulated time it starts at (ms since the epoch; by default the wall clock's now). */
  constructor(start: number = systemClock.now(), mode: ClockMode = { kind: 'realtime' }) {
    this.simNow = Math.round(start);
    this.stepped = true; // so that setMode reads simNow as the current time
    this.setMode(mode);
  }

  setMode(mode: ClockMode): void {
    this.simNow = this.now();
    // A step belongs to the stepped mode: leaving it ends the step where it got to.
    if (mode.kind !== 'stepped') this.step = null;
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
    let active = true;
    // The next firing follows the due time of this one as it stands (a skip moves it).
    let timer = this.timer(this.now() + Math.max(0, Math.round(firstDelayMs)), () => tick());
    const tick = () => {
      if (!active) return;
      const due = timer.due;
      fn();
      if (active) timer = this.timer(due + intervalMs, () => tick());
    };
    return () => {
      active = false;
      timer.cancelled = true;
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
    const t = this.timer(due, fn);
    return () => {
      t.cancelled = true;
    };
  }

  private timer(due: number, fn: () => void): Timer {
    const t: Timer = { due: Math.round(due), order: this.order++, fn, cancelled: false };
    this.push(t);
    this.arm();
    return t;
  }

  /** Stepped mode: advance simulated time, firing every timer that falls due on the way. */
  advance(ms: number): void {
    if (!this.stepped) throw new Error('advance() needs the stepped clock mode');
    if (this.step) throw new Error('a step of the clock is under way');
    const target = this.simNow + ms;
    this.advanceTarget = target;
    try {
      this.fireUntil(target, Number.POSITIVE_INFINITY);
    } finally {
      this.advanceTarget = null;
    }
    this.simNow = target;
  }

  /**
   * Stepped mode: advance simulated time by `ms` in slices of at most `sliceMs` of real time,
   * handing the event loop back between slices (`pause`), so whatever shares the process (the core,
   * its requests) keeps answering during a step of an hour or a day. The first slice runs before
   * this returns, so a short step is done at once (`done` is then already resolved and
   * {@link stepping} null). Timers set meanwhile (a command from the core) fall due in simulated time
   * from where the step got to. {@link cancelStep}, a mode change or {@link stop} ends the step where
   * it got to; `done` tells whether it reached its end.
   */
  advanceInSlices(
    ms: number,
    opts: { sliceMs: number; pause: () => Promise<void>; afterSlice?: () => void; horizonMs?: number },
  ): { done: Promise<{ completed: boolean }> } {
    if (!this.stepped) throw new Error('advanceInSlices() needs the stepped clock mode');
    if (this.step) throw new Error('a step of the clock is under way');
    const step = { from: this.simNow, to: this.simNow + ms, cancelled: false };
    this.step = step;
    // Beyond the horizon, the time before it passes with every timer moved along (see skip).
    if (opts.horizonMs !== undefined && ms > opts.horizonMs) this.skip(ms - opts.horizonMs);
    const ended = () => step.cancelled || !this.stepped || this.stopped || this.step !== step;
    const slice = (): boolean => {
      this.advanceTarget = step.to;
      try {
        return this.fireUntil(step.to, performance.now() + opts.sliceMs);
      } finally {
        this.advanceTarget = null;
      }
    };
    const finish = (completed: boolean) => {
      if (this.step === step) this.step = null;
      if (completed) this.simNow = step.to;
      return { completed };
    };
    if (slice()) {
      opts.afterSlice?.();
      return { done: Promise.resolve(finish(true)) };
    }
    opts.afterSlice?.();
    const run = async (): Promise<{ completed: boolean }> => {
      for (;;) {
        await opts.pause();
        if (ended()) return finish(false);
        const reached = slice();
        opts.afterSlice?.();
        if (reached) return finish(true);
      }
    };
    return { done: run() };
  }

  /**
   * Move simulated time `ms` on with every pending timer moved as far: what was to happen in a
   * minute still happens a minute after the new now. The order of timers is kept (the same shift for
   * all), and nothing fires. What the timers' owners compute from elapsed time (a battery's drain,
   * a link's walk: `tick` with the time since the last one) sees the whole span.
   */
  private skip(ms: number): void {
    for (const t of this.heap) t.due += ms;
    this.simNow += ms;
  }

  /** The step under way ({@link advanceInSlices}): from, to; `now()` is how far it got. */
  stepping(): { from: number; to: number } | null {
    return this.step ? { from: this.step.from, to: this.step.to } : null;
  }

  /** End the step under way where it got to; false when there is none. */
  cancelStep(): boolean {
    if (!this.step) return false;
    this.step.cancelled = true;
    this.step = null;
    return true;
  }

  /** Fire the timers due by `target` in order, until real time reaches `deadline`; true when none is left by `target`. */
  private fireUntil(target: number, deadline: number): boolean {
    let n = 0;
    for (;;) {
      const next = this.peek();
      if (!next || next.due > target) return true;
      // Real time is read every 64 timers: a timer costs microseconds, reading the time about as much.
      if ((++n & 63) === 0 && performance.now() >= deadline) return false;
      this.pop();
      this.simNow = Math.max(this.simNow, next.due);
      if (!next.cancelled) next.fn();
    }
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
    this.step = null;
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
