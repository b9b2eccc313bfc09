/**
 * Unit list rules that are the console's own (display and the start/stop transition); the spec's
 * rules (status groups, counters, battery, bitrate) come from @fleet/domain.
 */
import { isOnlineLike, isStreaming } from '@fleet/domain';
import type { UnitStatus, UnitSummary } from '@fleet/contracts';
import type { ActivityState } from '../../lib/transitions/transitions';

type UnitState = Pick<UnitSummary, 'status' | 'applications'>;

/** Statuses in which the unit sends live video. */
const STREAMING_STATUSES: readonly UnitStatus[] = ['streaming', 'streamingandforwarding'];

export function isUnitStreaming(unit: UnitState): boolean {
  return STREAMING_STATUSES.includes(unit.status) || isStreaming(unit.applications);
}

/** The unit's stream as the start/stop transition reads it: running while the unit streams. */
export function streamState(unit: UnitState): ActivityState {
  return isUnitStreaming(unit) ? 'running' : 'off';
}

/** Why a unit cannot start streaming now (the core refuses the same cases), or null. */
export type StartBlocker = 'notOnline' | 'streaming' | 'license' | 'camera';

/**
 * Start needs a unit that is online (online, idle or forwarding), not streaming yet, with a valid
 * video licence and its camera connected (else the core answers UNIT_VIDEO_LICENSE_INVALID or
 * CAMERA_NOT_CONNECTED).
 */
export function startBlocker(unit: UnitState & Pick<UnitSummary, 'licenseValid' | 'cameraConnected'>): StartBlocker | null {
  if (isUnitStreaming(unit)) return 'streaming';
  if (!isOnlineLike(unit.status)) return 'notOnline';
  if (!unit.licenseValid) return 'license';
  if (!unit.cameraConnected) return 'camera';
  return null;
}

export function canStop(unit: UnitState): boolean {
  return isUnitStreaming(unit);
}

/** Badge colour per status (Mantine colour names). */
const STATUS_COLOURS: Record<UnitStatus, string> = {
  offline: 'gray',
  unavailable: 'gray',
  idle: 'green',
  online: 'green',
  forwarding: 'teal',
  streaming: 'red',
  streamingandforwarding: 'red',
  storeandforward: 'orange',
  fetchlogs: 'cyan',
  upgrading: 'violet',
  transparent_bridge: 'indigo',
  setup_transparent_bridge: 'indigo',
  speedtest: 'yellow',
};

/** A status this console does not know (a newer core's) is neutral. */
export function statusColour(status: UnitStatus): string {
  return STATUS_COLOURS[status] ?? 'gray';
}
