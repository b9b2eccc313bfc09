/**
 * What the /system_settings kinds declared on the resource kit share (spec 001 §2 "each kind a list
 * with create, edit and delete"): each kind is a `defineResource` shown by the kit's RowButtonsPage
 * with the test ids `settings-<kind>-…`. A change of one kind makes its reads and those showing its
 * rows stale (a provider lists its profiles, an organisation counts its inventories): this
 * console's own write at once (a declaration's `stale`), another console's when /ws announces it
 * (`systemSetting.changed`, by the realtime event table).
 */
import type { EndpointId, SystemSettingKind } from '@fleet/contracts';
import { searchValueQuery, type ListView } from '../../kit';

const READS: Readonly<Partial<Record<SystemSettingKind, readonly EndpointId[]>>> = {
  client_application: ['searchClientApplications', 'getClientApplication'],
  modem_vendor: ['searchModemVendors', 'getModemVendor'],
  ai_settings: ['searchAiCredentials', 'getAiCredential'],
  stream_providers: ['listStreamProviders', 'getStreamProvider', 'listStreamProfiles'],
  stream_profile: ['listStreamProfiles', 'getStreamProfile', 'listStreamProviders'],
  stream_media_profile: ['listStreamMediaProfiles', 'getStreamMediaProfile'],
  organization: ['searchOrganisations', 'getOrganisation', 'searchOrganisationInventories'],
  organization_inventory: ['searchOrganisationInventories', 'searchOrganisations', 'getOrganisation'],
  geocoding_profile: ['listGeocodingProfiles', 'getGeocodingProfile'],
  application_configuration: ['searchApplicationConfiguration', 'getApplicationConfiguration'],
};

/** The reads a change of one kind makes stale (a declaration's `stale`: its own write's, heard on /ws or not). */
export function settingReads(kind: SystemSettingKind): readonly EndpointId[] {
  return READS[kind] ?? [];
}

/** A settings list call's query: page, sort among the call's keys, the search value (the calls search without a key). */
export const listQuery =
  <S extends string>(sortKeys: readonly S[]) =>
  (view: ListView) => ({ query: searchValueQuery(view, sortKeys) });

/** Lines of a text area as a list (blank lines dropped, each trimmed). */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}
