/**
 * /system_settings stream_providers, stream_profile, stream_media_profile and geocoding_profile:
 * Edit reads the row fresh by id before the form opens, so the form shows what another console
 * saved since the list was read and saves with the version read; a row deleted meanwhile says so.
 */
import type { ReactElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GeocodingProfile, StreamMediaProfileSetting, StreamProfile, StreamProvider } from '@fleet/contracts';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import GeocodingProfilesSetting from './GeocodingProfilesSetting';
import StreamMediaProfilesSetting from './StreamMediaProfilesSetting';
import StreamProfilesSetting from './StreamProfilesSetting';
import StreamProvidersSetting from './StreamProvidersSetting';

const AT = '2026-01-10T09:00:00.000Z';
const page = <T,>(items: readonly T[], query: { offset: number; limit: number }) => ({
  items: [...items],
  total: items.length,
  offset: query.offset,
  limit: query.limit,
});
const render = (ui: ReactElement, kind: string, api: FakeApi) => renderWithApp(ui, { roles: ['super_user'], route: `/system_settings/${kind}`, api });

const PROVIDER: StreamProvider = {
  id: 'sp-1',
  name: 'E2E-stream',
  kind: 'rtmp',
  configuration: { url: 'rtmp://e2e.test/live' },
  profileCount: 1,
  mainProfileName: 'Main',
  version: 0,
  createdAt: AT,
  updatedAt: AT,
};
const PROFILE: StreamProfile = {
  id: 'spr-1',
  name: 'Main',
  providerId: PROVIDER.id,
  providerName: PROVIDER.name,
  isMain: true,
  settings: {},
  version: 0,
  createdAt: AT,
  updatedAt: AT,
};
const GEO: GeocodingProfile = {
  id: 'geo-1',
  name: 'City',
  refreshIntervals: { moving: 60, idle: 600 },
  distanceThreshold: 0,
  percentageThreshold: 0,
  geocoders: ['osm'],
  accuracies: [25],
  isDefault: false,
  inventoryCount: 0,
  inUse: false,
  version: 0,
  createdAt: AT,
  updatedAt: AT,
};

describe('system settings: the edit reads the row fresh', () => {
  it('stream providers: the form shows the kind saved elsewhere and saves with the version read', async () => {
    const api = new FakeApi()
      .on('listStreamProviders', ({ query }) => page([PROVIDER], query))
      .on('getStreamProvider', { ...PROVIDER, kind: 'srt', version: 3 })
      .on('updateStreamProvider', ({ body }) => ({ ...PROVIDER, kind: body.kind ?? PROVIDER.kind, version: 4 }));
    const { user } = await render(<StreamProvidersSetting kind="stream_providers" />, 'stream_providers', api);
    await user.click(await screen.findByTestId('settings-stream-providers-edit-sp-1'));
    expect(await screen.findByTestId('settings-stream-providers-kind')).toHaveValue('srt');
    expect(api.calls('getStreamProvider')[0]?.url).toBe('/api/v2/admin/streamProviders/sp-1');
    await user.click(screen.getByTestId('settings-stream-providers-save'));
    await waitFor(() => expect(api.calls('updateStreamProvider')).toHaveLength(1));
    expect(api.calls('updateStreamProvider')[0]?.body).toMatchObject({ kind: 'srt', version: 3 });
  });

  it('stream profiles: the form shows the name saved elsewhere', async () => {
    const api = new FakeApi()
      .on('listStreamProviders', ({ query }) => page([PROVIDER], query))
      .on('listStreamProfiles', ({ query }) => page([PROFILE], query))
      .on('getStreamProfile', { ...PROFILE, name: 'Main-HD', version: 2 });
    const { user } = await render(<StreamProfilesSetting kind="stream_profile" />, 'stream_profile', api);
    await user.click(await screen.findByTestId('settings-stream-profiles-edit-spr-1'));
    expect(await screen.findByTestId('settings-stream-profiles-name')).toHaveValue('Main-HD');
    expect(api.calls('getStreamProfile')[0]?.url).toBe('/api/v2/admin/streamProfiles/spr-1');
  });

  it('stream media profiles: a profile deleted meanwhile says so instead of opening the form', async () => {
    const row: StreamMediaProfileSetting = {
      id: 'smp-1',
      name: 'HD',
      minResolution: 720,
      maxResolution: 1080,
      fps: 30,
      bitrate: 4000,
      attributes: {},
      version: 0,
      createdAt: AT,
      updatedAt: AT,
    };
    const api = new FakeApi().on('listStreamMediaProfiles', ({ query }) => page([row], query)).on('getStreamMediaProfile', apiError('NOT_FOUND'));
    const { user } = await render(<StreamMediaProfilesSetting kind="stream_media_profile" />, 'stream_media_profile', api);
    await user.click(await screen.findByTestId('settings-stream-media-profiles-edit-smp-1'));
    expect(await screen.findByTestId('settings-stream-media-profiles-load-error')).toBeVisible();
    expect(screen.queryByTestId('settings-stream-media-profiles-name')).not.toBeInTheDocument();
    expect(api.calls('getStreamMediaProfile')[0]?.url).toBe('/api/v2/admin/streamMediaProfiles/smp-1');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('settings-stream-media-profiles-load-error')).not.toBeInTheDocument());
  });

  it('geocoding profiles: the form shows the name saved elsewhere', async () => {
    const api = new FakeApi()
      .on('listGeocodingProfiles', ({ query }) => page([GEO], query))
      .on('getGeocodingProfile', { ...GEO, name: 'Dense-City', version: 1 });
    const { user } = await render(<GeocodingProfilesSetting kind="geocoding_profile" />, 'geocoding_profile', api);
    await user.click(await screen.findByTestId('settings-geocoding-profiles-edit-geo-1'));
    expect(await screen.findByTestId('settings-geocoding-profiles-name')).toHaveValue('Dense-City');
    expect(api.calls('getGeocodingProfile')[0]?.url).toBe('/api/v2/admin/geocodingProfiles/geo-1');
  });
});
