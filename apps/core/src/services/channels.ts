/**
 * Channel reads, admin channel calls and associations of spec 001 §7 Channels.
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class ChannelService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const channelsCalls = callsOf<ChannelService>()({});
