/**
 * Audio rooms (spec 001 §3 Audio room: name, inventory, intercom flag, participants; §7 Inventories
 * "Audio rooms with count"): the /audio_rooms screen's list, count, create, read, update,
 * participants, start/stop and delete.
 *
 * - Names follow the group rule (letters, numbers, underscores, hyphens) and are unique per
 *   inventory ("Name field has to be unique"; the table's unique index backs the check).
 * - Participants are units, channels and users of the room's inventory; each must exist there
 *   ("Invalid field" on the entry otherwise) and appear once ("This field must be unique").
 * - The IFB server (optional) must be a server of the room's inventory.
 * - Start/stop: the room is sent to its IFB server first (`configureServer`, setting `audioRoom`,
 *   the room's participants and intercom flag; stopping sends `active: false`) and `active` is
 *   stored only once the server accepted it. A room without a server cannot start; an active room
 *   is stopped before it is deleted or moved to another server. `active` is what the inventory
 *   delete reads ("inventory cannot be deleted with ... an active audio room", §8).
 * - Rooms are not in the read model (one screen reads them, a page at a time): reads go to storage.
 * - Every change is announced on the inventory's topic and its groups' (a console follows its
 *   user's groups, the inventories only without groups): `audioRoom.changed`, `audioRoom.removed`.
 */
