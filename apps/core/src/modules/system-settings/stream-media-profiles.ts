/**
 * Stream media profiles (spec 001 §2 /system_settings stream_media_profile; §3 min and max
 * resolution, fps, bitrate, attributes JSON; §5 "Stream media profile values 0-2147483647").
 *
 * - Names are unique ("Name field has to be unique"; the unique index backs the check).
 * - Values are integers 0-2147483647 (checked by the call's schema); min resolution is not above
 *   max, an update giving one of them checked against the stored other.
 * - The streaming destinations read the same rows (`fetchStreamMediaProfiles`).
 * - Every change is announced as `systemSetting.changed` (stream_media_profile).
 */
import {
  VALIDATION,
  type CreateStreamMediaProfileBody,
  type StreamMediaProfileDeleted,
  type StreamMediaProfilePage,
  type StreamMediaProfileSearchQuery,
  type StreamMediaProfileSetting,
  type UpdateStreamMediaProfileBody,
} from '@fleet/contracts';
import type { Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { settingsJson } from '../channels/stream-settings-columns.js';
import { unlessTaken, atVersion, requireFound } from '../../platform/versioned-write.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import type { ServiceDeps } from '../deps.js';
import { announceSetting, pageOfNamed, settingNameTaken } from './settings-support.js';
import * as repo from './repository.js';
import { findStreamMediaProfiles } from '../channels/repository.js';

type Row = repo.StreamMediaProfileRecord;

export class StreamMediaProfileService {
  constructor(private readonly deps: ServiceDeps) {}

  async list(q: StreamMediaProfileSearchQuery): Promise<StreamMediaProfilePage> {
    const rows = await repo.findAllStreamMediaProfiles(this.deps.db);
    return pageOfNamed(rows, q, (r, by) => (by === 'updatedAt' ? r.updatedAt.toISOString() : r[by]), toProfile);
  }

  /** Every profile, by name (what the streaming destinations choose from). */
  async all(): Promise<StreamMediaProfileSetting[]> {
    return (await findStreamMediaProfiles(this.deps.db)).map(toProfile);
  }

  async get(id: string): Promise<StreamMediaProfileSetting> {
    return toProfile(await this.require(id));
  }

  async create(body: CreateStreamMediaProfileBody): Promise<StreamMediaProfileSetting> {
    await this.assertNameFree(body.name, null);
    const row = await unlessTaken(
      () =>
        repo.createStreamMediaProfile(this.deps.db, {
          name: body.name,
          minResolution: body.minResolution,
          maxResolution: body.maxResolution,
          fps: body.fps,
          bitrate: body.bitrate,
          attributes: settingsJson.write(body.attributes ?? {}),
        }),
      settingNameTaken,
    );
    announceSetting(this.deps, 'stream_media_profile', row.id, false);
    return toProfile(row);
  }

  async update(id: string, body: UpdateStreamMediaProfileBody): Promise<StreamMediaProfileSetting> {
    const row = await this.require(id);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    if ((body.minResolution ?? row.minResolution) > (body.maxResolution ?? row.maxResolution)) {
      const path = body.maxResolution !== undefined ? 'body.maxResolution' : 'body.minResolution';
      throw validationError([{ path, message: VALIDATION.minResolutionAboveMax }]);
    }
    if (body.name !== undefined && body.name !== row.name) await this.assertNameFree(body.name, id);
    const data: Prisma.StreamMediaProfileUpdateManyMutationInput = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.minResolution !== undefined ? { minResolution: body.minResolution } : {}),
      ...(body.maxResolution !== undefined ? { maxResolution: body.maxResolution } : {}),
      ...(body.fps !== undefined ? { fps: body.fps } : {}),
      ...(body.bitrate !== undefined ? { bitrate: body.bitrate } : {}),
      ...(body.attributes !== undefined ? { attributes: settingsJson.write(body.attributes) } : {}),
    };
    await atVersion(repo.updateStreamMediaProfileAtVersion(this.deps.db, id, row.version, data), { taken: settingNameTaken });
    announceSetting(this.deps, 'stream_media_profile', id, false);
    return this.get(id);
  }

  async delete(id: string): Promise<StreamMediaProfileDeleted> {
    const row = await this.require(id);
    await atVersion(repo.deleteStreamMediaProfileAtVersion(this.deps.db, id, row.version));
    announceSetting(this.deps, 'stream_media_profile', id, true);
    return { id, deleted: true };
  }

  private require(id: string): Promise<Row> {
    return requireFound(repo.findStreamMediaProfile(this.deps.db, id));
  }

  private async assertNameFree(name: string, exceptId: string | null): Promise<void> {
    if (await repo.streamMediaProfileNameTaken(this.deps.db, name, exceptId)) throw settingNameTaken();
  }
}

function toProfile(row: Row): StreamMediaProfileSetting {
  return {
    id: row.id,
    name: row.name,
    minResolution: row.minResolution,
    maxResolution: row.maxResolution,
    fps: row.fps,
    bitrate: row.bitrate,
    attributes: settingsJson.read(row.attributes),
    ...recordStamps(row),
  };
}

export const streamMediaProfileCalls = callsOf<StreamMediaProfileService>()({
  listStreamMediaProfiles: (svc, { query }) => svc.list(query),
  getStreamMediaProfile: (svc, { params }) => svc.get(params.id),
  createStreamMediaProfile: (svc, { body }) => svc.create(body),
  updateStreamMediaProfile: (svc, { params, body }) => svc.update(params.id, body),
  deleteStreamMediaProfile: (svc, { params }) => svc.delete(params.id),
});
