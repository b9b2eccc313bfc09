/**
 * Stream providers and their stream profiles (spec 001 §2 /system_settings stream_providers, stream_profile; §5 only one main stream profile per provider).
 *
 * The spec shows neither the calls nor the contents; these are what the two tabs need: a paged list
 * searchable by name, create, read, update (with the row version) and delete. Everything is
 * platform-wide: reads and writes are for the system admin console (PLATFORM_ADMIN_ROLES). A
 * provider's delete takes its profiles. Changes are announced on /ws as `streamSetting.changed`.
 */
import { PLATFORM_ADMIN_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import {
  CreateStreamProfileBody,
  CreateStreamProviderBody,
  StreamProfile,
  StreamProfileDeleted,
  StreamProfilePage,
  StreamProfileSearchQuery,
  StreamProvider,
  StreamProviderDeleted,
  StreamProviderPage,
  StreamProviderSearchQuery,
  UpdateStreamProfileBody,
  UpdateStreamProviderBody,
} from '../entities/stream-providers.js';
import { endpoint, type EndpointDef } from './define.js';

const admin = { roles: PLATFORM_ADMIN_ROLES, scope: 'none' } as const;

export const streamProviderEndpoints = {
  listStreamProviders: endpoint({
    method: 'GET',
    path: '/v2/admin/streamProviders',
    summary: "The stream providers (the stream_providers tab): page of 50, search by name, with each one's profile count and main profile",
    spec: '001 §2 /system_settings stream_providers',
    ...admin,
    query: StreamProviderSearchQuery,
    response: StreamProviderPage,
  }),
  getStreamProvider: endpoint({
    method: 'GET',
    path: '/v2/admin/streamProviders/{id}',
    summary: 'A stream provider (the edit form, with its version)',
    spec: '001 §2 /system_settings stream_providers',
    ...admin,
    params: IdParams,
    response: StreamProvider,
  }),
  createStreamProvider: endpoint({
    method: 'POST',
    path: '/v2/admin/streamProviders',
    summary: 'Create a stream provider (name, unique; kind; configuration JSON object)',
    spec: "001 §2 /system_settings stream_providers; §5 'Name field has to be unique'",
    ...admin,
    body: CreateStreamProviderBody,
    response: StreamProvider,
    successStatus: 201,
  }),
  updateStreamProvider: endpoint({
    method: 'PUT',
    path: '/v2/admin/streamProviders/{id}',
    summary: 'Change the name, kind or configuration of a stream provider',
    spec: "001 §2 /system_settings stream_providers; §5 'Name field has to be unique'",
    ...admin,
    params: IdParams,
    body: UpdateStreamProviderBody,
    response: StreamProvider,
  }),
  deleteStreamProvider: endpoint({
    method: 'DELETE',
    path: '/v2/admin/streamProviders/{id}',
    summary: 'Delete a stream provider and its stream profiles',
    spec: '001 §2 /system_settings stream_providers',
    ...admin,
    params: IdParams,
    response: StreamProviderDeleted,
  }),
  listStreamProfiles: endpoint({
    method: 'GET',
    path: '/v2/admin/streamProfiles',
    summary: 'The stream profiles (the stream_profile tab), of every provider or of one (providerId): page of 50, search by name',
    spec: '001 §2 /system_settings stream_profile',
    ...admin,
    query: StreamProfileSearchQuery,
    response: StreamProfilePage,
  }),
  getStreamProfile: endpoint({
    method: 'GET',
    path: '/v2/admin/streamProfiles/{id}',
    summary: 'A stream profile (the edit form, with its version)',
    spec: '001 §2 /system_settings stream_profile',
    ...admin,
    params: IdParams,
    response: StreamProfile,
  }),
  createStreamProfile: endpoint({
    method: 'POST',
    path: '/v2/admin/streamProfiles',
    summary: 'Create a stream profile of a provider (name unique per provider; main flag, refused when the provider has a main one; settings JSON object)',
    spec: "001 §5 'Only one main stream profile per provider', 'Name field has to be unique'",
    ...admin,
    body: CreateStreamProfileBody,
    response: StreamProfile,
    successStatus: 201,
  }),
  updateStreamProfile: endpoint({
    method: 'PUT',
    path: '/v2/admin/streamProfiles/{id}',
    summary: 'Change the name, main flag or settings of a stream profile (main refused while another profile of the provider is main)',
    spec: "001 §5 'Only one main stream profile per provider', 'Name field has to be unique'",
    ...admin,
    params: IdParams,
    body: UpdateStreamProfileBody,
    response: StreamProfile,
  }),
  deleteStreamProfile: endpoint({
    method: 'DELETE',
    path: '/v2/admin/streamProfiles/{id}',
    summary: 'Delete a stream profile',
    spec: '001 §2 /system_settings stream_profile',
    ...admin,
    params: IdParams,
    response: StreamProfileDeleted,
  }),
} as const satisfies Record<string, EndpointDef>;
