import type { UseQueryResult } from '@tanstack/react-query';
import type { ApplicationUrls } from '@fleet/contracts';
import type { ApiError } from '../api/ApiError';
import { useEndpointQuery } from '../api/hooks';

/** GET application_urls: deployment URLs change rarely, read once per session (switcher and entry pages share it). */
export function useApplicationUrls(): UseQueryResult<ApplicationUrls, ApiError> {
  return useEndpointQuery('getApplicationUrls', {}, { staleTime: Number.POSITIVE_INFINITY });
}
