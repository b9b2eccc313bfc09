/**
 * The client configuration (GET client/configuration: chat support, feature flags, polling) as the
 * console uses it. Spec 000 §8 / 001 §8 "A client configuration fetch with status 403 is rejected":
 * a 403 is an answer, not an accident — the console keeps the configuration-dependent features
 * off (no chat support, no feature flag on), does not ask again this session, and says so once
 * instead of showing a broken page. Other failures (network, 5xx) leave the features off too but
 * are retried by the next poll: they are accidents.
 */
import type { ClientConfiguration } from '@fleet/contracts';
import { TIMINGS } from '@fleet/contracts';
import type { ApiError } from '../api/ApiError';
import { useEndpointQuery } from '../api/hooks';

export type ClientConfigurationState =
  /** Still loading: features off until the answer comes. */
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly configuration: ClientConfiguration }
  /** 403: rejected for this user (spec 000 §8); features stay off. */
  | { readonly status: 'rejected' }
  /** Any other failure: features off, asked again by the next poll. */
  | { readonly status: 'failed' };

/** The state of one fetch, from what the query holds. */
export function clientConfigurationState(query: {
  readonly data?: ClientConfiguration | undefined;
  readonly error?: ApiError | null;
}): ClientConfigurationState {
  if (query.error && query.error.status === 403) return { status: 'rejected' };
  if (query.data !== undefined) return { status: 'ready', configuration: query.data };
  if (query.error) return { status: 'failed' };
  return { status: 'loading' };
}

/** Whether a feature flag is on; every flag is off unless a loaded configuration turns it on. */
export function isFeatureOn(state: ClientConfigurationState, flag: string): boolean {
  return state.status === 'ready' && state.configuration.features[flag] === true;
}

/** The chat-support script to load, or null (off unless a loaded configuration enables it with a URL). */
export function chatSupportScript(state: ClientConfigurationState): string | null {
  if (state.status !== 'ready') return null;
  const { enabled, scriptUrl } = state.configuration.chatSupport;
  return enabled && scriptUrl ? scriptUrl : null;
}

/** After a 403 the configuration is not asked again; otherwise it is read every poll interval. */
export function nextConfigurationPoll(error: ApiError | null | undefined): number | false {
  return error?.status === 403 ? false : TIMINGS.pollIntervalMs;
}

/** The client configuration of the signed-in user (read at start and every poll interval, spec 000 §7). */
export function useClientConfiguration(enabled = true): ClientConfigurationState {
  const query = useEndpointQuery(
    'getClientConfiguration',
    {},
    {
      enabled,
      staleTime: TIMINGS.pollIntervalMs,
      refetchInterval: (q) => nextConfigurationPoll(q.state.error),
      // A 4xx is never retried (queryClient.shouldRetry); the 403 answer is kept, not refetched on mount.
      retryOnMount: false,
    },
  );
  return clientConfigurationState(query);
}
