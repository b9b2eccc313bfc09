/**
 * System messages that feed the global notification banner (spec 001 §2 system messages, global notification banner; §3 Notification expireDate, globalNotification; §9 expiry flags within 2 h and 24 h).
 */
import type { EndpointDef } from './define.js';

export const systemMessageEndpoints = {} as const satisfies Record<string, EndpointDef>;
