/**
 * Usage reports by data and time (spec 001 §2 /reports; §4 usage kinds).
 */
import type { EndpointDef } from './define.js';

export const usageReportEndpoints = {} as const satisfies Record<string, EndpointDef>;
