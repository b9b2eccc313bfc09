/** Audio rooms (spec 001 §3 Audio room; IFB and tally): create, update, delete, participants, intercom flag; counts per inventory. */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class AudioRoomService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const audioRoomCalls = callsOf<AudioRoomService>()({});
