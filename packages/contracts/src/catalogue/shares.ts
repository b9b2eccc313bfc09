/**
 * Shares (spec 001 §3 Publisher, Subscriber / folder, Share link; §5 rules; /publishers and /subscribers).
 */
import type { EndpointDef } from './define.js';

export const shareEndpoints = {} as const satisfies Record<string, EndpointDef>;
