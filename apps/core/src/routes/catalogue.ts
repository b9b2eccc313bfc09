/**
 * Registers every catalogue declaration as a Fastify route under the core prefix: session (401),
 * role (403), input validation with the spec's messages (400), object scope (404), then the handler,
 * whose answer is written by the call's compiled serialiser (./serialisers.ts), or parsed by its
 * response schema and written by JSON.stringify where the schema is not compiled. With
 * RESPONSE_VALIDATION (tests, development) every answer is also parsed, and the compiled
 * serialiser's bytes must equal JSON.stringify of the parsed answer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import FindMyWay from 'find-my-way';
import type { z } from 'zod';
import {
  catalogue,
  ENDPOINT_IDS,
  ERROR_CATALOGUE,
  hasAnyRole,
  specErrorMap,
  toFieldProblems,
  VALIDATION,
  type EndpointDef,
  type EndpointId,
  type ErrorEnvelope,
} from '@fleet/contracts';
import { AppError, nulAt, validationError } from '../errors.js';
import { canSeeObject, type AuthUser } from '../platform/access.js';
import { handlers, type Handler } from './bindings.js';
import { AnswerBlocks } from './answer-blocks.js';
import { responsePlans, sendableAnswer, sharedSerialiser, type ResponsePlan } from './serialisers.js';

/**
 * The longest path parameter the router passes on to a call (Fastify's default is 100): well above the
 * catalogue's identifiers (at most 128 characters), so a longer one is refused by the call's own
 * validation, with the spec's message, rather than by the router.
 */
export const MAX_PATH_PARAM_LENGTH = 2048;

/** `/v2/units/{id}` → `/v2/units/:id`. */
export const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

const bySchema = (e: AppError): AppError => {
  e.bySchema = true;
  return e;
};

/** A number as a query or a path writes it: decimal digits, a sign, a fraction (what the document's `integer` and `number` mean in text). */
const DECIMAL = /^-?\d+(\.\d+)?$/;
const numberKeysOf = new WeakMap<z.ZodType, readonly string[]>();

/** The keys of a query's or path's schema whose values zod coerces to a number (`z.coerce.number()`, optional or defaulted). */
function numberKeys(schema: z.ZodType): readonly string[] {
  let keys = numberKeysOf.get(schema);
  if (keys) return keys;
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  keys = Object.entries(shape)
    .filter(([, field]) => {
      let def = field.def as { type: string; innerType?: z.ZodType; coerce?: boolean };
      while (def.innerType && ['optional', 'default', 'prefault', 'nullable', 'readonly'].includes(def.type)) def = def.innerType.def as typeof def;
      return def.type === 'number' && def.coerce === true;
    })
    .map(([key]) => key);
  numberKeysOf.set(schema, keys);
  return keys;
}

/**
 * A query's or path's text as its schema is to read it: a number that is not written in decimal (`0x10`,
 * `1e1`, ` 5`, an empty value), which `Number()` would take, stands as NaN, so that zod refuses it with
 * the spec's "Must be a number" as it refuses any other text.
 */
