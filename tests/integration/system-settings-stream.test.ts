/**
 * The stream and geocoding settings of /system_settings (spec 001 §2 stream_providers,
 * stream_profile, stream_media_profile, geocoding_profile, software_version_product; §3 the
 * entities; §5 "Geocoding: accuracies non-negative, must match geocoders. Only one main stream
 * profile per provider. Stream media profile values 0-2147483647."; §8 "geocoding profile in use")
 * against the real core on SQLite and PostgreSQL: each call's success, the spec's messages, roles
 * (super_user and staff; 401/403 otherwise), 404 for unknown rows, rejected requests changing
 * nothing, and the `systemSetting.changed` / `softwareVersion.changed` announcements. The rules
 * checked against stored rows (unique names, min against the stored max, the default geocoding
 * profile, a profile in use) are tested on the services alone, beside them
 * (apps/core/src/modules/system-settings/stream-settings.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  catalogue,
  ERROR_CATALOGUE,
  geocodingProfileEndpoints,
  softwareVersionProductEndpoints,
  streamMediaProfileEndpoints,
  streamProviderEndpoints,
  VALIDATION,
  type EndpointDef,
  type GeocodingProfile,
  type StreamProfile,
  type StreamProvider,
  RULES,
} from '@fleet/contracts';
import { coreCall, providers, recordPublished, startTestStack, type Method, type Published, type TestStack } from '../support/stack.js';

const IDS = [
  ...Object.keys(streamProviderEndpoints),
  ...Object.keys(streamMediaProfileEndpoints),
  ...Object.keys(geocodingProfileEndpoints),
  ...Object.keys(softwareVersionProductEndpoints),
] as (keyof typeof catalogue)[];

describe.each(providers())('stream and geocoding settings on %s', (provider) => {
  let s: TestStack;
  let superUser: string;
  let staff: string;
  let admin: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider, simulator: false });
    [superUser, staff, admin] = await Promise.all([s.login('super_user'), s.login('staff'), s.login('luc_admin')]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const fields = (res: { json(): { error: { fields?: { path: string; message: string }[] } } }) => res.json().error.fields;
  const settingEvents = (kind: string, id: string) =>
    published.filter((p) => p.event.type === 'systemSetting.changed' && p.event.kind === kind && p.event.id === id).map((p) => p.event);
  const snapshot = async () =>
    JSON.stringify([
      await db().streamProvider.findMany({ orderBy: { id: 'asc' } }),
      await db().streamProfile.findMany({ orderBy: { id: 'asc' } }),
      await db().streamMediaProfile.findMany({ orderBy: { id: 'asc' } }),
      await db().geocodingProfile.findMany({ orderBy: { id: 'asc' } }),
      await db().softwareVersion.findMany({ orderBy: { id: 'asc' } }),
      (await db().inventory.findMany({ orderBy: { id: 'asc' } })).map((i) => [i.id, i.settings, i.version]),
    ]);

  it('answers 401 without a session and 403 to roles outside the admin console, changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: 'x', product: 'fieldUnits' });
      expect((await call(def.method, url, undefined, def.body ? {} : undefined)).statusCode, id).toBe(401);
      expect((await call(def.method, url, admin, def.body ? {} : undefined)).statusCode, id).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });

  it('creates, lists, edits and deletes a stream provider with its profiles; one main profile per provider', async () => {
    const created = await call('POST', '/v2/admin/streamProviders', superUser, {
      name: 'Twitch-Test',
      kind: 'rtmp',
      configuration: { url: 'rtmp://live.twitch.test' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const provider: StreamProvider = created.json();
    expect(provider).toMatchObject({
      name: 'Twitch-Test',
      kind: 'rtmp',
      configuration: { url: 'rtmp://live.twitch.test' },
      profileCount: 0,
      mainProfileName: null,
      version: 0,
    });
    expect(settingEvents('stream_providers', provider.id)).toHaveLength(1);
    // Unique name, required kind, configuration an object.
    const before = await snapshot();
    const dup = await call('POST', '/v2/admin/streamProviders', staff, { name: 'Twitch-Test', kind: 'srt' });
    expect(dup.statusCode).toBe(400);
    expect(fields(dup)).toEqual([{ path: 'body.name', message: VALIDATION.nameUnique }]);
    const bad = await call('POST', '/v2/admin/streamProviders', staff, { name: '', kind: '', configuration: [1] });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual(
      expect.arrayContaining([
        { path: 'body.name', message: VALIDATION.required },
        { path: 'body.kind', message: VALIDATION.required },
      ]),
    );
    expect(await snapshot()).toBe(before);

    // Profiles: a main one, then a second main refused with the spec's words, a plain one accepted.
    const main = await call('POST', '/v2/admin/streamProfiles', superUser, {
      providerId: provider.id,
      name: 'Main',
      isMain: true,
      settings: { bitrate: 6000 },
    });
    expect(main.statusCode, main.body).toBe(201);
    const mainProfile: StreamProfile = main.json();
    expect(mainProfile).toMatchObject({ providerId: provider.id, providerName: 'Twitch-Test', isMain: true, settings: { bitrate: 6000 } });
    const before2 = await snapshot();
    const second = await call('POST', '/v2/admin/streamProfiles', superUser, { providerId: provider.id, name: 'Backup', isMain: true });
    expect(second.statusCode).toBe(400);
    expect(fields(second)).toEqual([{ path: 'body.isMain', message: VALIDATION.mainStreamProfilePerProvider }]);
    const sameName = await call('POST', '/v2/admin/streamProfiles', superUser, { providerId: provider.id, name: 'Main' });
    expect(fields(sameName)).toEqual([{ path: 'body.name', message: VALIDATION.nameUnique }]);
    const noProvider = await call('POST', '/v2/admin/streamProfiles', superUser, { providerId: 'spr-no-such', name: 'X' });
    expect(fields(noProvider)).toEqual([{ path: 'body.providerId', message: RULES.unknownStreamProvider }]);
    expect(await snapshot()).toBe(before2);
    // The same name under another provider is fine.
    expect((await call('POST', '/v2/admin/streamProfiles', superUser, { providerId: 'spr-youtube', name: 'Backup-Twitch-Test' })).statusCode).toBe(201);
    const backup: StreamProfile = (await call('POST', '/v2/admin/streamProfiles', superUser, { providerId: provider.id, name: 'Backup' })).json();
    // Making the backup main while Main is: refused; after Main stops being main: accepted.
    const promote = await call('PUT', `/v2/admin/streamProfiles/${backup.id}`, staff, { isMain: true, version: backup.version });
    expect(fields(promote)).toEqual([{ path: 'body.isMain', message: VALIDATION.mainStreamProfilePerProvider }]);
    expect((await call('PUT', `/v2/admin/streamProfiles/${mainProfile.id}`, staff, { isMain: false, version: mainProfile.version })).statusCode).toBe(200);
    const promoted = await call('PUT', `/v2/admin/streamProfiles/${backup.id}`, staff, { isMain: true, version: backup.version });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(settingEvents('stream_profile', backup.id).length).toBeGreaterThanOrEqual(2);
    // A stale version: 409, nothing changed.
    const stale = await call('PUT', `/v2/admin/streamProfiles/${backup.id}`, staff, { name: 'Late', version: backup.version });
    expect(stale.statusCode).toBe(ERROR_CATALOGUE.CONFLICT.status);

    // The list: search, the provider's count and main profile; filtered by provider.
    const list = (await call('GET', '/v2/admin/streamProviders?searchValue=twitch', staff)).json();
    expect(list.items).toEqual([expect.objectContaining({ id: provider.id, profileCount: 2, mainProfileName: 'Backup' })]);
    const profiles = (await call('GET', `/v2/admin/streamProfiles?providerId=${provider.id}&sortBy=name&sortDir=desc`, staff)).json();
    expect(profiles.items.map((p: StreamProfile) => p.name)).toEqual(['Main', 'Backup']);

    // Edit the provider, then delete it: its profiles go with it.
    const edited = await call('PUT', `/v2/admin/streamProviders/${provider.id}`, superUser, { kind: 'srt', version: provider.version });
    expect(edited.json()).toMatchObject({ kind: 'srt', version: provider.version + 1 });
    expect((await call('PUT', `/v2/admin/streamProviders/${provider.id}`, superUser, { name: 'YouTube' })).statusCode).toBe(400);
    const deleted = await call('DELETE', `/v2/admin/streamProviders/${provider.id}`, superUser);
    expect(deleted.json()).toEqual({ id: provider.id, deleted: true, profilesDeleted: 2 });
    expect(await db().streamProfile.count({ where: { providerId: provider.id } })).toBe(0);
    expect(settingEvents('stream_providers', provider.id).at(-1)).toMatchObject({ removed: true });
    expect((await call('GET', `/v2/admin/streamProviders/${provider.id}`, superUser)).statusCode).toBe(404);
    expect((await call('DELETE', `/v2/admin/streamProfiles/${backup.id}`, superUser)).statusCode).toBe(404);
  });

  it('keeps stream media profiles within 0-2147483647 with min not above max at the fields, and offers them to the streaming destinations', async () => {
    const before = await snapshot();
    const big = await call('POST', '/v2/admin/streamMediaProfiles', superUser, {
      name: 'Huge',
      minResolution: -1,
      maxResolution: 2147483648,
      fps: 1.5,
      bitrate: 'x',
    });
    expect(big.statusCode).toBe(400);
    expect(fields(big)).toEqual(
      expect.arrayContaining([
        { path: 'body.minResolution', message: VALIDATION.streamMediaProfileValue },
        { path: 'body.maxResolution', message: VALIDATION.streamMediaProfileValue },
        { path: 'body.fps', message: VALIDATION.integer },
        { path: 'body.bitrate', message: VALIDATION.numericRequired },
      ]),
    );
    const inverted = await call('POST', '/v2/admin/streamMediaProfiles', superUser, {
      name: 'Inverted',
      minResolution: 1080,
      maxResolution: 720,
      fps: 30,
      bitrate: 1,
    });
    expect(fields(inverted)).toEqual([{ path: 'body.maxResolution', message: VALIDATION.minResolutionAboveMax }]);
    expect(await snapshot()).toBe(before);

    const created = await call('POST', '/v2/admin/streamMediaProfiles', staff, {
      name: 'UHD-Test',
      minResolution: 1080,
      maxResolution: 2160,
      fps: 60,
      bitrate: 2147483647,
      attributes: { codec: 'h265' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const profile = created.json();
    expect(settingEvents('stream_media_profile', profile.id)).toHaveLength(1);
    const offered = (await call('GET', '/streamingmediaprofiles/fetch', admin)).json().profiles;
    expect(offered).toContainEqual(expect.objectContaining({ id: profile.id, name: 'UHD-Test', codec: 'h265', bitrate: 2147483647 }));
    const edited = await call('PUT', `/v2/admin/streamMediaProfiles/${profile.id}`, staff, { fps: 50, version: profile.version });
    expect(edited.json()).toMatchObject({ fps: 50, version: profile.version + 1 });
    expect((await call('GET', '/v2/admin/streamMediaProfiles?searchValue=uhd', staff)).json().items.map((p: { id: string }) => p.id)).toEqual([profile.id]);
    expect((await call('DELETE', `/v2/admin/streamMediaProfiles/${profile.id}`, staff)).json()).toEqual({ id: profile.id, deleted: true });
    expect((await call('GET', '/streamingmediaprofiles/fetch', admin)).json().profiles.map((p: { id: string }) => p.id)).not.toContain(profile.id);
  });

  it('checks geocoding profiles’ fields (accuracies matching geocoders, thresholds); names one for an inventory, edits and deletes it', async () => {
    const body = {
      name: 'Geo-Test',
      refreshIntervals: { moving: 30, idle: 300 },
      distanceThreshold: 25.5,
      percentageThreshold: 5,
      geocoders: ['osm', 'google'],
      accuracies: [10, 20],
    };
    const before = await snapshot();
    const mismatch = await call('POST', '/v2/admin/geocodingProfiles', superUser, { ...body, accuracies: [10] });
    expect(mismatch.statusCode).toBe(400);
    expect(fields(mismatch)).toEqual([{ path: 'body.accuracies', message: VALIDATION.accuraciesMatchGeocoders }]);
    const negative = await call('POST', '/v2/admin/geocodingProfiles', superUser, {
      ...body,
      accuracies: [10, -1],
      percentageThreshold: 101,
      refreshIntervals: { moving: -5, idle: 1 },
    });
    expect(fields(negative)).toEqual(
      expect.arrayContaining([
        { path: 'body.accuracies.1', message: VALIDATION.minValue(0) },
        { path: 'body.percentageThreshold', message: VALIDATION.maxValue(100) },
        { path: 'body.refreshIntervals.moving', message: VALIDATION.minValue(0) },
      ]),
    );
    const noGeocoders = await call('POST', '/v2/admin/geocodingProfiles', superUser, { ...body, geocoders: [], accuracies: [] });
    expect(fields(noGeocoders)).toEqual([{ path: 'body.geocoders', message: VALIDATION.required }]);
    const unknown = await call('POST', '/v2/admin/geocodingProfiles', superUser, { ...body, geocoders: ['osm', 'nowhere'] });
    expect(fields(unknown)).toEqual([{ path: 'body.geocoders.1', message: VALIDATION.invalidField }]);
    expect(await snapshot()).toBe(before);

    const created = await call('POST', '/v2/admin/geocodingProfiles', superUser, body);
    expect(created.statusCode, created.body).toBe(201);
    const geo: GeocodingProfile = created.json();
    expect(geo).toMatchObject({ ...body, isDefault: false, inUse: false, inventoryCount: 0 });
    const named = await call('PUT', '/v2/admin/inventories/inv-metro/geocodingProfile', staff, { geocodingProfileId: geo.id });
    expect(named.json()).toEqual({ inventoryId: 'inv-metro', geocodingProfileId: geo.id });
    expect((await call('GET', `/v2/admin/geocodingProfiles/${geo.id}`, staff)).json()).toMatchObject({ inUse: true, inventoryCount: 1 });
    expect((await call('PUT', '/v2/admin/inventories/inv-metro/geocodingProfile', staff, { geocodingProfileId: null })).statusCode).toBe(200);
    const current = (await call('GET', `/v2/admin/geocodingProfiles/${geo.id}`, staff)).json();
    const renamed = await call('PUT', `/v2/admin/geocodingProfiles/${geo.id}`, staff, { name: 'Geo-Test-2', version: current.version });
    expect(renamed.json()).toMatchObject({ name: 'Geo-Test-2', version: current.version + 1 });
    expect((await call('DELETE', `/v2/admin/geocodingProfiles/${geo.id}`, staff)).json()).toEqual({ id: geo.id, deleted: true });
    expect(settingEvents('geocoding_profile', geo.id).at(-1)).toMatchObject({ removed: true });
    const list = (await call('GET', '/v2/admin/geocodingProfiles', staff)).json();
    expect(list.items.filter((p: GeocodingProfile) => p.isDefault).map((p: GeocodingProfile) => p.id)).toEqual(['geo-default']);
  });

  it('lists the versions of each product and adds or removes a product on a version, with its row version', async () => {
    const listed = (await call('GET', '/v2/admin/softwareVersionProducts', staff)).json();
    const versions = listed.versions as { id: string; number: string; version: number; supportedDevices: string[] }[];
    expect(versions.length).toBeGreaterThan(0);
    const target = versions.find((v) => !v.supportedDevices.includes('ptmpUnits'))!;
    expect(target).toBeDefined();
    const published0 = published.length;
    const added = await call('PUT', `/v2/admin/softwareVersions/${target.id}/products/ptmpUnits`, superUser, { version: target.version });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ id: target.id, version: target.version + 1 });
    expect(added.json().supportedDevices).toContain('ptmpUnits');
    expect(published.slice(published0).some((p) => p.event.type === 'softwareVersion.changed' && p.event.softwareVersionId === target.id)).toBe(true);
    const after = (await call('GET', '/v2/admin/softwareVersionProducts', staff)).json();
    const ptmp = after.products.find((p: { product: string }) => p.product === 'ptmpUnits');
    expect(ptmp.versions.map((v: { id: string }) => v.id)).toContain(target.id);
    // A stale row version: 409, nothing changed; an unknown product: 400; an unknown version: 404.
    const before = await snapshot();
    expect((await call('DELETE', `/v2/admin/softwareVersions/${target.id}/products/ptmpUnits?version=${target.version}`, superUser)).statusCode).toBe(409);
    expect((await call('PUT', `/v2/admin/softwareVersions/${target.id}/products/toaster`, superUser, {})).statusCode).toBe(400);
    expect((await call('PUT', '/v2/admin/softwareVersions/swv-no-such/products/ptmpUnits', superUser, {})).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
    const removed = await call('DELETE', `/v2/admin/softwareVersions/${target.id}/products/ptmpUnits?version=${target.version + 1}`, superUser);
    expect(removed.json().supportedDevices).not.toContain('ptmpUnits');
    // Removing it again: unchanged, not written.
    const again = await call('DELETE', `/v2/admin/softwareVersions/${target.id}/products/ptmpUnits`, superUser);
    expect(again.json().version).toBe(removed.json().version);
  });
});
