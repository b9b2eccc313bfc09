/**
 * Geocoding profiles (spec 001 §2 /system_settings geocoding_profile; §3 refresh intervals, distance
 * and percentage thresholds, geocoders and accuracies; §5 "Geocoding: accuracies non-negative, must
 * match geocoders"; §8 "geocoding profile in use").
 *
 * - Names are unique ("Name field has to be unique"; the unique index backs the check).
 * - One accuracy per geocoder ("Accuracies must match geocoders"): the call's schema checks a body
 *   giving both, the service an update giving one against the stored other.
 * - One default profile: making one the default (create or update) un-flags the previous one in
 *   the same transaction; the default is un-defaulted only by another becoming it.
 * - An inventory names its own profile in `Inventory.settings.geocodingProfileId` (none: the
 *   default). A profile is in use when it is the default or an inventory names it; deleting one in
 *   use answers GEOCODING_PROFILE_IN_USE ("Geocoding profile in use") and changes nothing.
 * - Every change is announced as `systemSetting.changed` (geocoding_profile).
 */
import {
  GEOCODERS,
  VALIDATION,
  type CreateGeocodingProfileBody,
  type Geocoder,
  type GeocodingProfile,
  type GeocodingProfileSearchQuery,
  type InventoryGeocodingProfile,
  type UpdateGeocodingProfileBody,
  RULES,
} from '@fleet/contracts';
import { transaction, type Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { writableObject } from '../../platform/storage/json-column.js';
import { inventorySettings } from '../inventories/inventory-columns.js';
import { geocodingAccuracies, geocodingGeocoders, geocodingRefreshIntervals } from '../channels/stream-settings-columns.js';
import { atVersion } from '../../platform/versioned-write.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import type { ServiceDeps } from '../deps.js';
import { updateInventoryAtVersion } from '../inventories/repository.js';
import { announceSetting, uniqueName } from './settings-support.js';
import { defineSettingKind, settingService } from './setting-kind.js';
import * as repo from './repository.js';

type Row = repo.GeocodingProfileRecord;

/** How many times the inventory's settings are read again when another write changed them in between. */
const SETTINGS_ATTEMPTS = 5;

const isGeocoder = (name: string): name is Geocoder => (GEOCODERS as readonly string[]).includes(name);

/** How many inventories name each profile (from the read model's inventory rows). */
function inventoryUses(deps: ServiceDeps): Map<string, number> {
  const uses = new Map<string, number>();
  for (const inv of deps.readModel.inventories.all()) {
    const id = inventorySettings.read(inv.settings).geocodingProfileId;
    if (typeof id === 'string') uses.set(id, (uses.get(id) ?? 0) + 1);
  }
  return uses;
}

export const geocodingProfileKind = defineSettingKind<{
  row: Row;
  out: GeocodingProfile;
  create: CreateGeocodingProfileBody;
  update: UpdateGeocodingProfileBody;
  query: GeocodingProfileSearchQuery;
}>()({
  kind: 'geocoding_profile',
  store: repo.geocodingProfiles,
  context: inventoryUses,
  present: (row, uses) => {
    const inventoryCount = uses.get(row.id) ?? 0;
    // Geocoders the catalogue does not know (written by hand) are left out, with their accuracies.
    const stored = geocodingGeocoders.read(row.geocoders);
    const accuracies = geocodingAccuracies.read(row.accuracies);
    const kept = stored.flatMap((g, i) => (isGeocoder(g) ? [{ g, a: accuracies[i] ?? 0 }] : []));
    return {
      id: row.id,
      name: row.name,
      refreshIntervals: geocodingRefreshIntervals.read(row.refreshIntervals),
      distanceThreshold: row.distanceThreshold,
      percentageThreshold: row.percentageThreshold,
      geocoders: kept.map((k) => k.g),
      accuracies: kept.map((k) => k.a),
      isDefault: row.isDefault,
      inventoryCount,
      inUse: row.isDefault || inventoryCount > 0,
      ...recordStamps(row),
    };
  },
  list: {
    search: (p) => [p.name],
    sort: (p, key) => p[key],
    tieBreak: (p) => p.name,
  },
  insert: (body) => ({
    name: body.name,
    refreshIntervals: geocodingRefreshIntervals.write(body.refreshIntervals),
    distanceThreshold: body.distanceThreshold,
    percentageThreshold: body.percentageThreshold,
    geocoders: geocodingGeocoders.write(body.geocoders),
    accuracies: geocodingAccuracies.write(body.accuracies),
    isDefault: body.isDefault ?? false,
  }),
  changes: (body, row) => ({
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.refreshIntervals !== undefined ? { refreshIntervals: geocodingRefreshIntervals.write(body.refreshIntervals) } : {}),
    ...(body.distanceThreshold !== undefined ? { distanceThreshold: body.distanceThreshold } : {}),
    ...(body.percentageThreshold !== undefined ? { percentageThreshold: body.percentageThreshold } : {}),
    ...(body.geocoders !== undefined ? { geocoders: geocodingGeocoders.write(body.geocoders) } : {}),
    ...(body.accuracies !== undefined ? { accuracies: geocodingAccuracies.write(body.accuracies) } : {}),
    ...(body.isDefault === true && !row.isDefault ? { isDefault: true } : {}),
  }),
  /** An update's geocoders and accuracies match (one given: against the stored other); the default stays one until another becomes it. */
  check: ({ body, row }) => {
    if (row === null) return;
    const geocoders = body.geocoders ?? geocodingGeocoders.read(row.geocoders);
    const accuracies = body.accuracies ?? geocodingAccuracies.read(row.accuracies);
    if (geocoders.length !== accuracies.length) throw validationError([{ path: 'body.accuracies', message: VALIDATION.accuraciesMatchGeocoders }]);
    if (body.isDefault === false && row.isDefault) throw validationError([{ path: 'body.isDefault', message: VALIDATION.geocodingDefaultRequired }]);
  },
  unique: [uniqueName],
  deleteWhere: { isDefault: false },
  refuse: (row, deps) => (row.isDefault || (inventoryUses(deps).get(row.id) ?? 0) > 0 ? new AppError('GEOCODING_PROFILE_IN_USE') : undefined),
});

