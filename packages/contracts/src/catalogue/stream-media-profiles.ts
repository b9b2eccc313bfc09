/**
 * Stream media profiles (spec 001 §2 /system_settings stream_media_profile; §3 min and max resolution, fps, bitrate, attributes JSON; §5 values 0-2147483647).
 *
 * The spec shows no calls; these are what the tab needs: a paged list searchable by name, create,
 * read, update (with the row version) and delete, for the system admin console
 * (PLATFORM_ADMIN_ROLES). The streaming destinations read the same profiles through
 * `fetchStreamMediaProfiles`. Changes are announced on /ws as `streamSetting.changed`.
 */
import { PLATFORM_ADMIN_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import {
  CreateStreamMediaProfileBody,
  StreamMediaProfileDeleted,
  StreamMediaProfilePage,
  StreamMediaProfileSearchQuery,
  StreamMediaProfileSetting,
  UpdateStreamMediaProfileBody,
} from '../entities/stream-media-profiles.js';
import { endpoint, type EndpointDef } from './define.js';

const admin = { roles: PLATFORM_ADMIN_ROLES, scope: 'none' } as const;

export const streamMediaProfileEndpoints = {
  listStreamMediaProfiles: endpoint({
    method: 'GET',
    path: '/v2/admin/streamMediaProfiles',
    summary: 'The stream media profiles (the stream_media_profile tab): page of 50, search by name',
    spec: '001 §2 /system_settings stream_media_profile; §3 Stream media profile',
    ...admin,
    query: StreamMediaProfileSearchQuery,
    response: StreamMediaProfilePage,
  }),
  getStreamMediaProfile: endpoint({
    method: 'GET',
    path: '/v2/admin/streamMediaProfiles/{id}',
    summary: 'A stream media profile (the edit form, with its version)',
    spec: '001 §3 Stream media profile',
    ...admin,
    params: IdParams,
    response: StreamMediaProfileSetting,
  }),
  createStreamMediaProfile: endpoint({
    method: 'POST',
    path: '/v2/admin/streamMediaProfiles',
    summary: 'Create a stream media profile (name, unique; min and max resolution, fps, bitrate 0-2147483647, min not above max; attributes JSON object)',
    spec: "001 §3 Stream media profile; §5 'Stream media profile values 0-2147483647', 'Name field has to be unique'",
    ...admin,
    body: CreateStreamMediaProfileBody,
    response: StreamMediaProfileSetting,
    successStatus: 201,
  }),
  updateStreamMediaProfile: endpoint({
    method: 'PUT',
    path: '/v2/admin/streamMediaProfiles/{id}',
    summary: 'Change a stream media profile (same rules as create)',
    spec: "001 §3 Stream media profile; §5 'Stream media profile values 0-2147483647'",
    ...admin,
    params: IdParams,
    body: UpdateStreamMediaProfileBody,
    response: StreamMediaProfileSetting,
  }),
  deleteStreamMediaProfile: endpoint({
    method: 'DELETE',
    path: '/v2/admin/streamMediaProfiles/{id}',
    summary: 'Delete a stream media profile',
    spec: '001 §3 Stream media profile',
    ...admin,
    params: IdParams,
    response: StreamMediaProfileDeleted,
  }),
} as const satisfies Record<string, EndpointDef>;
