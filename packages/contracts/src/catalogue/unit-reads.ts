/** Unit reads (GET) of spec 000 §7. */
import type { EndpointDef } from './define.js';

export const unitReadEndpoints = {} as const satisfies Record<string, EndpointDef>;
