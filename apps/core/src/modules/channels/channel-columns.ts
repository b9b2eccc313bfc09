/** The codecs of the Channel row's JSON columns (and of audio room participants, which name channels and units). */
import { z } from 'zod';
import { booleanMap, jsonColumn, lenient, lenientArray } from '../../platform/storage/json-column.js';

const text = z.string();

export const channelCapabilities = booleanMap;

/**
 * Channel.fileTransfer: what the channel is receiving — a file (path, status) or a unit's logs for
 * a support case (kind "logs", unitId, supportCaseId, status sending → done | cancelled).
 */
export const channelFileTransfer = jsonColumn(
  z.looseObject({
    kind: lenient(text),
    unitId: lenient(text),
    supportCaseId: lenient(text),
    status: lenient(text),
    path: lenient(text),
    startedAt: lenient(text),
    finishedAt: lenient(text),
  }),
  () => ({}),
);

/** AudioRoom.participants: the units and channels taking part. */
export const audioRoomParticipants = jsonColumn(
  lenientArray(z.looseObject({ kind: lenient(text), id: lenient(text) })).transform((p) => p ?? []),
  () => [],
);
