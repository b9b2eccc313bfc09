/**
 * Stream providers and their stream profiles (spec 001 §2 /system_settings stream_providers, stream_profile; §5 only one main stream profile per provider).
 */
import type { EndpointDef } from './define.js';

export const streamProviderEndpoints = {} as const satisfies Record<string, EndpointDef>;
