/**
 * React Query hooks over the catalogue client. Query keys are `[id, input]`. Each read notes its call
 * id in the region of the screen that renders it (api/regionCalls.ts): a region that fails names the
 * call and reads it again on Retry.
 */
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type {
  InfiniteData,
  QueryKey,
  UseInfiniteQueryOptions,
  UseInfiniteQueryResult,
  UseMutationOptions,
  UseMutationResult,
  UseQueryOptions,
  UseQueryResult,
} from '@tanstack/react-query';
import type { EndpointId, EndpointInput, EndpointOutput } from '@fleet/contracts';
import { callEndpoint } from './client';
import type { ApiError } from './ApiError';
import { useRegionCall } from './regionCalls';

export type EndpointQueryKey<K extends EndpointId> = readonly [K, Partial<EndpointInput<K>>];

export function endpointKey<K extends EndpointId>(id: K, input: Partial<EndpointInput<K>> = {}): EndpointQueryKey<K> {
  return [id, input] as const;
}

/** The prefix key matching every query of one endpoint (for invalidation and cache patches). */
export function endpointPrefix(id: EndpointId): QueryKey {
  return [id];
}

export type EndpointQueryOptions<K extends EndpointId, TData = EndpointOutput<K>> = Omit<
  UseQueryOptions<EndpointOutput<K>, ApiError, TData, EndpointQueryKey<K>>,
  'queryKey' | 'queryFn'
>;

export function useEndpointQuery<K extends EndpointId, TData = EndpointOutput<K>>(
  id: K,
  input: Partial<EndpointInput<K>> = {},
  options: EndpointQueryOptions<K, TData> = {},
): UseQueryResult<TData, ApiError> {
  // A read of the cache alone (a disabled query: the session's user and preferences, read by every
  // region) is no call of the region's own; its error would name it in every region otherwise.
  useRegionCall(options.enabled === false ? null : id);
  return useQuery({
    ...options,
    queryKey: endpointKey(id, input),
    queryFn: ({ signal }) => callEndpoint(id, input, { signal }),
  });
}

export type EndpointInfiniteQueryOptions<K extends EndpointId, TPage> = Omit<
  UseInfiniteQueryOptions<EndpointOutput<K>, ApiError, InfiniteData<EndpointOutput<K>, TPage>, QueryKey, TPage>,
  'queryKey' | 'queryFn'
>;

/**
 * A paged read of one call (a picker's list loaded as it scrolls): `input(page)` makes each page's
 * input. Its `queryKey` is the caller's own, not `[id, …]`: the live table's patches of the call's
 * answers (one page each) must not find these pages.
 */
export function useEndpointInfiniteQuery<K extends EndpointId, TPage>(
  id: K,
  queryKey: QueryKey,
  input: (page: TPage) => Partial<EndpointInput<K>>,
  options: EndpointInfiniteQueryOptions<K, TPage>,
): UseInfiniteQueryResult<InfiniteData<EndpointOutput<K>, TPage>, ApiError> {
  useRegionCall(id, queryKey.slice(0, 1));
  return useInfiniteQuery({
    ...options,
    queryKey,
    queryFn: ({ pageParam, signal }) => callEndpoint(id, input(pageParam as TPage), { signal }),
  });
}

export type EndpointMutationOptions<K extends EndpointId, TContext = unknown> = Omit<
  UseMutationOptions<EndpointOutput<K>, ApiError, Partial<EndpointInput<K>>, TContext>,
  'mutationFn'
>;

export function useEndpointMutation<K extends EndpointId, TContext = unknown>(
  id: K,
  options: EndpointMutationOptions<K, TContext> = {},
): UseMutationResult<EndpointOutput<K>, ApiError, Partial<EndpointInput<K>>, TContext> {
  return useMutation({
    ...options,
    mutationKey: [id],
    mutationFn: (input: Partial<EndpointInput<K>>) => callEndpoint(id, input),
  });
}
