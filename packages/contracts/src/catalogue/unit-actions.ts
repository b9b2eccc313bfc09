/**
 * Unit actions (POST), deletes, social media and CDN streams of spec 000 §7. (`stream` itself —
 * startUnitStream / stopUnitStream — is declared in ./units.ts.)
 *
 * Each start/stop reaches the device as a DeviceCommand `{ type: 'action' }`; the device answers
 * at once and passes through connecting/disconnecting (spec 000 §4); the unit's status is derived
 * from its applications by packages/domain and arrives on /ws.
 */
import { z } from 'zod';
import { ALL_ROLES, MANAGE_ROLES, READ_ONLY_ROLES, UNIT_CONTROL_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import {
  AddUnitServiceBody,
  ConnectIpPipeBody,
  DeleteUnitFilesBody,
  DeleteUnitFilesResult,
  ExternalStreamResult,
  FetchLogsResult,
  IntercomSessionParams,
  IntercomSessionResult,
  IpPipeConnectionResult,
  StartDatabridgeBody,
  StartExternalStreamBody,
  StartFetchLogsBody,
  StartIntercomBody,
  StartMultiCameraBody,
  StartSwitcherBody,
  StartVideoReturnBody,
  UnitActionOutcome,
  UnitPairingRemoved,
  UnitServiceParams,
  UpdateUserContactBody,
  UploadUnitFilesBody,
  UploadUnitFilesResult,
} from '../entities/unit-actions.js';
import { UnitServiceInfo, UserContact } from '../entities/unit-reads.js';
import { endpoint, type EndpointDef } from './define.js';

const unitScoped = { scope: 'unit', params: IdParams } as const;

export const unitActionEndpoints = {
  // ── services ──────────────────────────────────────────────────────────────────────────────
  addUnitService: endpoint({
    method: 'POST',
    path: '/v2/units/{id}/services',
    summary: 'Enable a service on the unit (licence / service activation)',
    spec: '000 §7 Unit actions: services; 000 §6 services need the manage roles',
    roles: MANAGE_ROLES,
    ...unitScoped,
    body: AddUnitServiceBody,
    response: UnitServiceInfo,
  }),
  removeUnitService: endpoint({
    method: 'DELETE',
    path: '/v2/units/{id}/services/{serviceId}',
    summary: 'Remove a service from the unit (serviceId: the service id or its name)',
    spec: '000 §7 Deletes: services/{id}',
    roles: MANAGE_ROLES,
    scope: 'unit',
    params: UnitServiceParams,
    response: z.array(UnitServiceInfo),
  }),

  // ── stream variants ───────────────────────────────────────────────────────────────────────
  startMultiCameraStream: endpoint({
    method: 'POST',
    path: '/v2/units/{id}/stream/multiplecamera',
    summary: 'Start multi-camera (Multi-HQ) streaming',
    spec: "000 §7 Unit actions: stream/multiplecamera; §8 'No Multi Camera license', 'Camera not connected'",
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    body: StartMultiCameraBody.optional(),
    response: UnitActionOutcome,
  }),
  stopMultiCameraStream: endpoint({
    method: 'DELETE',
    path: '/v2/units/{id}/stream/multiplecamera',
    summary: 'Stop multi-camera streaming',
    spec: '000 §7 Deletes: stream variants (multiplecamera)',
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    response: UnitActionOutcome,
  }),
  startSwitcherStream: endpoint({
    method: 'POST',
    path: '/v2/units/{id}/stream/switchermode',
    summary: 'Start switcher (or switcher-and-proxy) streaming',
    spec: '000 §7 Unit actions: stream/switchermode; §3 Switcher mode',
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    body: StartSwitcherBody,
    response: UnitActionOutcome,
  }),
  stopSwitcherStream: endpoint({
    method: 'DELETE',
    path: '/v2/units/{id}/stream/switchermode',
    summary: 'Stop switcher streaming',
    spec: '000 §7 Deletes: stream variants (switchermode)',
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    response: UnitActionOutcome,
  }),
  startDatabridge: endpoint({
    method: 'POST',
    path: '/v2/units/{id}/stream/databridge',
    summary: 'Start databridge (transparent bridge) through a gateway',
    spec: "000 §7 Unit actions: stream/databridge; §8 'Databridge license not enabled'",
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    body: StartDatabridgeBody.optional(),
    response: UnitActionOutcome,
  }),
  stopDatabridge: endpoint({
    method: 'DELETE',
    path: '/v2/units/{id}/stream/databridge',
    summary: 'Stop databridge',
    spec: '000 §7 Deletes: stream variants (databridge)',
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    response: UnitActionOutcome,
  }),
  startVideoReturn: endpoint({
    method: 'POST',
    path: '/v2/units/{id}/vrChannels/stream',
    summary: 'Start video return to the unit from a video return channel',
    spec: "000 §7 Unit actions: vrChannels/stream; §8 'No Video Return licenses'",
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    body: StartVideoReturnBody.optional(),
    response: UnitActionOutcome,
  }),
  stopVideoReturn: endpoint({
    method: 'DELETE',
    path: '/v2/units/{id}/vrChannels/stream',
    summary: 'Stop video return',
    spec: '000 §7 Deletes: stream and its variants (video return); §4 start/stop pass through connecting/disconnecting',
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    response: UnitActionOutcome,
  }),

  // ── IP pipe ───────────────────────────────────────────────────────────────────────────────
  connectIpPipe: endpoint({
    method: 'POST',
    path: '/v2/units/{id}/ippipe/connection',
    summary: 'Connect the IP pipe (connecting → connected, or failed when the server does not answer)',
    spec: '000 §7 Unit actions: ippipe/connection; §4 IP pipe states',
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    body: ConnectIpPipeBody.optional(),
    response: IpPipeConnectionResult,
  }),
  disconnectIpPipe: endpoint({
    method: 'DELETE',
    path: '/v2/units/{id}/ippipe/connection',
    summary: 'Disconnect the IP pipe (disconnecting → not connected)',
    spec: '000 §7 Deletes: ippipe connection; §4 IP pipe states',
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    response: IpPipeConnectionResult,
  }),

  // ── intercom ──────────────────────────────────────────────────────────────────────────────
  startIntercomSession: endpoint({
    method: 'POST',
    path: '/v2/units/{id}/intercom/session/{n}',
    summary: 'Open intercom session n (1 or 2) to an audio room or a target channel',
    spec: "000 §7 Unit actions: intercom/session/{n}; §3 a unit has two intercoms; §8 'Intercom server missing or different from the audio room'",
    roles: UNIT_CONTROL_ROLES,
    scope: 'unit',
    params: IntercomSessionParams,
    body: StartIntercomBody.optional(),
    response: IntercomSessionResult,
  }),
  stopIntercomSession: endpoint({
    method: 'DELETE',
    path: '/v2/units/{id}/intercom/session/{n}',
    summary: 'Close intercom session n',
    spec: '000 §7 Deletes: intercom session',
    roles: UNIT_CONTROL_ROLES,
    scope: 'unit',
    params: IntercomSessionParams,
    response: IntercomSessionResult,
  }),

  // ── shutdown ──────────────────────────────────────────────────────────────────────────────
  shutdownUnit: endpoint({
    method: 'POST',
    path: '/v2/units/{id}/shutdown',
    summary: 'Shut the unit down (it goes offline)',
    spec: '000 §7 Unit actions: shutdown',
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    response: UnitActionOutcome,
  }),

  // ── files ─────────────────────────────────────────────────────────────────────────────────
  uploadUnitFiles: endpoint({
    method: 'POST',
    path: '/v2/units/{id}/storages/files/upload',
    summary: 'Upload recorded store-and-forward files (mp4, mkv, 3gp, mov; _part files) to a channel',
    spec: '000 §7 Unit actions: storages/files/upload; §3 File, uploaded file status; §4 file transfer',
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    body: UploadUnitFilesBody,
    response: UploadUnitFilesResult,
  }),
  deleteUnitFiles: endpoint({
    method: 'POST',
    path: '/v2/units/{id}/storages/files',
    summary: "Delete files from the unit's storage (and their uploaded-list entries)",
    spec: "000 §7 Unit actions: storages/files deletion (payload: paths); §5 'Deleting uploaded files is not allowed for read-only users'",
    // Read-only users pass the role gate so that they get the spec's own message (403) from the service.
    roles: [...UNIT_CONTROL_ROLES, ...READ_ONLY_ROLES],
    ...unitScoped,
    body: DeleteUnitFilesBody,
    response: DeleteUnitFilesResult,
  }),

  // ── pairing ───────────────────────────────────────────────────────────────────────────────
  removeUnitPairing: endpoint({
    method: 'DELETE',
    path: '/v2/units/{id}/pairing',
    summary: 'Unpair the unit and revoke its pairing code',
    spec: '000 §7 Deletes: pairing',
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    response: UnitPairingRemoved,
  }),

  // ── send logs / support case ──────────────────────────────────────────────────────────────
  startFetchLogs: endpoint({
    method: 'POST',
    path: '/v2/units/{id}/fetchlogs/stream',
    summary: "Send the unit's logs through a channel and open a support case",
    spec: '000 §7 Deletes: fetchlogs stream (its start); §5 send-logs description required, online and idle, e-mail; §8 logs messages',
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    body: StartFetchLogsBody,
    response: FetchLogsResult,
  }),
  stopFetchLogs: endpoint({
    method: 'DELETE',
    path: '/v2/units/{id}/fetchlogs/stream',
    summary: 'Stop sending logs',
    spec: '000 §7 Deletes: fetchlogs stream',
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    response: UnitActionOutcome,
  }),

  // ── social media and CDN ──────────────────────────────────────────────────────────────────
  startSocialMediaStream: endpoint({
    method: 'POST',
    path: '/v0/units/{id}/stream/social_media',
    summary: "Forward the unit's live stream to a social media destination",
    spec: '000 §7 Social media and CDN streams: v0 units/{id}/stream/social_media (start)',
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    body: StartExternalStreamBody.optional(),
    response: ExternalStreamResult,
  }),
  stopSocialMediaStream: endpoint({
    method: 'DELETE',
    path: '/v0/units/{id}/stream/social_media',
    summary: 'Stop forwarding to social media',
    spec: '000 §7 Social media and CDN streams: v0 units/{id}/stream/social_media (stop)',
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    response: ExternalStreamResult,
  }),
  startCdnStream: endpoint({
    method: 'POST',
    path: '/v0/units/{id}/stream/cdn',
    summary: "Forward the unit's live stream to a CDN destination",
    spec: '000 §7 Social media and CDN streams: units/{id}/stream/cdn (start)',
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    body: StartExternalStreamBody.optional(),
    response: ExternalStreamResult,
  }),
  stopCdnStream: endpoint({
    method: 'DELETE',
    path: '/v0/units/{id}/stream/cdn',
    summary: 'Stop forwarding to the CDN',
    spec: '000 §7 Social media and CDN streams: units/{id}/stream/cdn (stop)',
    roles: UNIT_CONTROL_ROLES,
    ...unitScoped,
    response: ExternalStreamResult,
  }),

  // ── user contact ──────────────────────────────────────────────────────────────────────────
  updateUserContact: endpoint({
    method: 'POST',
    path: '/user/contact',
    summary: "Save the caller's contact details (phone, company) for support",
    spec: '000 §7 Unit actions: user contact',
    roles: ALL_ROLES,
    scope: 'none',
    body: UpdateUserContactBody,
    response: UserContact,
  }),
} as const satisfies Record<string, EndpointDef>;
