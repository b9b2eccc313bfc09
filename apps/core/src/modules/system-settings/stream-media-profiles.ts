/**
 * Stream media profiles (spec 001 §2 /system_settings stream_media_profile; §3 min and max
 * resolution, fps, bitrate, attributes JSON; §5 "Stream media profile values 0-2147483647").
 *
 * - Names are unique ("Name field has to be unique"; the unique index backs the check).
 * - Values are integers 0-2147483647 (checked by the call's schema); min resolution is not above
 *   max, an update giving one of them checked against the stored other.
 * - The streaming destinations read the same rows (channels' `fetchStreamMediaProfiles`).
 */
import {
  VALIDATION,
  type CreateStreamMediaProfileBody,
  type StreamMediaProfileSearchQuery,
  type StreamMediaProfileSetting,
  type UpdateStreamMediaProfileBody,
} from '@fleet/contracts';
import { callsOf } from '../../calls.js';
import { validationError } from '../../errors.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import { settingsJson } from '../channels/stream-settings-columns.js';
import { defineSettingKind, settingService } from './setting-kind.js';
import { uniqueName } from './settings-support.js';
import * as repo from './repository.js';

export const streamMediaProfileKind = defineSettingKind<{
  row: repo.StreamMediaProfileRecord;
  out: StreamMediaProfileSetting;
  create: CreateStreamMediaProfileBody;
  update: UpdateStreamMediaProfileBody;
  query: StreamMediaProfileSearchQuery;
}>()({
  kind: 'stream_media_profile',
  store: repo.streamMediaProfiles,
  present: (row) => ({
    id: row.id,
    name: row.name,
    minResolution: row.minResolution,
    maxResolution: row.maxResolution,
    fps: row.fps,
    bitrate: row.bitrate,
    attributes: settingsJson.read(row.attributes),
    ...recordStamps(row),
  }),
  list: {
    search: (p) => [p.name],
    sort: (p, key) => p[key],
    tieBreak: (p) => p.name,
  },
  insert: (body) => ({
    name: body.name,
    minResolution: body.minResolution,
    maxResolution: body.maxResolution,
    fps: body.fps,
    bitrate: body.bitrate,
    attributes: settingsJson.write(body.attributes ?? {}),
  }),
  changes: (body) => ({
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.minResolution !== undefined ? { minResolution: body.minResolution } : {}),
    ...(body.maxResolution !== undefined ? { maxResolution: body.maxResolution } : {}),
    ...(body.fps !== undefined ? { fps: body.fps } : {}),
    ...(body.bitrate !== undefined ? { bitrate: body.bitrate } : {}),
    ...(body.attributes !== undefined ? { attributes: settingsJson.write(body.attributes) } : {}),
  }),
  /** An update's min resolution not above its max (a create's body checks its own). */
  check: ({ body, row }) => {
    if (row === null || (body.minResolution ?? row.minResolution) <= (body.maxResolution ?? row.maxResolution)) return;
    const path = body.maxResolution !== undefined ? 'body.maxResolution' : 'body.minResolution';
    throw validationError([{ path, message: VALIDATION.minResolutionAboveMax }]);
  },
  unique: [uniqueName],
});

export class StreamMediaProfileService extends settingService(streamMediaProfileKind) {}

export const streamMediaProfileCalls = callsOf<StreamMediaProfileService>()({
  listStreamMediaProfiles: (svc, { query }) => svc.list(query),
  getStreamMediaProfile: (svc, { params }) => svc.get(params.id),
  createStreamMediaProfile: (svc, { body }) => svc.create(body),
  updateStreamMediaProfile: (svc, { params, body }) => svc.update(params.id, body),
  deleteStreamMediaProfile: (svc, { params }) => svc.delete(params.id),
});
