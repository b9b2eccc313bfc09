/**
 * Organisations and their inventories (spec 001 §2 /system_settings organization, organization_inventory; §3 Organisation: name, external UID, default role, max users).
 */
import type { EndpointDef } from './define.js';

export const organisationEndpoints = {} as const satisfies Record<string, EndpointDef>;
