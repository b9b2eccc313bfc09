/**
 * Audio rooms (spec 001 §3 Audio room; IFB and tally): create, update, delete, participants, intercom flag; counts per inventory.
 */
import { endpoint, type EndpointDef } from './define.js';

void endpoint;

export const audioRoomEndpoints = {} as const satisfies Record<string, EndpointDef>;
