/** The system settings' reads, read again when a setting of their kind changes (registered in src/live/). */
import { isApiError } from '../../api/ApiError';
import { endpointPrefix } from '../../api/hooks';
import type { EventOf, LiveContext, LiveResource } from '../../realtime/liveRegistry';
import { invalidateReads } from '../../realtime/systemEntities';
import { settingReads } from './settingParts';

/** The reads a system setting shows (settingParts), the licences (an organisation's max users), the application URLs. */
function rereadSetting({ queryClient }: LiveContext, event: EventOf<'systemSetting.changed'>): void {
  invalidateReads(queryClient, settingReads(event.kind));
  if (event.kind === 'organization') invalidateReads(queryClient, ['getUserLicences']);
  if (event.kind === 'application_configuration') {
    // The switcher's URLs and the client configuration are read from those rows; one refused with 403 stays refused.
    void queryClient.invalidateQueries({ queryKey: endpointPrefix('getApplicationUrls') });
    void queryClient.invalidateQueries({
      queryKey: endpointPrefix('getClientConfiguration'),
      predicate: (query) => !(isApiError(query.state.error) && query.state.error.status === 403),
    });
  }
}

/** Every read a `systemSetting.changed` may make stale (by its kind). */
export const SETTING_READS = [
  'searchClientApplications',
  'getClientApplication',
  'searchModemVendors',
  'getModemVendor',
  'searchAiCredentials',
  'getAiCredential',
  'listStreamProviders',
  'getStreamProvider',
  'listStreamProfiles',
  'getStreamProfile',
  'listStreamMediaProfiles',
  'getStreamMediaProfile',
  'searchOrganisations',
  'getOrganisation',
  'searchOrganisationInventories',
  'listGeocodingProfiles',
  'getGeocodingProfile',
  'searchApplicationConfiguration',
  'getApplicationConfiguration',
  'getUserLicences',
  'getApplicationUrls',
  'getClientConfiguration',
] as const;

export const systemSettingsLive: LiveResource = {
  resource: 'systemSettings',
  events: { 'systemSetting.changed': { rereads: SETTING_READS, screens: "only the changed kind's reads", apply: rereadSetting } },
};
