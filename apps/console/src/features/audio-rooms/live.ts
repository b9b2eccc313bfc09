/** An inventory's audio rooms are read again on their events (registered in src/live/). */
import { onEach, reread } from '../../realtime/liveRegistry';
import type { LiveResource } from '../../realtime/liveRegistry';

const ROOM_READS = ['listInventoryAudioRooms', 'countInventoryAudioRooms'] as const;

export const audioRoomsLive: LiveResource = {
  resource: 'audioRooms',
  events: onEach(['audioRoom.changed', 'audioRoom.removed'] as const, { rereads: ROOM_READS, apply: reread(ROOM_READS) }),
};
