import { isApiError } from '../api/ApiError';
import { endpointPrefix, useEndpointQuery } from '../api/hooks';
import { useLiveEvents } from '../kit/useLiveEvents';

/** GET application_urls: deployment URLs change rarely, read once per session (switcher and entry pages share it). */
export function useApplicationUrls() {
  return useEndpointQuery('getApplicationUrls', {}, { staleTime: Number.POSITIVE_INFINITY });
}

/**
 * An application configuration row changed (`systemSetting.changed`, kind application_configuration,
 * announced to every console): the application URLs and the client configuration (chat support,
 * feature flags) are read from those rows, so both are read again — the switcher follows without
 * a reload. A client configuration rejected with 403 stays rejected (not asked again).
 */
export function useApplicationConfigurationLive(): void {
  useLiveEvents((queryClient, event) => {
    if (event.type !== 'systemSetting.changed' || event.kind !== 'application_configuration') return;
    void queryClient.invalidateQueries({ queryKey: endpointPrefix('getApplicationUrls') });
    void queryClient.invalidateQueries({
      queryKey: endpointPrefix('getClientConfiguration'),
      predicate: (query) => !(isApiError(query.state.error) && query.state.error.status === 403),
    });
  });
}
