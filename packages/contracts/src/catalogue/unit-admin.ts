/** Admin unit calls (under the admin path) of spec 000 §7. */
import type { EndpointDef } from './define.js';

export const unitAdminEndpoints = {} as const satisfies Record<string, EndpointDef>;
