/**
 * The licence and hardware a unit's application needs before it may start (spec 000 §8 texts): the
 * refusal of an application the unit's capabilities or its camera rule out, or null. The
 * applications with rules of their own (video, store, forward, the IP pipe, upgrade, logs) are the
 * device's.
 */
import type { DeviceSpec, UnitApplicationKey } from '@fleet/contracts';
import { refused, type Reaction } from '../reaction.js';

export function licenceRefusal(key: UnitApplicationKey, caps: DeviceSpec['capabilities'], cameraConnected: boolean): Reaction | null {
  switch (key) {
    case 'databridge':
      return caps.databridge === false ? refused('DATABRIDGE_LICENSE_DISABLED') : null;
    case 'videoReturn':
      return caps.videoReturn === false ? refused('NO_VIDEO_RETURN_LICENSE') : null;
    case 'multiCamera':
    case 'switcher':
    case 'switcherAndProxy':
      if (caps.multiCamera === false) return refused('NO_MULTI_CAMERA_LICENSE');
      return cameraConnected ? null : refused('CAMERA_NOT_CONNECTED');
    case 'audioRoom':
    case 'ifb':
    case 'audioCallBySelectedChannel':
      return caps.intercom === false ? refused('INTERCOM_SERVER_MISMATCH') : null;
    default:
      return null;
  }
}
