/**
 * Groups (spec 001 §7 Groups): lists, admin CRUD, members and associations, fetch_details/update/add/remove, default configuration, multiChannels.
 */
import { endpoint, type EndpointDef } from './define.js';

void endpoint;

export const groupEndpoints = {} as const satisfies Record<string, EndpointDef>;
