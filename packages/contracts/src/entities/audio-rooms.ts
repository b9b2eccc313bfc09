/**
 * Shapes of audio rooms (spec 001 §3 Audio room: name, inventory, intercom flag, participants; §7
 * Inventories "Audio rooms with count"; §9 "audio rooms 100"). The spec shows no request or answer
 * shapes: `AudioRoom` is what the /audio_rooms screen shows and edits (one list row is the whole
 * room), and what `audioRoom.changed` carries.
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { Id, pageOf, RecordStamps, SortDir } from './common.js';
import { UNIT_NAME_PATTERN } from '../entity-values.js';

/** What may take part in a room: units, channels and users of the room's inventory. */
export const AUDIO_ROOM_PARTICIPANT_KINDS = ['unit', 'channel', 'user'] as const;
export const AudioRoomParticipantKind = z.enum(AUDIO_ROOM_PARTICIPANT_KINDS);
export type AudioRoomParticipantKind = z.infer<typeof AudioRoomParticipantKind>;

/** Participants of one room (not in the spec: a guard, and more than a room's audio mix carries). */
export const AUDIO_ROOM_PARTICIPANTS_MAX = 100;

export const AudioRoomParticipant = z.object({
  kind: AudioRoomParticipantKind,
  id: Id,
  /** The unit's, channel's or user's name as the room was last read (the id when it is gone). */
  name: z.string(),
});
export type AudioRoomParticipant = z.infer<typeof AudioRoomParticipant>;

export const AudioRoom = z.object({
  id: Id,
  inventoryId: Id,
  name: z.string(),
  intercom: z.boolean(),
  /** The IFB server (a server of the inventory), or none. */
  serverId: Id.nullable(),
  serverName: z.string().nullable(),
  /** The room is running on its IFB server (started and not stopped). */
  active: z.boolean(),
  participants: z.array(AudioRoomParticipant),
  participantCount: z.number().int().nonnegative(),
  ...RecordStamps,
});
export type AudioRoom = z.infer<typeof AudioRoom>;

/**
 * Spec 001 §5 names (as groups): letters, numbers, underscores, hyphens; required; at most 255. An
 * empty name is only "required" (the character rule would repeat the same problem).
 */
export const AudioRoomName = z
  .string({ error: VALIDATION.required })
  .min(1, { error: VALIDATION.required, abort: true })
  .max(LIMITS.genericNameMax, VALIDATION.max255)
  .regex(UNIT_NAME_PATTERN, VALIDATION.unitNameCharacters);

/** Versions are stored as 32-bit integers. */
const Version = z.number().int().nonnegative().max(2_147_483_647);

export const AudioRoomParticipantRef = z.object({ kind: AudioRoomParticipantKind, id: Id }).strict();
export type AudioRoomParticipantRef = z.infer<typeof AudioRoomParticipantRef>;
const Participants = z.array(AudioRoomParticipantRef).max(AUDIO_ROOM_PARTICIPANTS_MAX, VALIDATION.maxElements);

export const AUDIO_ROOM_SORT_KEYS = ['name', 'createdAt', 'updatedAt'] as const;

/** GET v2/inventories/{id}/audioRooms: page of 100 by default (§9), search by name. */
export const AudioRoomSearchQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.audioRoomsDefaultPageSize),
    searchKey: z.enum(['name']).default('name'),
    searchValue: z.string().max(LIMITS.genericNameMax).optional(),
    sortBy: z.enum(AUDIO_ROOM_SORT_KEYS).default('name'),
    sortDir: SortDir.default('asc'),
  })
  .strict();
export type AudioRoomSearchQuery = z.infer<typeof AudioRoomSearchQuery>;
export const AudioRoomPage = pageOf(AudioRoom);
export type AudioRoomPage = z.infer<typeof AudioRoomPage>;

/** GET v2/inventories/{id}/audioRooms/count. */
export const AudioRoomCount = z.object({
  inventoryId: Id,
  total: z.number().int().nonnegative(),
  /** Rooms running now (an inventory with one cannot be deleted, §8). */
  active: z.number().int().nonnegative(),
});
export type AudioRoomCount = z.infer<typeof AudioRoomCount>;

/** POST v2/inventories/{id}/audioRooms. */
export const CreateAudioRoomBody = z
  .object({
    name: AudioRoomName,
    intercom: z.boolean().optional(),
    serverId: Id.nullable().optional(),
    participants: Participants.optional(),
  })
  .strict();
export type CreateAudioRoomBody = z.infer<typeof CreateAudioRoomBody>;

/** PUT v2/audioRooms/{id}: fields left out keep their value; with `version`, only over that version (else 409). */
export const UpdateAudioRoomBody = z
  .object({
    name: AudioRoomName.optional(),
    intercom: z.boolean().optional(),
    serverId: Id.nullable().optional(),
    participants: Participants.optional(),
    version: Version.optional(),
  })
  .strict();
export type UpdateAudioRoomBody = z.infer<typeof UpdateAudioRoomBody>;

/** PUT v2/audioRooms/{id}/participants: the whole list (replaces it). */
export const SetAudioRoomParticipantsBody = z.object({ participants: Participants, version: Version.optional() }).strict();
export type SetAudioRoomParticipantsBody = z.infer<typeof SetAudioRoomParticipantsBody>;

/** PUT v2/audioRooms/{id}/active: start (true) or stop (false) the room on its IFB server. */
export const SetAudioRoomActiveBody = z.object({ active: z.boolean(), version: Version.optional() }).strict();
export type SetAudioRoomActiveBody = z.infer<typeof SetAudioRoomActiveBody>;

/** A unit, channel or user that may take part in the inventory's rooms. */
export const AudioRoomCandidate = z.object({ id: Id, name: z.string() });
/** GET v2/inventories/{id}/audioRoomParticipants: what the participants picker (and the IFB server choice) offers, by name. */
export const AudioRoomCandidates = z.object({
  inventoryId: Id,
  units: z.array(AudioRoomCandidate),
  channels: z.array(AudioRoomCandidate),
  users: z.array(AudioRoomCandidate),
  /** The inventory's servers, one of which may be the room's IFB server. */
  servers: z.array(AudioRoomCandidate),
});
export type AudioRoomCandidates = z.infer<typeof AudioRoomCandidates>;

export const AudioRoomDeleted = z.object({ id: Id, inventoryId: Id, deleted: z.literal(true) });
export type AudioRoomDeleted = z.infer<typeof AudioRoomDeleted>;
