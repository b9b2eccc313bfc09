/**
 * /system_settings stream_providers, stream_profile, stream_media_profile and geocoding_profile
 * (spec 001 §5 "accuracies non-negative, must match geocoders", "Only one main stream profile per
 * provider", "Stream media profile values 0-2147483647"; §8 "geocoding profile in use"): the forms'
 * own checks in the spec's words with nothing sent, and the core's refusals on their field or in
 * the delete confirmation.
 */
import type { ReactElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { GeocodingProfile, StreamMediaProfileSetting, StreamProfile, StreamProvider } from '@fleet/contracts';
import { FakeApi, apiError, fieldErrors } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
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
const MAIN: StreamProfile = {
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

function geocoding(overrides: Partial<GeocodingProfile>): GeocodingProfile {
  return {
    id: 'geo-default',
    name: 'Default',
    refreshIntervals: { moving: 60, idle: 600 },
    distanceThreshold: 0,
    percentageThreshold: 0,
    geocoders: ['osm'],
    accuracies: [25],
    isDefault: true,
    inventoryCount: 0,
    inUse: true,
    version: 0,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

const render = (ui: ReactElement, kind: string, api: FakeApi) => renderWithApp(ui, { roles: ['super_user'], route: `/system_settings/${kind}`, api });

describe('stream settings', () => {
  it('stream providers: a missing kind and a configuration that is not a JSON object are refused inline, nothing sent', async () => {
    const api = new FakeApi().on('listStreamProviders', ({ query }) => page([], query));
    const { user } = await render(<StreamProvidersSetting kind="stream_providers" />, 'stream_providers', api);
    await user.click(await screen.findByTestId('settings-stream-providers-add'));
    await fill(user, await screen.findByTestId('settings-stream-providers-name'), 'E2E-stream');
    await fill(user, screen.getByTestId('settings-stream-providers-configuration'), '[1]');
    await user.click(screen.getByTestId('settings-stream-providers-save'));
    expect(screen.getByTestId('settings-stream-providers-error.kind')).toHaveTextContent(VALIDATION.required);
    expect(screen.getByTestId('settings-stream-providers-error.configuration')).toHaveTextContent(VALIDATION.invalidField);
    expect(api.calls('createStreamProvider')).toHaveLength(0);
  });

  it('stream profiles: the core’s refusal of a second main profile of the provider shows on the switch; as not main it is saved', async () => {
    let profiles: StreamProfile[] = [MAIN];
    const api = new FakeApi()
      .on('listStreamProviders', ({ query }) => page([PROVIDER], query))
      .on('listStreamProfiles', ({ query }) => page(profiles, query))
      .on('createStreamProfile', ({ body }) => {
        if (body.isMain === true && profiles.some((p) => p.providerId === body.providerId && p.isMain)) {
          return fieldErrors([{ path: 'body.isMain', message: VALIDATION.mainStreamProfilePerProvider }]);
        }
        const made: StreamProfile = { ...MAIN, id: 'spr-2', name: body.name, isMain: body.isMain ?? false };
        profiles = [...profiles, made];
        return made;
      });
    const { user } = await render(<StreamProfilesSetting kind="stream_profile" />, 'stream_profile', api);
    await user.click(await screen.findByTestId('settings-stream-profiles-provider-filter'));
    await user.click(await screen.findByRole('option', { name: 'E2E-stream' }));
    await user.click(screen.getByTestId('settings-stream-profiles-add'));
    expect(await screen.findByTestId('settings-stream-profiles-provider')).toHaveValue('E2E-stream');
    await fill(user, screen.getByTestId('settings-stream-profiles-name'), 'Backup');
    await user.click(screen.getByTestId('settings-stream-profiles-is-main'));
    await user.click(screen.getByTestId('settings-stream-profiles-save'));
    expect(await screen.findByTestId('settings-stream-profiles-error.isMain')).toHaveTextContent(VALIDATION.mainStreamProfilePerProvider);

    await user.click(screen.getByTestId('settings-stream-profiles-is-main'));
    await user.click(screen.getByTestId('settings-stream-profiles-save'));
    await waitFor(() => expect(screen.queryByTestId('settings-stream-profiles-modal')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getAllByTestId(/^settings-stream-profiles-row-/)).toHaveLength(2));
    expect(screen.getByTestId('settings-stream-profiles-main-spr-1')).toBeVisible();
    expect(api.calls('createStreamProfile').map((call) => call.body)).toEqual([
      expect.objectContaining({ providerId: PROVIDER.id, name: 'Backup', isMain: true }),
      expect.objectContaining({ providerId: PROVIDER.id, name: 'Backup', isMain: false }),
    ]);
  });

  it('stream media profiles: a bitrate above 2147483647 is refused inline and nothing sent; 2147483647 is sent', async () => {
    let rows: StreamMediaProfileSetting[] = [];
    const api = new FakeApi()
      .on('listStreamMediaProfiles', ({ query }) => page(rows, query))
      .on('createStreamMediaProfile', ({ body }) => {
        const made: StreamMediaProfileSetting = {
          id: 'smp-1',
          name: body.name,
          minResolution: body.minResolution,
          maxResolution: body.maxResolution,
          fps: body.fps,
          bitrate: body.bitrate,
          attributes: {},
          version: 0,
          createdAt: AT,
          updatedAt: AT,
        };
        rows = [made];
        return made;
      });
    const { user } = await render(<StreamMediaProfilesSetting kind="stream_media_profile" />, 'stream_media_profile', api);
    await user.click(await screen.findByTestId('settings-stream-media-profiles-add'));
    await fill(user, await screen.findByTestId('settings-stream-media-profiles-name'), 'E2E-media');
    await fill(user, screen.getByTestId('settings-stream-media-profiles-minResolution'), '720');
    await fill(user, screen.getByTestId('settings-stream-media-profiles-maxResolution'), '1080');
    await fill(user, screen.getByTestId('settings-stream-media-profiles-fps'), '50');
    await fill(user, screen.getByTestId('settings-stream-media-profiles-bitrate'), '2147483648');
    await user.click(screen.getByTestId('settings-stream-media-profiles-save'));
    expect(screen.getByTestId('settings-stream-media-profiles-error.bitrate')).toHaveTextContent(VALIDATION.streamMediaProfileValue);
    expect(api.calls('createStreamMediaProfile')).toHaveLength(0);
    await fill(user, screen.getByTestId('settings-stream-media-profiles-bitrate'), '2147483647');
    await user.click(screen.getByTestId('settings-stream-media-profiles-save'));
    await waitFor(() => expect(screen.queryByTestId('settings-stream-media-profiles-modal')).not.toBeInTheDocument());
    expect(api.calls('createStreamMediaProfile')[0]?.body).toMatchObject({
      name: 'E2E-media',
      minResolution: 720,
      maxResolution: 1080,
      fps: 50,
      bitrate: 2147483647,
    });
    await waitFor(() => expect(screen.getByTestId('settings-stream-media-profiles-row-smp-1')).toHaveTextContent('2147483647'));
  });

  it('geocoding profiles: accuracies not matching the geocoders are refused inline; the new profile lists its accuracies; the default in use cannot be deleted; the new one is deleted', async () => {
    let rows: GeocodingProfile[] = [geocoding({})];
    const api = new FakeApi()
      .on('listGeocodingProfiles', ({ query }) => page(rows, query))
      .on('createGeocodingProfile', ({ body }) => {
        const made = geocoding({
          id: 'geo-1',
          name: body.name,
          geocoders: body.geocoders ?? [],
          accuracies: body.accuracies ?? [],
          isDefault: false,
          inUse: false,
        });
        rows = [...rows, made];
        return made;
      })
      .on('deleteGeocodingProfile', ({ params }) => {
        if (rows.find((p) => p.id === params.id)?.inUse) return apiError('GEOCODING_PROFILE_IN_USE');
        rows = rows.filter((p) => p.id !== params.id);
        return { id: params.id, deleted: true };
      });
    const { user } = await render(<GeocodingProfilesSetting kind="geocoding_profile" />, 'geocoding_profile', api);
    await user.click(await screen.findByTestId('settings-geocoding-profiles-add'));
    const modal = await screen.findByTestId('settings-geocoding-profiles-modal');
    await fill(user, screen.getByTestId('settings-geocoding-profiles-name'), 'E2E-geo');
    await user.click(within(modal).getByRole('combobox', { name: 'Geocoders' }));
    await user.click(await screen.findByRole('option', { name: 'osm' }));
    await user.click(await screen.findByRole('option', { name: 'google' }));
    await fill(user, screen.getByTestId('settings-geocoding-profiles-accuracies'), '25');
    await user.click(screen.getByTestId('settings-geocoding-profiles-save'));
    expect(screen.getByTestId('settings-geocoding-profiles-error.accuracies')).toHaveTextContent(VALIDATION.accuraciesMatchGeocoders);
    expect(api.calls('createGeocodingProfile')).toHaveLength(0);
    await fill(user, screen.getByTestId('settings-geocoding-profiles-accuracies'), '25, 50');
    await user.click(screen.getByTestId('settings-geocoding-profiles-save'));
    await waitFor(() => expect(screen.queryByTestId('settings-geocoding-profiles-modal')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('settings-geocoding-profiles-row-geo-1')).toHaveTextContent('google (50)'));

    // The default profile is in use: its delete is refused with the spec's words.
    expect(screen.getByTestId('settings-geocoding-profiles-default-geo-default')).toBeVisible();
    await user.click(screen.getByTestId('settings-geocoding-profiles-delete-geo-default'));
    await user.click(await screen.findByTestId('settings-geocoding-profiles-delete-confirm'));
    expect(await screen.findByTestId('settings-geocoding-profiles-delete-error')).toHaveTextContent('Geocoding profile in use');
    await user.click(screen.getByTestId('settings-geocoding-profiles-delete-cancel'));
    await user.click(screen.getByTestId('settings-geocoding-profiles-delete-geo-1'));
    await user.click(await screen.findByTestId('settings-geocoding-profiles-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('settings-geocoding-profiles-row-geo-1')).not.toBeInTheDocument());
    expect(screen.getByTestId('settings-geocoding-profiles-row-geo-default')).toBeVisible();
  });
});
