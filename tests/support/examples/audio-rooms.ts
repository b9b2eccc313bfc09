/**
 * Role-matrix examples of the audio rooms calls (see ../catalogue-examples.ts for what an example is).
 */
import type { audioRoomEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

const slug = (role: string) => role.replace(/_/g, '-');

export const AUDIO_ROOMS_EXAMPLES: { [K in keyof typeof audioRoomEndpoints]: Example<K> } = {
  listInventoryAudioRooms: { input: (r) => ({ params: { id: r.inventory }, query: {} }) },
  countInventoryAudioRooms: { input: (r) => ({ params: { id: r.inventory } }) },
  createAudioRoom: { input: (r, w) => ({ params: { id: r.inventory }, body: { name: `Matrix-Room-${slug(w.role)}`, intercom: true } }) },
  listAudioRoomCandidates: { input: (r) => ({ params: { id: r.inventory } }) },
  getAudioRoom: { input: (r) => ({ params: { id: r.audioRoom } }) },
  updateAudioRoom: { input: (r) => ({ params: { id: r.audioRoom }, body: { intercom: true } }) },
  // The role's own user account is a user of the shared inventory (an id, not a ref: it stays put when the room is swapped).
  setAudioRoomParticipants: { input: (r, w) => ({ params: { id: r.audioRoom }, body: { participants: [{ kind: 'user', id: `usr-${w.role}` }] } }) },
  // Stopping a room that is not running: no IFB server involved, so no device state to wait for.
  setAudioRoomActive: { input: (r) => ({ params: { id: r.audioRoom }, body: { active: false } }) },
  deleteAudioRoom: { input: (r) => ({ params: { id: r.deleteAudioRoom } }) },
};