function decimalOnly(schema: z.ZodType, value: unknown): unknown {
  const keys = numberKeys(schema);
  if (keys.length === 0 || value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const bad = keys.filter((k) => typeof record[k] === 'string' && !DECIMAL.test(record[k]));
  return bad.length === 0 ? value : { ...record, ...Object.fromEntries(bad.map((k) => [k, Number.NaN])) };
}

function parse<S extends z.ZodType>(schema: S | undefined, value: unknown, where: string): z.infer<S> | undefined {
  if (!schema) return undefined;
  // No text a device or a person enters contains NUL; refusing it here keeps both providers alike. The
  // document says so: every string it takes has a pattern without NUL (plugins/openapi.ts).
  const nul = nulAt(value);
  if (nul !== null) throw bySchema(validationError([{ path: nul ? `${where}.${nul}` : where, message: VALIDATION.mustMatchPattern }]));
  const r = schema.safeParse(where === 'body' ? value : decimalOnly(schema, value), { error: specErrorMap });
  if (!r.success) {
    const refused = validationError(toFieldProblems(r.error).map((f) => ({ ...f, path: f.path ? `${where}.${f.path}` : where })));
    // Only refinements' issues (`custom`): rules beyond what the document's schemas say, which it states in
    // `x-rules`, unless a schema keyword of the document states the refinement (STATED_BY_SCHEMA).
    const rulesOnly = r.error.issues.every((i) => i.code === 'custom' && (i.params as { statedBySchema?: boolean } | undefined)?.statedBySchema !== true);
    throw rulesOnly ? refused : bySchema(refused);
  }
  return r.data;
}

/** Parsed path parameters kept per route, for the values seen last (path schemas are pure: the same text, the same result). */
const PARAMS_KEPT = 1024;

/**
 * A route's path parameters parsed once per distinct value: a hot read of the same object (a
 * console polling a unit, a load test) skips the NUL scan and the schema. Only successes are kept,
 * frozen (a handler cannot change what the next request gets), at most {@link PARAMS_KEPT}, the
 * oldest forgotten first. A route's parameters come in its path's order, and values containing NUL
 * are refused before they could be kept, so joining them with NUL names each set of values once.
 */
export function paramsParser<S extends z.ZodType>(schema: S | undefined): (value: unknown) => z.infer<S> | undefined {
  if (!schema) return () => undefined;
  const known = new Map<string, z.infer<S>>();
  return (value) => {
    if (value === null || typeof value !== 'object') return parse(schema, value, 'params');
    let key = '';
    for (const name in value) key += `${String((value as Record<string, unknown>)[name])}\u0000`;
    const hit = known.get(key);
    if (hit !== undefined) return hit;
    // The schema is given: parse answers its output (undefined only for a missing schema).
    const parsed = parse(schema, value, 'params') as z.infer<S>;
    if (parsed !== null && typeof parsed === 'object') Object.freeze(parsed);
    if (known.size >= PARAMS_KEPT) known.delete(known.keys().next().value!);
    known.set(key, parsed);
    return parsed;
  };
}

/** Where the compiled bytes first differ from the reference, with a little context (for the log). */
function firstDifference(written: string, expected: string): string {
  let i = 0;
  while (i < written.length && written[i] === expected[i]) i++;
  return `at ${i}: wrote …${written.slice(Math.max(0, i - 40), i + 40)}… expected …${expected.slice(Math.max(0, i - 40), i + 40)}…`;
}

const JSON_CONTENT = 'application/json; charset=utf-8';

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/** The route's compiled serialiser (Fastify compiled it from the plan's schema at start-up). */
function compiledSerialiser(id: EndpointId, status: number, reply: FastifyReply): (answer: unknown) => string {
  // Fastify types the compiled function for object answers; it serialises whatever its schema names.
  const serialise = reply.getSerializationFunction(String(status)) as ((answer: unknown) => string) | undefined;
  if (!serialise) throw new Error(`${id}: no compiled serialiser for status ${status}`);
  return serialise;
}

/**
 * What a route sends. Compiled calls: the text of their serialiser, or the bytes of that text for
 * a frozen (cached) answer (JSON content with a text or byte payload goes out as is). Others: the
 * parsed answer, which Fastify writes with JSON.stringify. With RESPONSE_VALIDATION every answer
 * is parsed, and a compiled call's text, written from the unparsed answer as in production, must
 * be JSON.stringify of the parsed one: every answer a test sees also tests the serialiser.
 */
function answerOf(
  id: EndpointId,
  def: EndpointDef,
  plan: ResponsePlan,
  result: unknown,
  reply: FastifyReply,
  validate: boolean,
  blocks: AnswerBlocks,
): unknown {
  if (plan.kind === 'fallback') return def.response.parse(result);
  // Parsed first: an answer the schema refuses is reported by zod, not by the serialiser.
  const expected = validate ? JSON.stringify(def.response.parse(result)) : undefined;
  // A large answer written as bytes goes into a reused block, given back once the response is over.
  const alloc = (size: number) => blocks.take(size, (release) => reply.raw.once('close', release));
  const written = sendableAnswer(compiledSerialiser(id, plan.status, reply), result, alloc);
  if (expected !== undefined) {
    const text = typeof written === 'string' ? written : written.toString('utf8');
    if (text !== expected)
      throw new Error(`${id}: the compiled serialiser differs from JSON.stringify of the parsed answer ${firstDifference(text, expected)}`);
  }
  void reply.type(JSON_CONTENT);
  return written;
}

export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const validate = app.config.RESPONSE_VALIDATION;
  const plans = responsePlans();
  const fallbacks = [...plans].flatMap(([id, p]) => (p.kind === 'fallback' ? [`${id}: ${p.reason}`] : []));
  app.log.debug({ calls: fallbacks }, 'catalogue answers written by JSON.stringify after the zod parse (schema not compiled)');
  const blocks = new AnswerBlocks();
  const paths = cataloguePaths(app.prefix);
  for (const id of ENDPOINT_IDS) {
    const def: EndpointDef = catalogue[id];
    const handler = handlers[id] as Handler<EndpointId> | undefined;
    if (!handler) throw new Error(`catalogue endpoint ${id} has no handler`);
    const plan = plans.get(id);
    if (!plan) throw new Error(`catalogue endpoint ${id} has no response plan`);
    const parseParams = paramsParser(def.params);
    const send = (reply: FastifyReply, result: unknown): void => {
      void reply.code(plan.status).send(answerOf(id, def, plan, result, reply, validate, blocks));
    };
    /**
     * The call for a known caller. A call answered from memory is sent in this same turn, with no
     * promise (Fastify is told nothing is pending: undefined); a pending one once its promise
     * settles. A refusal thrown here reaches Fastify's error handler either way.
     */
    /**
     * What a pending call's promise resolves to once it has sent: the reply, which Fastify awaits until the
     * response is over. A promise resolving to nothing while the answer is still on its way (a compressed
     * answer is written by a stream) would have Fastify send an empty answer after it.
     */
    const settled = (reply: FastifyReply): Promise<void> => new Promise((resolve) => reply.then(resolve, () => resolve()));
    const serve = (user: AuthUser, req: FastifyRequest, reply: FastifyReply): Promise<void> | undefined => {
      if (!hasAnyRole(user.roles, def.roles)) throw new AppError('FORBIDDEN');
      // Bodies are accepted on every method (DELETE included) but only read where declared.
      const input = {
        params: parseParams(req.params),
        query: parse(def.query, req.query, 'query'),
        body: parse(def.body, req.body, 'body'),
      };
      if (def.scope !== 'none') {
        const source = def.scopeFrom === 'body' ? input.body : input.params;
        const objectId = (source as Record<string, unknown> | undefined)?.[def.scopeParam ?? 'id'];
        if (typeof objectId !== 'string') throw new AppError('NOT_FOUND');
        if (def.scope === 'unit') app.services.units.assertVisible(user, objectId);
        else if (!canSeeObject(app.services.readModel, user, def.scope, objectId)) throw new AppError('NOT_FOUND');
      }
      const result: unknown = handler(input as never, { user, services: app.services });
      // A thenable, not only a Promise: a service may hand back a query's PrismaPromise as it is.
      if (isThenable(result))
        return Promise.resolve(result).then((answer: unknown) => {
          send(reply, answer);
          return settled(reply);
        });
      send(reply, result);
      return undefined;
    };
    app.route({
      method: def.method,
      url: toFastifyPath(def.path),
      config: { callId: id },
      // A more specific path that does not take this method is answered 405 (cataloguePaths).
      ...(paths.shadowed.has(`${def.method} ${def.path}`) ? { onRequest: paths.answer405 } : {}),
      ...(plan.kind === 'compiled' ? { schema: { response: { [plan.status]: plan.schema } }, serializerCompiler: sharedSerialiser } : {}),
      handler: (req: FastifyRequest, reply: FastifyReply) => {
        // A session resolved lately is known without a promise (the hot path); else storage is asked.
        const user = app.knownUser(req);
        return user ? serve(user, req, reply) : app.requireUser(req).then((u) => serve(u, req, reply) ?? settled(reply));
      },
    });
  }
}

