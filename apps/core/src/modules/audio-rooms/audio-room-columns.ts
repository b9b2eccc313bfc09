/** The codec of the AudioRoom row's JSON column. */
import { z } from 'zod';
import { AUDIO_ROOM_PARTICIPANT_KINDS } from '@fleet/contracts';
import { jsonColumn, lenientArray } from '../../platform/storage/json-column.js';

/**
 * Spec 001 §3 audio room participants: `[{ kind: unit | channel | user, id }]`. Names are not
 * stored (they follow the unit, channel or user); an entry that does not fit is dropped.
 */
export const audioRoomParticipants = jsonColumn(
  lenientArray(z.looseObject({ kind: z.enum(AUDIO_ROOM_PARTICIPANT_KINDS), id: z.string().min(1) })).transform((xs) => xs ?? []),
  () => [],
);
