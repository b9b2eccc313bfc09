/** React Query hooks over the catalogue client. Query keys are `[id, input]`. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { QueryKey, UseMutationOptions, UseMutationResult, UseQueryOptions, UseQueryResult } from '@tanstack/react-query';
import type { EndpointId, EndpointInput, EndpointOutput } from '@fleet/contracts';
import { callEndpoint } from './client';
import type { ApiError } from './ApiError';

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
  return useQuery({
    ...options,
    queryKey: endpointKey(id, input),
    queryFn: ({ signal }) => callEndpoint(id, input, { signal }),
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