/** What a catalogue path takes: the `Allow` of its 405 answer, and the methods it declares. */
interface PathMethods {
  allow: string;
  methods: ReadonlySet<string>;
}

/** The catalogue's paths under a prefix, and what answers 405 for them. */
interface CataloguePaths {
  /**
   * `METHOD /path/{pattern}` of the calls whose pattern also matches a more specific path that does not take
   * that method: `PUT /v2/admin/units/X/groups/ofInventories` reaches `PUT …/groups/{groupId}`, while the
   * concrete path `…/groups/ofInventories` (GET only) is the one it names, as OpenAPI matches concrete paths first.
   */
  shadowed: ReadonlySet<string>;
  /**
   * A request hook: a known path asked with a method the catalogue does not declare on it answers 405 with
   * `Allow` (the methods it takes), in the product's envelope, before any body is read (whatever was sent, the
   * method is the mistake). That is any method Node's parser reads: OPTIONS, TRACE, QUERY (which Fastify 5
   * would otherwise refuse with 400 for a missing content type), PROPFIND, and the methods no Fastify route
   * can take, which its router hands to the not-found handler; HEAD is the GET's wherever GET is declared.
   * A path no call has is answered 404 here too; any other request goes on.
   */
  answer405: onRequestHookHandler;
}

const pathsByPrefix = new Map<string, CataloguePaths>();

