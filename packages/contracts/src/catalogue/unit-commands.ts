/** POST devices/{id}/commands/{command} of spec 000 §7, one declaration per command kind. */
import type { EndpointDef } from './define.js';

export const unitCommandEndpoints = {} as const satisfies Record<string, EndpointDef>;
