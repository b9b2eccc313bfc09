/**
 * Role-matrix examples of the audio rooms calls (see ../catalogue-examples.ts for what an example is).
 */
import type { audioRoomEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const AUDIO_ROOMS_EXAMPLES: { [K in keyof typeof audioRoomEndpoints]: Example<K> } = {};
