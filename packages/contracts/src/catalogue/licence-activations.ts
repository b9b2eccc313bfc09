/**
 * Unit and licence activation, a grantable permission (spec 001 §6; /unit_license_activation; "license limit reached").
 */
import type { EndpointDef } from './define.js';

export const licenceActivationEndpoints = {} as const satisfies Record<string, EndpointDef>;
