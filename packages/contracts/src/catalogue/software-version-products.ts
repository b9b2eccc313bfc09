/**
 * Software versions by product (spec 001 §2 /system_settings software_version_product; §3 Software version supported devices).
 */
import type { EndpointDef } from './define.js';

export const softwareVersionProductEndpoints = {} as const satisfies Record<string, EndpointDef>;
