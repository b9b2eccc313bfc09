/**
 * Channel configuration of spec 001 §7: ffmpeg (also under admin), input sources, streaming destinations (fetch_cdns, add/update/remove details), streaming media profiles, social media details, bandwidth limit, private session, SMPTE, fetchlogs, STUN/TURN info.
 */
import { endpoint, type EndpointDef } from './define.js';

void endpoint;

export const channelConfigurationEndpoints = {
} as const satisfies Record<string, EndpointDef>;
