/**
 * Stream media profiles (spec 001 §2 /system_settings stream_media_profile; §3 min and max resolution, fps, bitrate, attributes JSON; §5 values 0-2147483647).
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class StreamMediaProfileService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const streamMediaProfileCalls = callsOf<StreamMediaProfileService>()({});
