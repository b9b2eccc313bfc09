/**
 * Client applications (spec 001 §2 /system_settings client_application; support-staff menu Client Application).
 */
import type { EndpointDef } from './define.js';

export const clientApplicationEndpoints = {} as const satisfies Record<string, EndpointDef>;
