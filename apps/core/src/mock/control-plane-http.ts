/**
 * The control plane's plain HTTP routes (shape: control-plane-openapi.ts), one per procedure of the
 * router, registered from the router itself. Each runs the procedure through tRPC with the same
 * context as /mock/trpc (the session cookie, the same role checks in the same middlewares); its input
 * is first checked against the procedure's own zod schemas with the spec's messages, so a 400 names
 * the field (`query.timeoutMs`, `body.fault.modem`). Failures answer in the product's error envelope.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { callTRPCProcedure, getTRPCErrorFromUnknown, getTRPCErrorShape, type TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { ERROR_CATALOGUE, specErrorMap, toFieldProblems, type ErrorEnvelope } from '@fleet/contracts';
import { AppError } from '../errors.js';
import { envelope } from '../plugins/errors.js';
import { nestsDeeperThan, tooDeeplyNested } from '../plugins/json-body.js';
import { appRouter } from './control-plane.js';
import { createContext } from './control-plane-trpc.js';
import { WHOLE_INPUT, controlProcedures, takesFields, type ControlProcedure } from './control-plane-openapi.js';

/** The envelope code of a tRPC error code (the catalogue's where one fits). */
const CODES: Partial<Record<TRPCError['code'], string>> = {
  BAD_REQUEST: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHENTICATED',
  FORBIDDEN: 'NOT_AVAILABLE_FOR_USER_TYPE',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TIMEOUT: 'REQUEST_TIMEOUT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  PRECONDITION_FAILED: 'PRECONDITION_FAILED',
  PAYLOAD_TOO_LARGE: 'BODY_TOO_LARGE',
  METHOD_NOT_SUPPORTED: 'METHOD_NOT_ALLOWED',
};

/** The JSON Schema type of each top-level field of an input (how a query-string value is read). */
function fieldTypes(input: z.ZodType | null): Map<string, unknown> {
  if (!input) return new Map();
  let schema: { properties?: Record<string, { type?: unknown }> };
  try {
    schema = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as typeof schema;
  } catch {
    return new Map();
  }
  return new Map(Object.entries(schema.properties ?? {}).map(([name, s]) => [name, s.type]));
}

/** How an input is read from a request: its fields' types, and whether a query gives it field by field. */
interface InputReading {
  readonly types: ReadonlyMap<string, unknown>;
  readonly byFields: boolean;
}

/**
 * The readings of the procedures' inputs, kept per schema: the router is one per process, so every
 * app built in the process (a test's stack, a restarted core) reads its schemas once.
 */
const readings = new WeakMap<z.ZodType, InputReading>();
function readingOf(input: z.ZodType | null): InputReading {
  if (!input) return { types: new Map(), byFields: false };
  let reading = readings.get(input);
  if (!reading) {
    reading = { types: fieldTypes(input), byFields: takesFields(input) };
    readings.set(input, reading);
  }
  return reading;
}

/** A query-string value as its field takes it: a number, a boolean, JSON text for anything else but a string. */
function readValue(value: unknown, type: unknown, name: string): unknown {
  if (typeof value !== 'string') return value;
  if (type === 'string') return value;
  if ((type === 'number' || type === 'integer') && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  if (type === 'number' || type === 'integer' || type === 'boolean') return value;
  if (nestsDeeperThan(value)) throw tooDeeplyNested(`query.${name}`);
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value; // the schema refuses it, naming the field
  }
}

/** The raw input of a request: the query string's fields (a query) or the JSON body (a mutation). */
function rawInput(p: ControlProcedure, req: FastifyRequest, types: ReadonlyMap<string, unknown>, byFields: boolean): unknown {
  if (p.type === 'mutation') return req.body ?? (types.size > 0 ? {} : undefined);
  if (!p.input) return undefined;
  const query = (req.query ?? {}) as Record<string, unknown>;
  if (!byFields) return query[WHOLE_INPUT] === undefined ? undefined : readValue(query[WHOLE_INPUT], 'json', WHOLE_INPUT);
  return Object.fromEntries(Object.entries(query).map(([name, value]) => [name, readValue(value, types.get(name), name)]));
}

