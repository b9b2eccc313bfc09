/**
 * Start/stop transitions of spec 000 §4, whatever is started (a unit's stream in the list, an
 * activity of the unit detail): a start shows connecting and a stop disconnecting until the unit
 * shows the expected application state; otherwise the flag is cleared after polling the unit
 * TIMINGS.transitionPollCount times at TIMINGS.transitionPollIntervalMs. Pure; useTransitions.ts
 * is the hook.
 */

export type Direction = 'start' | 'stop';
/** Spec 000 §4: start and stop pass through connecting and disconnecting. */
export type TransitionKind = 'connecting' | 'disconnecting';

/** What is shown for something a user starts and stops. */
export type ActivityState = 'off' | 'connecting' | 'running' | 'disconnecting' | 'failed';

export function transitionKindOf(direction: Direction): TransitionKind {
  return direction === 'start' ? 'connecting' : 'disconnecting';
}

/** The transition flag clears when the unit shows the expected state (a failed start ends it too). */
export function reachedExpectedState(kind: TransitionKind, state: ActivityState): boolean {
  return kind === 'connecting' ? state === 'running' || state === 'failed' : state === 'off';
}

/** The transition still to show: the pending one until the expected state shows, else null. */
export function pendingTransition(pending: TransitionKind | undefined, state: ActivityState): TransitionKind | null {
  return pending === undefined || reachedExpectedState(pending, state) ? null : pending;
}

/** The state to show: a pending transition until the expected state shows, else the unit's own. */
export function displayState(pending: TransitionKind | undefined, state: ActivityState): ActivityState {
  return pendingTransition(pending, state) ?? state;
}

/** Resolves true after `ms`, false at once when aborted. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<boolean>;

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal.aborted) {
      resolve(false);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

export interface PollOptions {
  readonly count: number;
  readonly intervalMs: number;
  readonly signal: AbortSignal;
  readonly sleep: Sleep;
  /** True when the expected state already shows (e.g. patched in by a realtime event). */
  readonly reached: () => boolean;
  /** Reads the unit again; true when the fresh answer shows the expected state. */
  readonly poll: () => Promise<boolean>;
}

/**
 * Spec 000 §4 "a transition is auto-cleared after polling 10 times at 2 s intervals": waits one
 * interval, stops as soon as the state shows, else polls, at most `count` times. Resolves
 * 'reached', 'exhausted' (the flag is cleared anyway) or 'aborted'. A failed poll counts as a poll.
 */
export async function pollTransition(options: PollOptions): Promise<'reached' | 'exhausted' | 'aborted'> {
  for (let done = 0; done < options.count; done += 1) {
    if (!(await options.sleep(options.intervalMs, options.signal))) return 'aborted';
    if (options.reached()) return 'reached';
    try {
      if (await options.poll()) return 'reached';
    } catch {
      if (options.signal.aborted) return 'aborted';
    }
  }
  return options.signal.aborted ? 'aborted' : 'exhausted';
}