export class GeocodingProfileService extends settingService(geocodingProfileKind) {
  /** The new profile as stored (read again: its default may have moved meanwhile). */
  override async create(body: CreateGeocodingProfileBody): Promise<GeocodingProfile> {
    return this.get((await this.insert(body)).id);
  }

  /** A new default un-flags the previous one, in the same transaction. */
  protected override insertRow(data: Prisma.GeocodingProfileCreateInput): Promise<Row> {
    return transaction(this.deps.db, async (tx) => {
      if (data.isDefault === true) await repo.undefaultGeocodingProfiles(tx);
      return repo.geocodingProfiles.create(tx, data);
    });
  }

  /** A profile becoming the default un-flags the previous one, in the same transaction (announced too). */
  protected override async updateRow(row: Row, data: Prisma.GeocodingProfileUpdateManyMutationInput): Promise<void> {
    const previousDefault = await transaction(this.deps.db, async (tx) => {
      await atVersion(repo.geocodingProfiles.updateAtVersion(tx, row.id, row.version, data));
      if (data.isDefault !== true) return [];
      const others = await repo.findOtherDefaultGeocodingProfileIds(tx, row.id);
      await repo.undefaultGeocodingProfiles(tx, row.id);
      return others;
    });
    for (const other of previousDefault) announceSetting(this.deps, 'geocoding_profile', other, false);
  }

  /** PUT v2/admin/inventories/{id}/geocodingProfile: kept in the inventory's settings (its other settings untouched). */
  async setInventoryProfile(inventoryId: string, profileId: string | null): Promise<InventoryGeocodingProfile> {
    if (!this.deps.readModel.inventories.get(inventoryId)) throw new AppError('NOT_FOUND');
    if (profileId !== null) {
      if (!(await repo.geocodingProfiles.find(this.deps.db, profileId)))
        throw validationError([{ path: 'body.geocodingProfileId', message: RULES.unknownGeocodingProfile }]);
    }
    let before: string | null = null;
    for (let attempt = 0; ; attempt++) {
      if (attempt === SETTINGS_ATTEMPTS) throw new AppError('CONFLICT');
      const inv = this.deps.readModel.inventories.get(inventoryId);
      if (!inv) throw new AppError('NOT_FOUND');
      const stored = writableObject(inv.settings);
      before = inventorySettings.read(inv.settings).geocodingProfileId ?? null;
      if (before === profileId) return { inventoryId, geocodingProfileId: profileId };
      const { geocodingProfileId: _dropped, ...rest } = stored;
      const settings: Prisma.InputJsonObject = profileId === null ? rest : { ...rest, geocodingProfileId: profileId };
      const count = await updateInventoryAtVersion(this.deps.db, inventoryId, inv.version, { settings });
      if (count === 1) break;
    }
    for (const changed of [before, profileId]) if (changed !== null) announceSetting(this.deps, 'geocoding_profile', changed, false);
    return { inventoryId, geocodingProfileId: profileId };
  }
}

export const geocodingProfileCalls = callsOf<GeocodingProfileService>()({
  listGeocodingProfiles: (svc, { query }) => svc.list(query),
  getGeocodingProfile: (svc, { params }) => svc.get(params.id),
  createGeocodingProfile: (svc, { body }) => svc.create(body),
  updateGeocodingProfile: (svc, { params, body }) => svc.update(params.id, body),
  deleteGeocodingProfile: (svc, { params }) => svc.delete(params.id),
  setInventoryGeocodingProfile: (svc, { params, body }) => svc.setInventoryProfile(params.id, body.geocodingProfileId),
});
