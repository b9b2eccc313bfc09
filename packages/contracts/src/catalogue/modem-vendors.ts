/**
 * Modem vendors and their models (spec 001 §2 /system_settings modem_vendor; support-staff menu Modems Vendor/Model).
 */
import type { EndpointDef } from './define.js';

export const modemVendorEndpoints = {} as const satisfies Record<string, EndpointDef>;
