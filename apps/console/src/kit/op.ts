/**
 * A catalogue call bound to how a screen makes its input: `op('getAdminDbGateway', (id: string) =>
 * ({ params: { id } }))`. The input is checked against the call's contract where the op is
 * declared; what a resource declaration keeps is the call's id (for role gating and invalidation),
 * its query key and a function that runs it, so the kit's parts need not know each call's types.
 */
import type { QueryKey } from '@tanstack/react-query';
import type { EndpointId, EndpointInput, EndpointOutput } from '@fleet/contracts';
import { callEndpoint } from '../api/client';
import { endpointKey } from '../api/hooks';

export interface Op<A, R> {
  readonly id: EndpointId;
  /** The React Query key of the call made with `arg` (the same key `useEndpointQuery` uses). */
  readonly key: (arg: A) => QueryKey;
  readonly run: (arg: A, signal?: AbortSignal) => Promise<R>;
}

export function op<K extends EndpointId, A>(id: K, input: (arg: A) => Partial<EndpointInput<K>>): Op<A, EndpointOutput<K>> {
  return {
    id,
    key: (arg) => endpointKey(id, input(arg)),
    run: (arg, signal) => callEndpoint(id, input(arg), signal === undefined ? {} : { signal }),
  };
}

/** The same call with its answer reshaped (e.g. a list call's answer into a page). */
export function mapOp<A, R, S>(base: Op<A, R>, map: (answer: R) => S): Op<A, S> {
  return { id: base.id, key: base.key, run: async (arg, signal) => map(await base.run(arg, signal)) };
}
