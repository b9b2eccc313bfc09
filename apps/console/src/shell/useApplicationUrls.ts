import { useEndpointQuery } from '../api/hooks';

/**
 * GET application_urls: deployment URLs change rarely, read once per session (switcher and entry
 * pages share it); read again when an application configuration row changes (the realtime event
 * table, `systemSetting.changed`).
 */
export function useApplicationUrls() {
  return useEndpointQuery('getApplicationUrls', {}, { staleTime: Number.POSITIVE_INFINITY });
}
