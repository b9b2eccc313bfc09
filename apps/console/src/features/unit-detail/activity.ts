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
 * Spec 001 §4 "Intercom: bridging states connecting, bridging, stopping; collecting states
 * connecting, collecting, stopping". Reading: an intercom session to a target channel is bridged
 * to that channel's return audio (bridging), one in an audio room is collected with the room's
 * other participants (collecting); both go through connecting on the way up and stopping on the
 * way down.
 */
export const INTERCOM_BRIDGING_STATES = ['connecting', 'bridging', 'stopping'] as const;
export const INTERCOM_COLLECTING_STATES = ['connecting', 'collecting', 'stopping'] as const;
export type IntercomPhase = 'off' | 'failed' | (typeof INTERCOM_BRIDGING_STATES)[number] | (typeof INTERCOM_COLLECTING_STATES)[number];

/** The phase of an intercom session of `mode` whose activity (its application or its transition) is `state`. */
export function intercomPhase(mode: 'audioRoom' | 'targetChannel', state: ActivityState): IntercomPhase {
  switch (state) {
    case 'off':
    case 'failed':
      return state;
    case 'connecting':
      return 'connecting';
    case 'running':
      return mode === 'targetChannel' ? 'bridging' : 'collecting';
    case 'disconnecting':
      return 'stopping';
  }
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
