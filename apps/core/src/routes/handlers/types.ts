import type { EndpointId, EndpointOutput, EndpointParsed } from '@fleet/contracts';
import type { AuthUser } from '../../services/access.js';
import type { Services } from '../../services/index.js';

export interface HandlerContext {
  user: AuthUser;
  services: Services;
}

export type Handler<K extends EndpointId> = (input: EndpointParsed<K>, ctx: HandlerContext) => Promise<EndpointOutput<K>>;

/** The handlers of one area: exactly one per id of that area's declarations. */
export type HandlersFor<Ids extends EndpointId> = { [K in Ids]: Handler<K> };
