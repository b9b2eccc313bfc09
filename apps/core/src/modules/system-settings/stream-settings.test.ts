/**
 * The rules of two system-settings kinds (spec 001 §5 "Stream media profile values
 * 0-2147483647", "Geocoding: accuracies non-negative, must match geocoders"; §8 "geocoding profile
 * in use") on their services alone (the seeded template): unique names, min not above max against
 * the stored values, the row version, one default geocoding profile that moves and cannot be
 * deleted, a profile in use by an inventory, and the `systemSetting.changed` announcements. The
 * bodies' field validation and the roles are in tests/integration/system-settings-stream.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, GeocodingProfileSearchQuery, StreamMediaProfileSearchQuery, VALIDATION, type GeocodingProfile } from '@fleet/contracts';
import { moduleHarness, type ModuleHarness } from '../../testing/module-harness.js';
import { ChannelConfigurationService } from '../channels/channel-configuration.js';
import { GeocodingProfileService } from './geocoding-profiles.js';
import { StreamMediaProfileService } from './stream-media-profiles.js';

const build = (h: ModuleHarness) => ({
  mediaProfiles: new StreamMediaProfileService(h.deps),
  geocoding: new GeocodingProfileService(h.deps),
  // What the streaming destinations are offered.
  channelConfig: new ChannelConfigurationService(h.deps),
});

describe('stream and geocoding settings rules', () => {
  let h: ModuleHarness;
  let s: ReturnType<typeof build>;

  beforeAll(async () => {
    h = await moduleHarness();
    s = build(h);
  });
  afterAll(async () => h?.close());
  beforeEach(() => h.hub.clear());

  const db = () => h.db;
  const settingEvents = (kind: string, id: string) => h.hub.eventsOf('systemSetting.changed').filter((e) => e.kind === kind && e.id === id);
  const snapshot = async () =>
    JSON.stringify([
      await db().streamMediaProfile.findMany({ orderBy: { id: 'asc' } }),
      await db().geocodingProfile.findMany({ orderBy: { id: 'asc' } }),
      (await db().inventory.findMany({ orderBy: { id: 'asc' } })).map((i) => [i.id, i.settings, i.version]),
    ]);

  it('keeps stream media profiles’ names unique and min not above the stored max, under their version', async () => {
    const before = await snapshot();
    await expect(s.mediaProfiles.create({ name: 'HD-Default', minResolution: 1, maxResolution: 2, fps: 3, bitrate: 4 })).rejects.toMatchObject({
      fields: [{ path: 'body.name', message: VALIDATION.nameUnique }],
    });
    expect(await snapshot()).toBe(before);

    const profile = await s.mediaProfiles.create({
      name: 'UHD-Test',
      minResolution: 1080,
      maxResolution: 2160,
      fps: 60,
      bitrate: 2147483647,
      attributes: { codec: 'h265' },
    });
    expect(settingEvents('stream_media_profile', profile.id)).toHaveLength(1);
    expect((await s.channelConfig.streamMediaProfiles()).profiles).toContainEqual(
      expect.objectContaining({ id: profile.id, name: 'UHD-Test', codec: 'h265', bitrate: 2147483647 }),
    );
    // An update giving only the min is checked against the stored max.
    await expect(s.mediaProfiles.update(profile.id, { minResolution: 4000 })).rejects.toMatchObject({
      fields: [{ path: 'body.minResolution', message: VALIDATION.minResolutionAboveMax }],
    });
    expect(await s.mediaProfiles.update(profile.id, { fps: 50, version: profile.version })).toMatchObject({ fps: 50, version: profile.version + 1 });
    await expect(s.mediaProfiles.update(profile.id, { fps: 40, version: profile.version })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await s.mediaProfiles.list(StreamMediaProfileSearchQuery.parse({ searchValue: 'uhd' }))).items.map((p) => p.id)).toEqual([profile.id]);
    expect(await s.mediaProfiles.delete(profile.id)).toEqual({ id: profile.id, deleted: true });
    expect((await s.channelConfig.streamMediaProfiles()).profiles.map((p) => p.id)).not.toContain(profile.id);
  });

  it('checks geocoding profiles against their stored accuracies, moves the default, and refuses to delete one in use', async () => {
    const body = {
      name: 'Geo-Test',
      refreshIntervals: { moving: 30, idle: 300 },
      distanceThreshold: 25.5,
      percentageThreshold: 5,
      geocoders: ['osm', 'google'] as ('osm' | 'google')[],
      accuracies: [10, 20],
    };
    const geo: GeocodingProfile = await s.geocoding.create(body);
    expect(geo).toMatchObject({ ...body, isDefault: false, inUse: false, inventoryCount: 0 });
    // An update giving geocoders only is checked against the stored accuracies.
    await expect(s.geocoding.update(geo.id, { geocoders: ['osm'] })).rejects.toMatchObject({
      fields: [{ path: 'body.accuracies', message: VALIDATION.accuraciesMatchGeocoders }],
    });

    // The default cannot be deleted, nor un-defaulted by itself.
    const before = await snapshot();
    await expect(s.geocoding.delete('geo-default')).rejects.toMatchObject({
      status: ERROR_CATALOGUE.GEOCODING_PROFILE_IN_USE.status,
      code: 'GEOCODING_PROFILE_IN_USE',
      message: 'Geocoding profile in use',
    });
    await expect(s.geocoding.update('geo-default', { isDefault: false })).rejects.toMatchObject({
      fields: [{ path: 'body.isDefault', message: VALIDATION.geocodingDefaultRequired }],
    });
    expect(await snapshot()).toBe(before);

    // An inventory naming the profile makes it in use; back to the default frees it.
    expect(await s.geocoding.setInventoryProfile('inv-metro', geo.id)).toEqual({ inventoryId: 'inv-metro', geocodingProfileId: geo.id });
    expect(await s.geocoding.get(geo.id)).toMatchObject({ inUse: true, inventoryCount: 1 });
    await expect(s.geocoding.delete(geo.id)).rejects.toMatchObject({ status: 409 });
    await expect(s.geocoding.setInventoryProfile('inv-metro', 'geo-no-such')).rejects.toMatchObject({ status: 400 });
    await expect(s.geocoding.setInventoryProfile('inv-no-such', null)).rejects.toMatchObject({ status: 404 });
    // The inventory's other settings are kept.
    const settingsBefore = (await db().inventory.findUnique({ where: { id: 'inv-metro' } }))!.settings as Record<string, unknown>;
    await s.geocoding.setInventoryProfile('inv-metro', null);
    const settingsAfter = (await db().inventory.findUnique({ where: { id: 'inv-metro' } }))!.settings as Record<string, unknown>;
    const { geocodingProfileId: _gone, ...rest } = settingsBefore;
    expect(settingsAfter).toEqual(rest);

    // Making it the default moves the flag from the previous default, which becomes deletable.
    const current = await s.geocoding.get(geo.id);
    expect(await s.geocoding.update(geo.id, { isDefault: true, version: current.version })).toMatchObject({ isDefault: true, inUse: true });
    expect(await s.geocoding.get('geo-default')).toMatchObject({ isDefault: false, inUse: false });
    expect(settingEvents('geocoding_profile', 'geo-default').length).toBeGreaterThanOrEqual(1);
    // Back as it was: geo-default the default again; the test profile deleted.
    const seeded = await s.geocoding.get('geo-default');
    await s.geocoding.update('geo-default', { isDefault: true, version: seeded.version });
    expect(await s.geocoding.delete(geo.id)).toEqual({ id: geo.id, deleted: true });
    expect(settingEvents('geocoding_profile', geo.id).at(-1)).toMatchObject({ removed: true });
    const list = await s.geocoding.list(GeocodingProfileSearchQuery.parse({}));
    expect(list.items.filter((p) => p.isDefault).map((p) => p.id)).toEqual(['geo-default']);
  });
});
