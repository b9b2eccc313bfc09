/**
 * Remote actions (spec 001 §2 /remote_actions for partners and super users): support actions on devices of the caller's inventories.
 */
import { endpoint, type EndpointDef } from './define.js';

void endpoint;

export const remoteActionEndpoints = {} as const satisfies Record<string, EndpointDef>;
