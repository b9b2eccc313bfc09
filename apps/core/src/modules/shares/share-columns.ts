/** The codec of the Publisher row's JSON column. */
import { z } from 'zod';
import { jsonColumn, lenientArray } from '../../platform/storage/json-column.js';

/**
 * Spec 001 §3 Publisher (what a group's publisher shares): `{ channelIds, vrChannelIds }`. Names are
 * not stored (they follow the channels); an entry or a value that does not fit is dropped.
 */
export const publisherSources = jsonColumn(
  z
    .looseObject({ channelIds: lenientArray(z.string().min(1)), vrChannelIds: lenientArray(z.string().min(1)) })
    .transform((v) => ({ channelIds: v.channelIds ?? [], vrChannelIds: v.vrChannelIds ?? [] })),
  () => ({ channelIds: [], vrChannelIds: [] }),
);
