/**
 * Registers every catalogue declaration as a Fastify route under the core prefix: session (401),
 * role (403), input validation with the spec's messages (400), object scope (404), then the handler.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  catalogue, ENDPOINT_IDS, hasAnyRole, specErrorMap, toFieldProblems, VALIDATION, type EndpointDef, type EndpointId,
} from '@fleet/contracts';
import { AppError, hasNul, validationError } from '../errors.js';
import { handlers, type Handler } from './bindings.js';

/** `/v2/units/{id}` → `/v2/units/:id`. */
export const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

function parse<S extends z.ZodType>(schema: S | undefined, value: unknown, where: string): z.infer<S> | undefined {
  if (!schema) return undefined;
  // No text a device or a person enters contains NUL; refusing it here keeps both providers alike.
  if (hasNul(value)) throw validationError([{ path: where, message: VALIDATION.invalidField }]);
  const r = schema.safeParse(value, { error: specErrorMap });
  if (!r.success) {
    throw validationError(toFieldProblems(r.error).map((f) => ({ ...f, path: f.path ? `${where}.${f.path}` : where })));
  }
  return r.data;
}

export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  for (const id of ENDPOINT_IDS) {
    const def: EndpointDef = catalogue[id];
    const handler = handlers[id] as Handler<EndpointId> | undefined;
    if (!handler) throw new Error(`catalogue endpoint ${id} has no handler`);
    app.route({
      method: def.method,
      url: toFastifyPath(def.path),
      handler: async (req: FastifyRequest, reply) => {
        const user = await app.requireUser(req);
        if (!hasAnyRole(user.roles, def.roles)) throw new AppError('FORBIDDEN');
        // Bodies are accepted on every method (DELETE included) but only read where declared.
        const input = {
          params: parse(def.params, req.params, 'params'),
          query: parse(def.query, req.query, 'query'),
          body: parse(def.body, req.body, 'body'),
        };
        if (def.scope === 'unit') {
          const source = def.scopeFrom === 'body' ? input.body : input.params;
          const unitId = (source as { id?: unknown } | undefined)?.id;
          if (typeof unitId !== 'string') throw new AppError('NOT_FOUND');
          await app.services.units.assertVisible(user, unitId);
        }
        const result = await handler(input as never, { user, services: app.services });
        return reply.code(def.successStatus ?? 200).send(def.response.parse(result));
      },
    });
  }
}