/**
 * The catalogue's paths under `prefix`, looked up as Fastify's router looks up a request (the same router,
 * with the core's parameter length): built once per process, not per app, since the catalogue is fixed.
 * Paths are compared by shape (`/groups/:id` and `/groups/:groupId` are one path).
 */
function cataloguePaths(prefix: string): CataloguePaths {
  const known = pathsByPrefix.get(prefix);
  if (known) return known;
  const shape = (path: string) => path.replace(/\{\w+\}/g, '{}');
  const byShape = new Map<string, { path: string; methods: Set<string> }>();
  for (const id of ENDPOINT_IDS) {
    const { method, path } = catalogue[id];
    const entry = byShape.get(shape(path)) ?? { path, methods: new Set<string>() };
    entry.methods.add(method);
    byShape.set(shape(path), entry);
  }
  const router = FindMyWay({ maxParamLength: MAX_PATH_PARAM_LENGTH });
  for (const { path, methods } of byShape.values()) {
    // HEAD is answered wherever GET is (Fastify's head routes).
    const allow = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].join(', ');
    router.on('GET', `${prefix}${toFastifyPath(path)}`, () => undefined, { allow, methods } satisfies PathMethods);
  }
  // A shape matches another when each of its segments is the other's, or a parameter.
  const matches = (pattern: string[], concrete: string[]) =>
    pattern.length === concrete.length && pattern.every((segment, i) => segment === '{}' || segment === concrete[i]);
  const shapes = [...byShape].map(([key, entry]) => ({ segments: key.split('/'), ...entry }));
  const shadowed = new Set<string>();
  for (const route of shapes) {
    for (const other of shapes) {
      if (other === route || !matches(route.segments, other.segments)) continue;
      for (const method of route.methods) if (!other.methods.has(method)) shadowed.add(`${method} ${route.path}`);
    }
  }
  const answer405: onRequestHookHandler = (req, reply, done) => {
    const known = router.find('GET', req.url.split('?', 1)[0] ?? '')?.store as PathMethods | undefined;
    // No call's path: the not-found answer, before any body is read (a QUERY without a content type included).
    if (!known) return done(new AppError('NOT_FOUND'));
    if (known.methods.has(req.method) || (req.method === 'HEAD' && known.methods.has('GET'))) return done();
    void reply
      .code(405)
      .header('allow', known.allow)
      .send({ error: { code: 'METHOD_NOT_ALLOWED', message: ERROR_CATALOGUE.METHOD_NOT_ALLOWED.message } } satisfies ErrorEnvelope);
  };
  const paths = { shadowed, answer405 };
  pathsByPrefix.set(prefix, paths);
  return paths;
}

/**
 * What no catalogue route takes under the core's prefix (register with `{ prefix }`): a known path with a
 * method it does not take answers 405 (`answer405`), anything else 404 in the product's envelope. Its own
 * request hook runs for these requests only, after the application's (security, rate limits).
 */
export async function unknownCatalogueRequests(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', cataloguePaths(app.prefix).answer405);
  app.setNotFoundHandler(() => {
    throw new AppError('NOT_FOUND');
  });
}
