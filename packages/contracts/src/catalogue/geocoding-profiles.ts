/**
 * Geocoding profiles (spec 001 §2 /system_settings geocoding_profile; §3 refresh intervals, thresholds, geocoders and accuracies; §5 accuracies non-negative and matching the geocoders; §8 geocoding profile in use).
 *
 * The spec shows no calls; these are what the tab needs (paged list searchable by name, create,
 * read, update with the row version, delete), plus the inventory's choice of profile (kept in the
 * inventory's settings) that makes a profile "in use". All for the system admin console
 * (PLATFORM_ADMIN_ROLES). Changes are announced on /ws as `streamSetting.changed`.
 */
import { PLATFORM_ADMIN_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import {
  CreateGeocodingProfileBody,
  GeocodingProfile,
  GeocodingProfileDeleted,
  GeocodingProfilePage,
  GeocodingProfileSearchQuery,
  InventoryGeocodingProfile,
  SetInventoryGeocodingProfileBody,
  UpdateGeocodingProfileBody,
} from '../entities/geocoding-profiles.js';
import { endpoint, type EndpointDef } from './define.js';

const admin = { roles: PLATFORM_ADMIN_ROLES, scope: 'none' } as const;

export const geocodingProfileEndpoints = {
  listGeocodingProfiles: endpoint({
    method: 'GET',
    path: '/v2/admin/geocodingProfiles',
    summary: 'The geocoding profiles (the geocoding_profile tab): page of 50, search by name, each with whether it is the default and in use',
    spec: '001 §2 /system_settings geocoding_profile; §3 Geocoding profile',
    ...admin,
    query: GeocodingProfileSearchQuery,
    response: GeocodingProfilePage,
  }),
  getGeocodingProfile: endpoint({
    method: 'GET',
    path: '/v2/admin/geocodingProfiles/{id}',
    summary: 'A geocoding profile (the edit form, with its version)',
    spec: '001 §3 Geocoding profile',
    ...admin,
    params: IdParams,
    response: GeocodingProfile,
  }),
  createGeocodingProfile: endpoint({
    method: 'POST',
    path: '/v2/admin/geocodingProfiles',
    summary:
      'Create a geocoding profile (name, unique; refresh intervals; distance and percentage thresholds; geocoders with one non-negative accuracy each; default flag, moved to it)',
    spec: "001 §3 Geocoding profile; §5 'Geocoding: accuracies non-negative, must match geocoders'",
    ...admin,
    body: CreateGeocodingProfileBody,
    response: GeocodingProfile,
    successStatus: 201,
  }),
  updateGeocodingProfile: endpoint({
    method: 'PUT',
    path: '/v2/admin/geocodingProfiles/{id}',
    summary: 'Change a geocoding profile (same rules as create; the default stops being it only when another becomes it)',
    spec: "001 §3 Geocoding profile; §5 'Geocoding: accuracies non-negative, must match geocoders'",
    ...admin,
    params: IdParams,
    body: UpdateGeocodingProfileBody,
    response: GeocodingProfile,
  }),
  deleteGeocodingProfile: endpoint({
    method: 'DELETE',
    path: '/v2/admin/geocodingProfiles/{id}',
    summary: 'Delete a geocoding profile (not the default, nor one an inventory uses: "Geocoding profile in use")',
    spec: "001 §8 'geocoding profile in use'",
    ...admin,
    params: IdParams,
    response: GeocodingProfileDeleted,
  }),
  setInventoryGeocodingProfile: endpoint({
    method: 'PUT',
    path: '/v2/admin/inventories/{id}/geocodingProfile',
    summary: "Choose the inventory's geocoding profile (null: the default one)",
    spec: "001 §3 Geocoding profile; §8 'geocoding profile in use'",
    ...admin,
    params: IdParams,
    body: SetInventoryGeocodingProfileBody,
    response: InventoryGeocodingProfile,
  }),
} as const satisfies Record<string, EndpointDef>;
