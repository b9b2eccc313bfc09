/**
 * Stream providers and their stream profiles (spec 001 §2 /system_settings stream_providers,
 * stream_profile; §5 "Only one main stream profile per provider").
 *
 * - Provider names are unique ("Name field has to be unique"; the table's unique index backs the
 *   check); profile names are unique per provider.
 * - One main profile per provider: making a second one main (create or update) is refused on the
 *   isMain field with the spec's words; the flag is not moved silently. The main profile is
 *   un-flagged first, then another one flagged.
 * - A provider's delete takes its profiles (the relation cascades); the answer counts them.
 * - Every change is announced as `systemSetting.changed` (stream_providers / stream_profile; a
 *   profile change also as its provider's, whose count and main profile it shows).
 */
import {
  VALIDATION,
  type CreateStreamProfileBody,
  type CreateStreamProviderBody,
  type StreamProfile,
  type StreamProfileDeleted,
  type StreamProfilePage,
  type StreamProfileSearchQuery,
  type StreamProvider,
  type StreamProviderDeleted,
  type StreamProviderPage,
  type StreamProviderSearchQuery,
  type UpdateStreamProfileBody,
  type UpdateStreamProviderBody,
} from '@fleet/contracts';
import type { Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { settingsJson } from '../channels/stream-settings-columns.js';
import { unlessTaken, atVersion } from '../../platform/versioned-write.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import type { ServiceDeps } from '../deps.js';
import { announceSetting, pageOfNamed, settingNameTaken } from './settings-support.js';
import * as repo from './repository.js';

type ProviderRow = repo.StreamProviderRecord;
type ProfileRow = repo.StreamProfileRecord;
const mainTaken = () => validationError([{ path: 'body.isMain', message: VALIDATION.mainStreamProfilePerProvider }]);

export class StreamProviderService {
  constructor(private readonly deps: ServiceDeps) {}

  // ── providers ─────────────────────────────────────────────────────────────────────────────

  async listProviders(q: StreamProviderSearchQuery): Promise<StreamProviderPage> {
    const rows = await repo.findStreamProviders(this.deps.db);
    return pageOfNamed(rows, q, (r, by) => (by === 'updatedAt' ? r.updatedAt.toISOString() : r[by]), toProvider);
  }

  async getProvider(id: string): Promise<StreamProvider> {
    return toProvider(await this.requireProvider(id));
  }

  async createProvider(body: CreateStreamProviderBody): Promise<StreamProvider> {
    await this.assertProviderNameFree(body.name, null);
    const row = await unlessTaken(
      () => repo.createStreamProvider(this.deps.db, { name: body.name, kind: body.kind, configuration: settingsJson.write(body.configuration ?? {}) }),
      settingNameTaken,
    );
    announceSetting(this.deps, 'stream_providers', row.id, false);
    return toProvider(row);
  }

  async updateProvider(id: string, body: UpdateStreamProviderBody): Promise<StreamProvider> {
    const row = await this.requireProvider(id);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    if (body.name !== undefined && body.name !== row.name) await this.assertProviderNameFree(body.name, id);
    const data: Prisma.StreamProviderUpdateManyMutationInput = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.kind !== undefined ? { kind: body.kind } : {}),
      ...(body.configuration !== undefined ? { configuration: settingsJson.write(body.configuration) } : {}),
    };
    await atVersion(repo.updateStreamProviderAtVersion(this.deps.db, id, row.version, data), { taken: settingNameTaken });
    announceSetting(this.deps, 'stream_providers', id, false);
    return this.getProvider(id);
  }

  async deleteProvider(id: string): Promise<StreamProviderDeleted> {
    const row = await this.requireProvider(id);
    const profiles = await repo.findStreamProfileIdsOfProvider(this.deps.db, id);
    // The profiles go with the provider (the relation cascades), in the same statement.
    await atVersion(repo.deleteStreamProviderAtVersion(this.deps.db, id, row.version));
    announceSetting(this.deps, 'stream_providers', id, true);
    for (const p of profiles) announceSetting(this.deps, 'stream_profile', p, true);
    return { id, deleted: true, profilesDeleted: profiles.length };
  }

  // ── profiles ──────────────────────────────────────────────────────────────────────────────

  async listProfiles(q: StreamProfileSearchQuery): Promise<StreamProfilePage> {
    const rows = await repo.findStreamProfiles(this.deps.db, q.providerId);
    return pageOfNamed(rows, q, (r, by) => (by === 'updatedAt' ? r.updatedAt.toISOString() : by === 'providerName' ? r.provider.name : r.name), toProfile);
  }

  async getProfile(id: string): Promise<StreamProfile> {
    return toProfile(await this.requireProfile(id));
  }

  async createProfile(body: CreateStreamProfileBody): Promise<StreamProfile> {
    if (!(await repo.streamProviderExists(this.deps.db, body.providerId)))
      throw validationError([{ path: 'body.providerId', message: VALIDATION.invalidField }]);
    if (body.isMain === true) await this.assertNoOtherMain(body.providerId, null);
    await this.assertProfileNameFree(body.providerId, body.name, null);
    const row = await unlessTaken(
      () =>
        repo.createStreamProfile(this.deps.db, {
          providerId: body.providerId,
          name: body.name,
          isMain: body.isMain ?? false,
          settings: settingsJson.write(body.settings ?? {}),
        }),
      settingNameTaken,
    );
    this.announceProfile(row, false);
    return toProfile(row);
  }

  async updateProfile(id: string, body: UpdateStreamProfileBody): Promise<StreamProfile> {
    const row = await this.requireProfile(id);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    if (body.isMain === true && !row.isMain) await this.assertNoOtherMain(row.providerId, id);
    if (body.name !== undefined && body.name !== row.name) await this.assertProfileNameFree(row.providerId, body.name, id);
    const data: Prisma.StreamProfileUpdateManyMutationInput = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.isMain !== undefined ? { isMain: body.isMain } : {}),
      ...(body.settings !== undefined ? { settings: settingsJson.write(body.settings) } : {}),
    };
    await atVersion(repo.updateStreamProfileAtVersion(this.deps.db, id, row.version, data), { taken: settingNameTaken });
    const fresh = await this.requireProfile(id);
    this.announceProfile(fresh, false);
    return toProfile(fresh);
  }

  async deleteProfile(id: string): Promise<StreamProfileDeleted> {
    const row = await this.requireProfile(id);
    await atVersion(repo.deleteStreamProfileAtVersion(this.deps.db, id, row.version));
    this.announceProfile(row, true);
    return { id, providerId: row.providerId, deleted: true };
  }

  // ── helpers ───────────────────────────────────────────────────────────────────────────────

  private async requireProvider(id: string): Promise<ProviderRow> {
    const row = await repo.findStreamProvider(this.deps.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private async requireProfile(id: string): Promise<ProfileRow> {
    const row = await repo.findStreamProfile(this.deps.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private async assertProviderNameFree(name: string, exceptId: string | null): Promise<void> {
    if (await repo.streamProviderNameTaken(this.deps.db, name, exceptId)) throw settingNameTaken();
  }

  private async assertProfileNameFree(providerId: string, name: string, exceptId: string | null): Promise<void> {
    if (await repo.streamProfileNameTaken(this.deps.db, providerId, name, exceptId)) throw settingNameTaken();
  }

  private async assertNoOtherMain(providerId: string, exceptId: string | null): Promise<void> {
    if (await repo.otherMainStreamProfile(this.deps.db, providerId, exceptId)) throw mainTaken();
  }

  /** The profile's own row, and its provider's (whose count and main profile the providers tab shows). */
  private announceProfile(row: ProfileRow, removed: boolean): void {
    announceSetting(this.deps, 'stream_profile', row.id, removed);
    announceSetting(this.deps, 'stream_providers', row.providerId, false);
  }
}

function toProvider(row: ProviderRow): StreamProvider {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    configuration: settingsJson.read(row.configuration),
    profileCount: row.profiles.length,
    mainProfileName: row.profiles.find((p) => p.isMain)?.name ?? null,
    ...recordStamps(row),
  };
}

function toProfile(row: ProfileRow): StreamProfile {
  return {
    id: row.id,
    name: row.name,
    providerId: row.providerId,
    providerName: row.provider.name,
    isMain: row.isMain,
    settings: settingsJson.read(row.settings),
    ...recordStamps(row),
  };
}

export const streamProviderCalls = callsOf<StreamProviderService>()({
  listStreamProviders: (svc, { query }) => svc.listProviders(query),
  getStreamProvider: (svc, { params }) => svc.getProvider(params.id),
  createStreamProvider: (svc, { body }) => svc.createProvider(body),
  updateStreamProvider: (svc, { params, body }) => svc.updateProvider(params.id, body),
  deleteStreamProvider: (svc, { params }) => svc.deleteProvider(params.id),
  listStreamProfiles: (svc, { query }) => svc.listProfiles(query),
  getStreamProfile: (svc, { params }) => svc.getProfile(params.id),
  createStreamProfile: (svc, { body }) => svc.createProfile(body),
  updateStreamProfile: (svc, { params, body }) => svc.updateProfile(params.id, body),
  deleteStreamProfile: (svc, { params }) => svc.deleteProfile(params.id),
});
