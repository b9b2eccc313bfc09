/**
 * Group alerts configuration (spec 001 §7 Groups: v2/groups/{id}/alerts/configuration; §4 alerts configuration modes, e-mail recipient verification).
 */
import { endpoint, type EndpointDef } from './define.js';

void endpoint;

export const groupAlertEndpoints = {} as const satisfies Record<string, EndpointDef>;
