/**
 * AI credentials (spec 001 §2 /system_settings ai_settings; §6 Read Only users cannot use AI).
 */
import type { EndpointDef } from './define.js';

export const aiCredentialEndpoints = {} as const satisfies Record<string, EndpointDef>;
