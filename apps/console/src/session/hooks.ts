import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CurrentUser, Language, UserPreferences } from '@fleet/contracts';
import { callEndpoint } from '../api/client';
import type { ApiError } from '../api/ApiError';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '../api/hooks';
import { useRegionCall } from '../api/regionCalls';
import { changeLanguage } from '../i18n';
import type { RouteUser } from '../routing/decideRoute';
import { fetchCurrentUser, rolesOf } from './currentUser';

export { fetchCurrentUser, rolesOf } from './currentUser';

/** User and preferences change only through this console: keep them until log-out. */
const SESSION_QUERY = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } as const;

/** Loads (when `load`) or just reads the current user (GET users/current). */
export function useCurrentUserQuery(load = true) {
  // Read by every region (useSessionUser): noted only where it is loaded (see useEndpointQuery).
  useRegionCall(load ? 'getCurrentUser' : null);
  return useQuery<CurrentUser, ApiError>({
    ...SESSION_QUERY,
    queryKey: endpointKey('getCurrentUser'),
    queryFn: ({ signal }) => fetchCurrentUser({ signal }),
    enabled: load,
  });
}

export function usePreferencesQuery(load = true) {
  return useEndpointQuery('getUserPreferences', {}, { ...SESSION_QUERY, enabled: load });
}

/**
 * Asks for the current user and the preferences at start-up, before the session gate's code has
 * loaded; its queries then find them answered or on their way (same keys, same lifetime).
 */
export function prefetchSession(queryClient: QueryClient): void {
  void queryClient.prefetchQuery({
    ...SESSION_QUERY,
    queryKey: endpointKey('getCurrentUser'),
    queryFn: ({ signal }) => fetchCurrentUser({ signal }),
  });
  void queryClient.prefetchQuery({
    ...SESSION_QUERY,
    queryKey: endpointKey('getUserPreferences'),
    queryFn: ({ signal }) => callEndpoint('getUserPreferences', {}, { signal }),
  });
}

/** The signed-in user when already loaded (never starts a request). */
export function useSessionUser(): CurrentUser | undefined {
  return useCurrentUserQuery(false).data;
}

export function toRouteUser(user: CurrentUser | undefined): RouteUser | null {
  return user ? { roles: rolesOf(user) } : null;
}

/** Merges fields into the preferences (PUT userPreferences) and keeps the cache in step. */
export function useUpdatePreferences(): (patch: UserPreferences) => Promise<UserPreferences | null> {
  const queryClient = useQueryClient();
  const mutation = useEndpointMutation('updateUserPreferences', {
    onSuccess: (prefs) => queryClient.setQueryData(endpointKey('getUserPreferences'), prefs),
  });
  const { mutateAsync } = mutation;
  return useCallback(
    async (patch: UserPreferences) => {
      try {
        return await mutateAsync({ body: patch });
      } catch (error) {
        console.warn('preferences were not saved', error);
        return null;
      }
    },
    [mutateAsync],
  );
}

/** Switches the language here and remembers it in the preferences when signed in. */
export function useLanguageSwitch(): (language: Language) => Promise<void> {
  const { i18n } = useTranslation();
  const user = useSessionUser();
  const updatePreferences = useUpdatePreferences();
  return useCallback(
    async (language: Language) => {
      await changeLanguage(i18n, language);
      if (user) await updatePreferences({ language });
    },
    [i18n, user, updatePreferences],
  );
}