/** The input checked against the procedure's schemas with the spec's messages; 400 naming each field. */
function checkInput(p: ControlProcedure, raw: unknown): void {
  if (!p.input) return;
  const r = p.input.safeParse(raw, { error: specErrorMap });
  if (r.success) return;
  const where = p.type === 'query' ? 'query' : 'body';
  const fields = toFieldProblems(r.error).map((f) => ({ path: f.path ? `${where}.${f.path}` : where, message: f.message }));
  throw new AppError('VALIDATION_FAILED', fields, fields[0]?.message);
}

/** A failure as the product's error envelope and its HTTP status. */
function failure(
  app: FastifyInstance,
  p: ControlProcedure,
  cause: unknown,
  input: unknown,
  ctx: Awaited<ReturnType<typeof createContext>> | undefined,
): [number, ErrorEnvelope] {
  if (cause instanceof AppError) return [cause.status, envelope(cause)];
  const error = getTRPCErrorFromUnknown(cause);
  if (error.cause instanceof AppError && error.code !== 'INTERNAL_SERVER_ERROR') return [error.cause.status, envelope(error.cause)];
  const status = getHTTPStatusCodeFromError(error);
  if (error.code === 'INTERNAL_SERVER_ERROR') {
    app.log.error({ err: error.cause ?? error, path: p.name }, 'unhandled control-plane error');
    return [500, { error: { code: 'GENERIC', message: ERROR_CATALOGUE.GENERIC.message } }];
  }
  // The router's own error formatter decides what a client may read (never a storage library's wording).
  const shape = getTRPCErrorShape({ config: appRouter._def._config, error, type: p.type, path: p.name, input, ctx });
  return [status, { error: { code: CODES[error.code] ?? 'GENERIC', message: shape.message } }];
}

/**
 * The control plane as plain HTTP under /mock/api (mock only: app.ts registers it with the mock
 * endpoints). Not encapsulated: the procedures' context holds the app itself, as /mock/trpc's does
 * (what the mock keeps per app — scenario runs, the journal — is found by it).
 */
export const controlPlaneHttpRoutes = fp(
  async (app: FastifyInstance): Promise<void> => {
    for (const p of controlProcedures()) {
      const { types, byFields } = readingOf(p.input);
      const handler = async (req: FastifyRequest, reply: FastifyReply) => {
        let raw: unknown;
        let ctx: Awaited<ReturnType<typeof createContext>> | undefined;
        try {
          raw = rawInput(p, req, types, byFields);
          checkInput(p, raw);
          // createContext reads the request only (its session cookie), as the tRPC adapter gives it.
          ctx = await createContext(app, { req, res: reply } as unknown as CreateFastifyContextOptions);
          const data = await callTRPCProcedure({
            router: appRouter,
            path: p.name,
            getRawInput: async () => raw,
            ctx,
            type: p.type,
            signal: undefined,
            batchIndex: 0,
          });
          return reply.type('application/json; charset=utf-8').send(JSON.stringify(data ?? null));
        } catch (e) {
          const [status, body] = failure(app, p, e, raw, ctx);
          return reply.code(status).send(body);
        }
      };
      app.route({ method: p.method, url: p.url, handler });
      // The other methods: 405 naming the one it takes.
      app.route({
        method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => m !== p.method),
        url: p.url,
        exposeHeadRoute: false,
        handler: async (_req, reply) =>
          reply
            .code(405)
            .header('allow', p.method === 'GET' ? 'GET, HEAD' : 'POST')
            .send({ error: { code: 'METHOD_NOT_ALLOWED', message: ERROR_CATALOGUE.METHOD_NOT_ALLOWED.message } } satisfies ErrorEnvelope),
      });
    }
  },
  { name: 'control-plane-http', dependencies: ['services', 'auth'] },
);
