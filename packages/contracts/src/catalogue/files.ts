/**
 * Channel files and unit files (spec 001 §7 Channel files; spec 000 §2 Files, §3 File).
 */
import type { EndpointDef } from './define.js';

export const fileEndpoints = {} as const satisfies Record<string, EndpointDef>;
