/** Audio rooms. */
import { bind } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import { AudioRoomService, audioRoomCalls } from './audio-rooms.js';

/** The audio rooms module's services. */
export function create(deps: ServiceDeps) {
  return { audioRooms: new AudioRoomService(deps) };
}

export type AudioRoomsServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [bind((s: AudioRoomsServices) => s.audioRooms, audioRoomCalls)] as const;
