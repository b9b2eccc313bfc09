/**
 * Audio rooms (spec 001 §3 Audio room; §7 Inventories "Audio rooms with count"; Audio Connect, IFB
 * and tally). The spec shows the listing and its count only ("audio room calls: not shown"); the
 * other calls are what the /audio_rooms screen needs: create, read, update, participants, start or
 * stop, delete.
 *
 * Roles: the /audio_rooms screen is for MANAGE_ROLES (§2), and so are its reads and writes. The
 * inventory paths are scoped to the caller's inventories by the route; the room paths
 * (v2/audioRooms/{id}) by the service (a room of an inventory the caller does not have answers 404,
 * as an unknown one).
 */
import { MANAGE_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import {
  AudioRoom,
  AudioRoomCandidates,
  AudioRoomCount,
  AudioRoomDeleted,
  AudioRoomPage,
  AudioRoomSearchQuery,
  CreateAudioRoomBody,
  SetAudioRoomActiveBody,
  SetAudioRoomParticipantsBody,
  UpdateAudioRoomBody,
} from '../entities/audio-rooms.js';
import { endpoint, type EndpointDef } from './define.js';

const inventory = { roles: MANAGE_ROLES, scope: 'inventory' } as const;
const room = { roles: MANAGE_ROLES, scope: 'none' } as const;

export const audioRoomEndpoints = {
  listInventoryAudioRooms: endpoint({
    method: 'GET',
    path: '/v2/inventories/{id}/audioRooms',
    summary: "The inventory's audio rooms (the /audio_rooms list; page of 100 by default, search by name)",
    spec: '001 §7 Inventories: Audio rooms with count; §9 default page size audio rooms 100',
    ...inventory,
    params: IdParams,
    query: AudioRoomSearchQuery,
    response: AudioRoomPage,
  }),
  countInventoryAudioRooms: endpoint({
    method: 'GET',
    path: '/v2/inventories/{id}/audioRooms/count',
    summary: 'How many audio rooms the inventory has, and how many are active',
    spec: '001 §7 Inventories: Audio rooms with count',
    ...inventory,
    params: IdParams,
    response: AudioRoomCount,
  }),
  createAudioRoom: endpoint({
    method: 'POST',
    path: '/v2/inventories/{id}/audioRooms',
    summary: 'Create an audio room in the inventory (name, intercom flag, IFB server, participants)',
    spec: "001 §3 Audio room; §7 'audio room calls: not shown'; §5 names (letters, numbers, underscores, hyphens), 'Name field has to be unique'",
    ...inventory,
    params: IdParams,
    body: CreateAudioRoomBody,
    response: AudioRoom,
    successStatus: 201,
  }),
  listAudioRoomCandidates: endpoint({
    method: 'GET',
    path: '/v2/inventories/{id}/audioRoomParticipants',
    summary: 'The units, channels and users of the inventory a room may take in (the participants picker), and its servers (the IFB server choice)',
    spec: '001 §3 Audio room: participants (units, channels and users of the inventory)',
    ...inventory,
    params: IdParams,
    response: AudioRoomCandidates,
  }),
  getAudioRoom: endpoint({
    method: 'GET',
    path: '/v2/audioRooms/{id}',
    summary: 'An audio room with its participants (the edit form, with its version)',
    spec: "001 §3 Audio room; §7 'audio room calls: not shown'",
    ...room,
    params: IdParams,
    response: AudioRoom,
  }),
  updateAudioRoom: endpoint({
    method: 'PUT',
    path: '/v2/audioRooms/{id}',
    summary: 'Change the name, intercom flag, IFB server or participants of an audio room',
    spec: "001 §3 Audio room; §5 names, 'Name field has to be unique'",
    ...room,
    params: IdParams,
    body: UpdateAudioRoomBody,
    response: AudioRoom,
  }),
  setAudioRoomParticipants: endpoint({
    method: 'PUT',
    path: '/v2/audioRooms/{id}/participants',
    summary: "Replace the room's participants (units, channels and users of the room's inventory)",
    spec: '001 §3 Audio room: participants',
    ...room,
    params: IdParams,
    body: SetAudioRoomParticipantsBody,
    response: AudioRoom,
  }),
  setAudioRoomActive: endpoint({
    method: 'PUT',
    path: '/v2/audioRooms/{id}/active',
    summary: 'Start or stop the room on its IFB server (sent to the server first)',
    spec: "001 §8 'inventory cannot be deleted with overlays or an active audio room', 'Configuration not sent, retry'",
    ...room,
    params: IdParams,
    body: SetAudioRoomActiveBody,
    response: AudioRoom,
  }),
  deleteAudioRoom: endpoint({
    method: 'DELETE',
    path: '/v2/audioRooms/{id}',
    summary: 'Delete an audio room (not while it is active)',
    spec: "001 §3 Audio room; §7 'audio room calls: not shown'",
    ...room,
    params: IdParams,
    response: AudioRoomDeleted,
  }),
} as const satisfies Record<string, EndpointDef>;