import {
  VALIDATION,
  type AudioRoom,
  type AudioRoomCandidates,
  type AudioRoomCount,
  type AudioRoomDeleted,
  type AudioRoomPage,
  type AudioRoomParticipant,
  type AudioRoomParticipantRef,
  type AudioRoomSearchQuery,
  type CreateAudioRoomBody,
  type FieldProblem,
  type UpdateAudioRoomBody,
  RULES,
} from '@fleet/contracts';
import type { Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { audioRoomParticipants } from './audio-room-columns.js';
import { unlessTaken, atVersion, requireFound } from '../../platform/versioned-write.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import type { AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import { inventoryAudience } from '../../platform/topics.js';
import { byNameThenId, compareText } from '../../platform/order.js';
import { pageRows } from '../../platform/paging.js';
import { deviceRefusal } from '../../platform/device-refusal.js';
import * as repo from './repository.js';
import { findUsersInInventory } from '../groups/repository.js';
import { findUsernames } from '../users/repository.js';

type AudioRoomRow = repo.AudioRoomRecord;

const nameTaken = (path: string) => validationError([{ path, message: VALIDATION.nameUnique }]);

export class AudioRoomService {
  constructor(private readonly deps: ServiceDeps) {}

  /** GET v2/inventories/{id}/audioRooms (inventory scope checked by the route). */
  async list(inventoryId: string, q: AudioRoomSearchQuery): Promise<AudioRoomPage> {
    // An inventory has a handful of rooms: searched and ordered here, so that both providers
    // match names case-insensitively and order them the same way.
    const value = (q.searchValue ?? '').toLowerCase();
    const dir = q.sortDir === 'asc' ? 1 : -1;
    const key = (r: AudioRoomRow) => (q.sortBy === 'name' ? r.name : r[q.sortBy].toISOString());
    const rows = (await repo.findAudioRoomsOfInventory(this.deps.db, inventoryId))
      .filter((r) => value === '' || r.name.toLowerCase().includes(value))
      .sort((a, b) => dir * compareText(key(a), key(b)) || compareText(a.id, b.id));
    const page = pageRows(rows, q);
    const users = await this.userNames(page.flatMap((r) => audioRoomParticipants.read(r.participants)));
    return { items: page.map((r) => this.toRoom(r, users)), total: rows.length, offset: q.offset, limit: q.limit };
  }

  /** GET v2/inventories/{id}/audioRooms/count. */
  async count(inventoryId: string): Promise<AudioRoomCount> {
    const [total, active] = await Promise.all([repo.countAudioRooms(this.deps.db, inventoryId, false), repo.countAudioRooms(this.deps.db, inventoryId, true)]);
    return { inventoryId, total, active };
  }

  /** POST v2/inventories/{id}/audioRooms (inventory scope checked by the route). */
  async create(inventoryId: string, body: CreateAudioRoomBody): Promise<AudioRoom> {
    const problems = [
      ...this.serverProblems(inventoryId, body.serverId),
      ...(await this.participantProblems(inventoryId, body.participants ?? [], 'body.participants')),
    ];
    if (problems.length > 0) throw validationError(problems);
    await this.assertNameFree(inventoryId, body.name, null);
    const row = await unlessTaken(
      () =>
        repo.createAudioRoom(this.deps.db, {
          inventoryId,
          name: body.name,
          intercom: body.intercom ?? false,
          serverId: body.serverId ?? null,
          participants: audioRoomParticipants.write((body.participants ?? []).map(({ kind, id }) => ({ kind, id }))),
        }),
      () => nameTaken('body.name'),
    );
    return this.announce(row);
  }

  /** GET v2/inventories/{id}/audioRoomParticipants: the inventory's units, channels, users and servers, by name. */
  async candidates(inventoryId: string): Promise<AudioRoomCandidates> {
    const inInventory = (r: { inventories: readonly { inventoryId: string }[] }) => r.inventories.some((i) => i.inventoryId === inventoryId);
    const named = (rows: readonly { id: string; name: string }[]) => rows.map((r) => ({ id: r.id, name: r.name })).sort(byNameThenId);
    // One statement: a member deleted meanwhile is simply not there (reading the memberships, then their users, in
    // two statements could find a membership whose user had gone, and fail the read on PostgreSQL).
    const members = await repo.findInventoryUsers(this.deps.db, inventoryId);
    return {
      inventoryId,
      units: named(this.deps.readModel.units.all().filter(inInventory)),
      channels: named(this.deps.readModel.channels.all().filter(inInventory)),
      users: named(members.map((m) => ({ id: m.id, name: m.username }))),
      servers: named(this.deps.readModel.servers.all().filter((s) => s.inventoryId === inventoryId)),
    };
  }

  /** GET v2/audioRooms/{id}. */
  async get(user: AuthUser, id: string): Promise<AudioRoom> {
    return this.present(await this.require(user, id));
  }

  /** PUT v2/audioRooms/{id}. */
  async update(user: AuthUser, id: string, body: UpdateAudioRoomBody): Promise<AudioRoom> {
    const row = await this.require(user, id);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    const problems = [
      ...(body.serverId !== undefined && body.serverId !== row.serverId ? this.serverProblems(row.inventoryId, body.serverId) : []),
      ...(body.participants !== undefined ? await this.participantProblems(row.inventoryId, body.participants, 'body.participants') : []),
    ];
    if (problems.length > 0) throw validationError(problems);
    if (body.name !== undefined && body.name !== row.name) await this.assertNameFree(row.inventoryId, body.name, row.id);
    // The running room lives on its server: moving it would leave it running there.
    if (row.active && body.serverId !== undefined && body.serverId !== row.serverId) throw new AppError('AUDIO_ROOM_ACTIVE');
    const data: Prisma.AudioRoomUncheckedUpdateManyInput = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.intercom !== undefined ? { intercom: body.intercom } : {}),
      ...(body.serverId !== undefined ? { serverId: body.serverId } : {}),
      ...(body.participants !== undefined
        ? { participants: audioRoomParticipants.write(body.participants.map(({ kind, id: pid }) => ({ kind, id: pid }))) }
        : {}),
    };
    return this.write(row, data, 'body.name');
  }

  /** PUT v2/audioRooms/{id}/participants. */
  async setParticipants(user: AuthUser, id: string, participants: AudioRoomParticipantRef[], version: number | undefined): Promise<AudioRoom> {
    return this.update(user, id, { participants, ...(version !== undefined ? { version } : {}) });
  }

  /** PUT v2/audioRooms/{id}/active: the server first, then the flag. */
  async setActive(user: AuthUser, id: string, active: boolean, version: number | undefined): Promise<AudioRoom> {
    const row = await this.require(user, id);
    if (version !== undefined && version !== row.version) throw new AppError('CONFLICT');
    if (row.active === active) return this.present(row);
    if (row.serverId === null) throw new AppError('AUDIO_ROOM_NO_SERVER');
    const participants = audioRoomParticipants.read(row.participants);
    const ack = await this.deps.gateway.sendToServer(row.serverId, {
      type: 'configureServer',
      setting: 'audioRoom',
      payload: { audioRoomId: row.id, name: row.name, active, intercom: row.intercom, participants: participants.map((p) => ({ kind: p.kind, id: p.id })) },
    });
    if (!ack.ok) throw deviceRefusal(ack);
    return this.write(row, { active }, 'body.name');
  }

  /** DELETE v2/audioRooms/{id}. */
  async delete(user: AuthUser, id: string): Promise<AudioRoomDeleted> {
    const row = await this.require(user, id);
    if (row.active) throw new AppError('AUDIO_ROOM_ACTIVE');
    await atVersion(repo.deleteIdleAudioRoomAtVersion(this.deps.db, id, row.version));
    this.deps.hub.publish(this.topicsOf(row.inventoryId), {
      type: 'audioRoom.removed',
      audioRoomId: id,
      inventoryId: row.inventoryId,
      at: this.deps.clock.now(),
    });
    return { id, inventoryId: row.inventoryId, deleted: true };
  }

  // ── helpers ────────────────────────────────────────────────────────────────────────────────

  /** Unknown rooms and rooms of inventories the caller does not have both answer 404. */
  private require(user: AuthUser, id: string): Promise<AudioRoomRow> {
    return requireFound(repo.findAudioRoom(this.deps.db, id), (r) => user.global || user.inventoryIds.includes(r.inventoryId));
  }

  private async write(row: AudioRoomRow, data: Prisma.AudioRoomUncheckedUpdateManyInput, namePath: string): Promise<AudioRoom> {
    await atVersion(repo.updateAudioRoomAtVersion(this.deps.db, row.id, row.version, data), { taken: () => nameTaken(namePath) });
    const fresh = await repo.findAudioRoom(this.deps.db, row.id);
    if (!fresh) throw new AppError('CONFLICT');
    return this.announce(fresh);
  }

  private async announce(row: AudioRoomRow): Promise<AudioRoom> {
    const room = await this.present(row);
    this.deps.hub.publish(this.topicsOf(row.inventoryId), { type: 'audioRoom.changed', audioRoom: room, at: this.deps.clock.now() });
    return room;
  }

  private topicsOf(inventoryId: string): string[] {
    return inventoryAudience(this.deps.readModel, [inventoryId]);
  }

  private async assertNameFree(inventoryId: string, name: string, exceptId: string | null): Promise<void> {
    if (await repo.audioRoomNameTaken(this.deps.db, inventoryId, name, exceptId)) throw nameTaken('body.name');
  }

  private serverProblems(inventoryId: string, serverId: string | null | undefined): FieldProblem[] {
    if (serverId === undefined || serverId === null) return [];
    const server = this.deps.readModel.servers.get(serverId);
    return server && server.inventoryId === inventoryId ? [] : [{ path: 'body.serverId', message: RULES.notOfInventory }];
  }

  /** Each participant exists in the inventory and appears once. */
  private async participantProblems(inventoryId: string, list: readonly AudioRoomParticipantRef[], path: string): Promise<FieldProblem[]> {
    const problems: FieldProblem[] = [];
    const userIds = list.filter((p) => p.kind === 'user').map((p) => p.id);
    const members = userIds.length === 0 ? new Set<string>() : new Set(await findUsersInInventory(this.deps.db, inventoryId, userIds));
    const seen = new Set<string>();
    list.forEach((p, i) => {
      const key = `${p.kind}:${p.id}`;
      if (seen.has(key)) {
        problems.push({ path: `${path}.${i}.id`, message: VALIDATION.fieldUnique });
        return;
      }
      seen.add(key);
      if (!this.inInventory(inventoryId, p, members)) problems.push({ path: `${path}.${i}.id`, message: RULES.notOfInventory });
    });
    return problems;
  }

  private inInventory(inventoryId: string, p: AudioRoomParticipantRef, users: ReadonlySet<string>): boolean {
    switch (p.kind) {
      case 'unit':
        return this.deps.readModel.units.get(p.id)?.inventories.some((i) => i.inventoryId === inventoryId) ?? false;
      case 'channel':
        return this.deps.readModel.channels.get(p.id)?.inventories.some((i) => i.inventoryId === inventoryId) ?? false;
      case 'user':
        return users.has(p.id);
    }
  }

  private async userNames(participants: readonly { kind: string; id: string }[]): Promise<Map<string, string>> {
    const ids = [...new Set(participants.filter((p) => p.kind === 'user').map((p) => p.id))];
    if (ids.length === 0) return new Map();
    return findUsernames(this.deps.db, ids);
  }

  private async present(row: AudioRoomRow): Promise<AudioRoom> {
    return this.toRoom(row, await this.userNames(audioRoomParticipants.read(row.participants)));
  }

  private toRoom(row: AudioRoomRow, users: ReadonlyMap<string, string>): AudioRoom {
    const participants: AudioRoomParticipant[] = audioRoomParticipants.read(row.participants).map((p) => ({
      kind: p.kind,
      id: p.id,
      name:
        p.kind === 'unit'
          ? (this.deps.readModel.units.get(p.id)?.name ?? p.id)
          : p.kind === 'channel'
            ? (this.deps.readModel.channels.get(p.id)?.name ?? p.id)
            : (users.get(p.id) ?? p.id),
    }));
    return {
      id: row.id,
      inventoryId: row.inventoryId,
      name: row.name,
      intercom: row.intercom,
      serverId: row.serverId,
      serverName: row.serverId === null ? null : (this.deps.readModel.servers.get(row.serverId)?.name ?? null),
      active: row.active,
      participants,
      participantCount: participants.length,
      ...recordStamps(row),
    };
  }
}

export const audioRoomCalls = callsOf<AudioRoomService>()({
  listInventoryAudioRooms: (svc, { params, query }) => svc.list(params.id, query),
  countInventoryAudioRooms: (svc, { params }) => svc.count(params.id),
  createAudioRoom: (svc, { params, body }) => svc.create(params.id, body),
  listAudioRoomCandidates: (svc, { params }) => svc.candidates(params.id),
  getAudioRoom: (svc, { params }, user) => svc.get(user, params.id),
  updateAudioRoom: (svc, { params, body }, user) => svc.update(user, params.id, body),
  setAudioRoomParticipants: (svc, { params, body }, user) => svc.setParticipants(user, params.id, body.participants, body.version),
  setAudioRoomActive: (svc, { params, body }, user) => svc.setActive(user, params.id, body.active, body.version),
  deleteAudioRoom: (svc, { params }, user) => svc.delete(user, params.id),
});
