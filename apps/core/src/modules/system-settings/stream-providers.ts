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
  RULES,
} from '@fleet/contracts';
import { callsOf } from '../../calls.js';
import { validationError } from '../../errors.js';
import { atVersion } from '../../platform/versioned-write.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import type { ServiceDeps } from '../deps.js';
import { settingsJson } from '../channels/stream-settings-columns.js';
import { defineSettingKind, settingService } from './setting-kind.js';
import { announceSetting, uniqueName } from './settings-support.js';
import * as repo from './repository.js';

export const streamProviderKind = defineSettingKind<{
  row: repo.StreamProviderRecord;
  out: StreamProvider;
  create: CreateStreamProviderBody;
  update: UpdateStreamProviderBody;
  query: StreamProviderSearchQuery;
}>()({
  kind: 'stream_providers',
  store: repo.streamProviders,
  present: (row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    configuration: settingsJson.read(row.configuration),
    profileCount: row.profiles.length,
    mainProfileName: row.profiles.find((p) => p.isMain)?.name ?? null,
    ...recordStamps(row),
  }),
  list: {
    search: (p) => [p.name],
    sort: (p, key) => p[key],
    tieBreak: (p) => p.name,
  },
  insert: (body) => ({ name: body.name, kind: body.kind, configuration: settingsJson.write(body.configuration ?? {}) }),
  changes: (body) => ({
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.kind !== undefined ? { kind: body.kind } : {}),
    ...(body.configuration !== undefined ? { configuration: settingsJson.write(body.configuration) } : {}),
  }),
  unique: [uniqueName],
});

/** Refused on isMain when another profile of the provider (not `exceptId`) is its main one. */
async function assertNoOtherMain(deps: ServiceDeps, providerId: string, exceptId: string | null): Promise<void> {
  if (await repo.streamProfiles.taken(deps.db, { providerId, isMain: true }, exceptId))
    throw validationError([{ path: 'body.isMain', message: VALIDATION.mainStreamProfilePerProvider }]);
}

export const streamProfileKind = defineSettingKind<{
  row: repo.StreamProfileRecord;
  out: StreamProfile;
  create: CreateStreamProfileBody;
  update: UpdateStreamProfileBody;
  query: StreamProfileSearchQuery;
}>()({
  store: repo.streamProfiles,
  present: (row) => ({
    id: row.id,
    name: row.name,
    providerId: row.providerId,
    providerName: row.provider.name,
    isMain: row.isMain,
    settings: settingsJson.read(row.settings),
    ...recordStamps(row),
  }),
  list: {
    search: (p) => [p.name],
    filter: (p, q) => q.providerId === undefined || p.providerId === q.providerId,
    sort: (p, key) => p[key],
    tieBreak: (p) => p.name,
  },
  insert: (body) => ({
    providerId: body.providerId,
    name: body.name,
    isMain: body.isMain ?? false,
    settings: settingsJson.write(body.settings ?? {}),
  }),
  changes: (body) => ({
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.isMain !== undefined ? { isMain: body.isMain } : {}),
    ...(body.settings !== undefined ? { settings: settingsJson.write(body.settings) } : {}),
  }),
  /** A new profile's provider exists; one main profile per provider. */
  check: async ({ body, row }, deps) => {
    if (row !== null) {
      if (body.isMain === true && !row.isMain) await assertNoOtherMain(deps, row.providerId, row.id);
      return;
    }
    if (!(await repo.streamProviders.find(deps.db, body.providerId)))
      throw validationError([{ path: 'body.providerId', message: RULES.unknownStreamProvider }]);
    if (body.isMain === true) await assertNoOtherMain(deps, body.providerId, null);
  },
  unique: [{ ...uniqueName, scope: (body, row) => ({ providerId: row?.providerId ?? ('providerId' in body ? body.providerId : undefined) }) }],
  /** The profile's own row, and its provider's (whose count and main profile the providers tab shows). */
  announce: (deps, before, after) => {
    const row = after ?? before;
    if (row === null) return;
    announceSetting(deps, 'stream_profile', row.id, after === null);
    announceSetting(deps, 'stream_providers', row.providerId, false);
  },
});

class StreamProviders extends settingService(streamProviderKind) {
  /** The profiles go with the provider (the relation cascades), in the same statement. */
  override async delete(id: string): Promise<StreamProviderDeleted> {
    const row = await this.require(id);
    const profiles = await repo.findStreamProfileIdsOfProvider(this.deps.db, id);
    await atVersion(repo.streamProviders.delete(this.deps.db, id, row.version));
    announceSetting(this.deps, 'stream_providers', id, true);
    for (const p of profiles) announceSetting(this.deps, 'stream_profile', p, true);
    return { id, deleted: true, profilesDeleted: profiles.length };
  }
}

class StreamProfiles extends settingService(streamProfileKind) {
  override async delete(id: string): Promise<StreamProfileDeleted> {
    const row = await this.require(id);
    await atVersion(repo.streamProfiles.delete(this.deps.db, id, row.version));
    this.announce(row, null, id);
    return { id, providerId: row.providerId, deleted: true };
  }
}

export class StreamProviderService {
  private readonly providers: StreamProviders;
  private readonly profiles: StreamProfiles;

  constructor(deps: ServiceDeps) {
    this.providers = new StreamProviders(deps);
    this.profiles = new StreamProfiles(deps);
  }

  listProviders = (q: StreamProviderSearchQuery): Promise<StreamProviderPage> => this.providers.list(q);
  getProvider = (id: string): Promise<StreamProvider> => this.providers.get(id);
  createProvider = (body: CreateStreamProviderBody): Promise<StreamProvider> => this.providers.create(body);
  updateProvider = (id: string, body: UpdateStreamProviderBody): Promise<StreamProvider> => this.providers.update(id, body);
  deleteProvider = (id: string): Promise<StreamProviderDeleted> => this.providers.delete(id);
  listProfiles = (q: StreamProfileSearchQuery): Promise<StreamProfilePage> => this.profiles.list(q);
  getProfile = (id: string): Promise<StreamProfile> => this.profiles.get(id);
  createProfile = (body: CreateStreamProfileBody): Promise<StreamProfile> => this.profiles.create(body);
  updateProfile = (id: string, body: UpdateStreamProfileBody): Promise<StreamProfile> => this.profiles.update(id, body);
  deleteProfile = (id: string): Promise<StreamProfileDeleted> => this.profiles.delete(id);
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
