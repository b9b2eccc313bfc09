/**
 * The calls a service answers. Each service file declares, next to the service, the catalogue
 * calls it answers: `callsOf<Service>()({ id: (service, input, user) => service.method(...) })`.
 * The catalogue id gives the parsed input's and the answer's types, so a declaration cannot take
 * the wrong input or answer the wrong shape. Each module's index.ts joins its services to their
 * calls (`bind`, below); `routes/bindings.ts` gathers the modules' bindings.
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

/** A call's handler as a route runs it: the parsed input, the caller and the services in. */
export type BoundHandler<K extends EndpointId, M> = (input: EndpointParsed<K>, ctx: { user: AuthUser; services: M }) => Answer<EndpointOutput<K>>;

/** A service joined to the calls it answers; `M` is what the service is found in (a module's services, or all of them). */
export interface Binding<Ids extends EndpointId = EndpointId, M = never> {
  readonly ids: readonly Ids[];
  readonly handlers: { [K in Ids]: BoundHandler<K, M> };
}

/**
 * Joins the calls declared for a service to the service as its module's services hold it
 * (`bind((s: UnitsServices) => s.units, unitCalls)` in the module's index.ts); the routes hand
 * every handler all the services, of which each module's are a part.
 */
export function bind<M, S, Ids extends EndpointId>(service: (services: M) => S, calls: CallsOf<S, Ids>): Binding<Ids, M> {
  // Object.keys loses the key type; the keys of `calls` are exactly Ids.
  const ids = Object.keys(calls) as Ids[];
  const handlers: Partial<{ [K in Ids]: BoundHandler<K, M> }> = {};
  for (const id of ids) {
    const call: Call<S, typeof id> = calls[id];
    handlers[id] = (input, { user, services }) => call(service(services), input, user);
  }
  // Every id of `calls` was given its handler just above.
  return { ids, handlers: handlers as { [K in Ids]: BoundHandler<K, M> } };
}
