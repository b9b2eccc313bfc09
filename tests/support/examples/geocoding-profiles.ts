/**
 * Role-matrix examples of the geocoding profiles calls (see ../catalogue-examples.ts for what an example is).
 */
import type { geocodingProfileEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';
import { streamSettingIds } from './stream-setting-ids.js';

export const GEOCODING_PROFILES_EXAMPLES: { [K in keyof typeof geocodingProfileEndpoints]: Example<K> } = {
  listGeocodingProfiles: { input: () => ({ query: {} }) },
  getGeocodingProfile: { input: (_r, w) => ({ params: { id: streamSettingIds(w.role).geocodingProfile } }) },
  createGeocodingProfile: {
    input: (_r, w) => ({
      body: {
        name: `Matrix-Geo-${w.role}-new`,
        refreshIntervals: { moving: 30, idle: 300 },
        distanceThreshold: 50,
        percentageThreshold: 5,
        geocoders: ['osm', 'here'],
        accuracies: [20, 40],
      },
    }),
  },
  updateGeocodingProfile: { input: (_r, w) => ({ params: { id: streamSettingIds(w.role).geocodingProfile }, body: { distanceThreshold: 75 } }) },
  deleteGeocodingProfile: { input: (_r, w) => ({ params: { id: streamSettingIds(w.role).deleteGeocodingProfile } }) },
  // The role's inventory keeps the default profile (null): nothing another role's example depends on changes.
  setInventoryGeocodingProfile: { input: (r) => ({ params: { id: r.inventory }, body: { geocodingProfileId: null } }) },
};
