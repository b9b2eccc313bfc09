/**
 * The activities the unit detail starts and stops (spec 000 §4): each maps to the application(s)
 * it runs on the unit, and a start/stop passes through connecting/disconnecting until the unit
 * shows the expected application state (or the transition polling gives up).
 */
import { shouldIgnoreVrOrDatabridgeUpdate } from '@fleet/domain';
import type { Applications, ApplicationState, MultiCameraMode, UnitApplicationKey } from '@fleet/contracts';

export type DetailActivity = 'video' | 'multiCamera' | 'databridge' | 'videoReturn' | 'intercom1' | 'intercom2';
export type Direction = 'start' | 'stop';
/** Spec 000 §4: start and stop pass through connecting and disconnecting. */
export type TransitionKind = 'connecting' | 'disconnecting';

export function transitionKindOf(direction: Direction): TransitionKind {
  return direction === 'start' ? 'connecting' : 'disconnecting';
}

/** What the detail shows for one activity. */
export type ActivityState = 'off' | 'connecting' | 'running' | 'disconnecting' | 'failed';

/** The application keys one multi-camera mode runs on. */
export function multiCameraApplication(mode: MultiCameraMode): UnitApplicationKey {
  return mode === 'highQuality' ? 'multiCamera' : mode;
}

/**
 * The application(s) an intercom mode runs on: an audio room runs `audioRoom`; a target channel
 * runs the channel's return audio (`ifb`, or `audioCallBySelectedChannel` on units that report it).
 */
export function intercomApplications(mode: 'audioRoom' | 'targetChannel'): UnitApplicationKey[] {
  return mode === 'audioRoom' ? ['audioRoom'] : ['ifb', 'audioCallBySelectedChannel'];
}

function fromApplicationState(state: ApplicationState): ActivityState {
  switch (state) {
    case 'connecting':
      return 'connecting';
    case 'running':
    case 'speedtest':
      return 'running';
    case 'disconnecting':
    case 'stopping':
      return 'disconnecting';
    case 'failed':
      return 'failed';
  }
}

/**
 * The state of the activity running on `keys` (the first key present wins). Video return and
 * databridge ignore connecting and stopping updates (spec 000 §4): while the unit reports one of
 * those the activity keeps the state it had before (connecting: still off; stopping: still running).
 */
export function activityState(applications: Applications, keys: readonly UnitApplicationKey[]): ActivityState {
  for (const key of keys) {
    const info = applications[key];
    if (info === undefined) continue;
    if ((key === 'videoReturn' || key === 'databridge') && shouldIgnoreVrOrDatabridgeUpdate(info.state)) {
      return info.state === 'connecting' ? 'off' : 'running';
    }
    return fromApplicationState(info.state);
  }
  return 'off';
}

/** The transition flag clears when the unit shows the expected application state. */
export function reachedExpectedState(kind: TransitionKind, state: ActivityState): boolean {
  return kind === 'connecting' ? state === 'running' || state === 'failed' : state === 'off';
}

/** The state to show: a pending transition until the expected state shows, else the unit's own. */
export function displayState(pending: TransitionKind | undefined, state: ActivityState): ActivityState {
  if (pending === undefined || reachedExpectedState(pending, state)) return state;
  return pending;
}

/** Start is offered when the activity is off (or failed); stop while it runs or is on its way. */
export function canStartActivity(state: ActivityState): boolean {
  return state === 'off' || state === 'failed';
}

export function canStopActivity(state: ActivityState): boolean {
  return state === 'running' || state === 'connecting';
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
