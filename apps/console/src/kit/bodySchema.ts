/** A call's body schema as the catalogue declares it: what a form of that call checks its body against before sending. */
import { catalogue, type EndpointId } from '@fleet/contracts';
import type { z } from 'zod';

export function bodySchema(endpoint: EndpointId): z.ZodType {
  const declared = catalogue[endpoint];
  if (!('body' in declared)) throw new Error(`${endpoint} takes no body`);
  return declared.body;
}
