/**
 * Software versions (spec 001 §3 Software version; /sw_version; "software version exists").
 */
import type { EndpointDef } from './define.js';

export const softwareVersionEndpoints = {} as const satisfies Record<string, EndpointDef>;
