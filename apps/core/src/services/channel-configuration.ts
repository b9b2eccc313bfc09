/**
 * Channel configuration calls of spec 001 §7 Channels (ffmpeg, input sources, streaming destinations, SMPTE, logs...).
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class ChannelConfigurationService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const channelConfigCalls = callsOf<ChannelConfigurationService>()({});
