/**
 * The calls a service answers. Each service file declares, next to the service, the catalogue
 * calls it answers: `callsOf<Service>()({ id: (service, input, user) => service.method(...) })`.
 * The catalogue id gives the parsed input's and the answer's types, so a declaration cannot take
 * the wrong input or answer the wrong shape. `routes/bindings.ts` joins each service to its calls.
 */
import type { EndpointId, EndpointOutput, EndpointParsed } from '@fleet/contracts';
import type { AuthUser } from './platform/access.js';

/**
 * A call's answer: the value itself when the service answers from memory (the read model: no
 * promise, and the route sends it in the same turn), else a promise of it.
 */
export type Answer<T> = T | Promise<T>;

/** One call: the service, the parsed input (roles and object scope already checked) and the caller in; the contract's answer out. */
export type Call<S, K extends EndpointId> = (service: S, input: EndpointParsed<K>, user: AuthUser) => Answer<EndpointOutput<K>>;

/** The calls one service answers, keyed by catalogue id. */
export type CallsOf<S, Ids extends EndpointId> = { [K in Ids]: Call<S, K> };

/** Declares the calls of a service; the ids are the object's keys. */
export function callsOf<S>() {
  return <Ids extends EndpointId>(calls: CallsOf<S, Ids>): CallsOf<S, Ids> => calls;
}
