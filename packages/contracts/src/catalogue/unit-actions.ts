/** Unit actions (POST), deletes, social media and CDN streams of spec 000 §7. */
import type { EndpointDef } from './define.js';

export const unitActionEndpoints = {} as const satisfies Record<string, EndpointDef>;
