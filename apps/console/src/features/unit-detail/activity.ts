/**
 * The activities the unit detail starts and stops (spec 000 §4): each maps to the application(s)
 * it runs on the unit; its start/stop transitions are the console's one mechanism (lib/transitions).
 */
import { shouldIgnoreVrOrDatabridgeUpdate } from '@fleet/domain';
import type { Applications, ApplicationState, MultiCameraMode, UnitApplicationKey } from '@fleet/contracts';
import type { ActivityState } from '../../lib/transitions/transitions';

export type DetailActivity = 'video' | 'multiCamera' | 'databridge' | 'videoReturn' | 'intercom1' | 'intercom2';

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

/** Start is offered when the activity is off (or failed); stop while it runs or is on its way. */
export function canStartActivity(state: ActivityState): boolean {
  return state === 'off' || state === 'failed';
}

export function canStopActivity(state: ActivityState): boolean {
  return state === 'running' || state === 'connecting';
}
