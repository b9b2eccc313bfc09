/** Unit updates (PUT v2/units/{id}/... and the v0/unversioned ones) of spec 000 §7. */
import type { EndpointDef } from './define.js';

export const unitUpdateEndpoints = {} as const satisfies Record<string, EndpointDef>;
