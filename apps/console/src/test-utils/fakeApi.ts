/**
 * A fake core behind `fetch` for component tests. Requests are matched to the endpoint catalogue
 * (method and path from ENDPOINT_ROUTES, the same table the console's client builds its URLs from),
 * their parameters, query and body are parsed with the call's own schemas and the spec's wording
 * (a body the core would refuse gets the core's 400 envelope), and the answer a test gives is held
 * to the call's response schema before it is sent. Only the console's real REST client talks to it.
 *
 *   const api = new FakeApi();
 *   api.on('fetchGroups', [groupRow()]);
 *   api.on('addGroup', ({ body }) => groupRow({ name: body.name }));
 *   api.on('updateGroup', () => apiError('CONFLICT'));
 *   ...
 *   expect(api.calls('addGroup')[0]?.body).toEqual({ name: 'news', inventoryId: 'inv1' });
 */
import { catalogue, ENDPOINT_ROUTES, ERROR_CATALOGUE, specErrorMap, toFieldProblems } from '@fleet/contracts';
import type { EndpointId, EndpointOutput, EndpointParsed, ErrorCode, ErrorEnvelope, FieldProblem } from '@fleet/contracts';
import type { z } from 'zod';

/** A failed answer: an HTTP status and the core's error envelope. */
export class FakeFailure {
  constructor(
    readonly status: number,
    readonly envelope: ErrorEnvelope,
  ) {}
}

/**
 * An answer sent as given, not held to the response schema: a real core that drifted from the
 * contract (a field left out or null, a value of another kind). The console's client checks answers
 * in tests as in development builds; a test of drifted answers turns that off (`vi.stubEnv('DEV', false)`),
 * as production builds have it.
 */
export class Drifted {
  constructor(readonly body: unknown) {}
}

export function drifted(body: unknown): Drifted {
  return new Drifted(body);
}

/** The core's answer for a catalogue error code: its status and the spec's text (or `message`). */
export function apiError(code: ErrorCode, fields?: readonly FieldProblem[], message?: string): FakeFailure {
  const entry = ERROR_CATALOGUE[code];
  const error: ErrorEnvelope['error'] = { code, message: message ?? entry.message };
  if (fields !== undefined) error.fields = fields.map((f) => ({ ...f }));
  return new FakeFailure(entry.status, { error });
}

/** The core's 400 for field problems: the first field's message on top, as apps/core/src/errors.ts words it. */
export function fieldErrors(fields: readonly FieldProblem[]): FakeFailure {
  return apiError('VALIDATION_FAILED', fields, fields[0]?.message);
}

/** One request as the fake core received it, parsed like the core parses it. */
export interface FakeRequest<K extends EndpointId> {
  readonly id: K;
  readonly method: string;
  readonly url: string;
  readonly params: EndpointParsed<K>['params'];
  readonly query: EndpointParsed<K>['query'];
  readonly body: EndpointParsed<K>['body'];
  /** The JSON body exactly as the console sent it (before the schema's defaults). */
  readonly rawBody: unknown;
}

type Answer<K extends EndpointId> = EndpointOutput<K> | FakeFailure | Drifted;
export type FakeHandler<K extends EndpointId> = (request: FakeRequest<K>) => Answer<K> | Promise<Answer<K>>;

/** A request outside the catalogue (log-in, log-out, runtime configuration). */
export interface RawRequest {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}
/** A raw route's answer, now or later (a call the test answers when it chooses: a long clock step). */
export type RawHandler = (request: RawRequest) => RawAnswer | Promise<RawAnswer>;
type RawAnswer = { status: number; body?: unknown };

interface Route {
  readonly id: EndpointId;
  readonly method: string;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly placeholders: number;
}

const API_BASE = '/api';

/** Catalogue routes as regular expressions, literal paths before parameterised ones (as the core's router prefers them). */
const ROUTES: readonly Route[] = (Object.keys(ENDPOINT_ROUTES) as EndpointId[])
  .map((id) => {
    const [method, path] = ENDPOINT_ROUTES[id];
    const names: string[] = [];
    const source = path
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(name);
        return '([^/]+)';
      })
      .join('');
    return { id, method, pattern: new RegExp(`^${source}$`), names, placeholders: names.length };
  })
  .sort((a, b) => a.placeholders - b.placeholders);

function matchRoute(method: string, path: string): { route: Route; params: Record<string, string> } | null {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const found = route.pattern.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => {
      params[name] = decodeURIComponent(found[i + 1] ?? '');
    });
    return { route, params };
  }
  return null;
}

/** Query text as Fastify hands it to the core: a repeated key becomes an array. */
function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    out[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return out;
}

/** The core's parse of one part (apps/core/src/routes/catalogue.ts): the spec's words, paths under `where`. */
function parsePart(schema: z.ZodType | undefined, value: unknown, where: string): { ok: true; data: unknown } | { ok: false; fields: FieldProblem[] } {
  if (schema === undefined) return { ok: true, data: undefined };
  const result = schema.safeParse(value, { error: specErrorMap });
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, fields: toFieldProblems(result.error).map((f) => ({ ...f, path: f.path ? `${where}.${f.path}` : where })) };
}

interface Definition {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  readonly successStatus?: number;
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface RecordedCall {
  readonly id: EndpointId;
  readonly method: string;
  readonly url: string;
  readonly params: Record<string, string>;
  readonly query: URLSearchParams;
  readonly body: unknown;
}

export class FakeApi {
  private readonly handlers = new Map<EndpointId, FakeHandler<EndpointId>>();
  private readonly raw = new Map<string, RawHandler>();
  private readonly recorded: RecordedCall[] = [];
  /** Catalogue calls nobody answered (answered 501): incidental reads a test did not care about. */
  readonly unhandled: string[] = [];
  /** Answers a test gave that break the contract: the render helper fails the test on any. */
  readonly problems: string[] = [];
  private pausedGate: Promise<void> | null = null;
  private release: (() => void) | null = null;

  /** Answers a call: with a value (the same each time) or a function of the parsed request. */
  on<K extends EndpointId>(id: K, answer: FakeHandler<K> | Answer<K>): this {
    const handler: FakeHandler<K> = typeof answer === 'function' ? answer : () => answer;
    // The map holds every call's handler; each is only ever called with its own call's request.
    this.handlers.set(id, handler as unknown as FakeHandler<EndpointId>);
    return this;
  }

  /** Whether the test answers this call. */
  hasHandler(id: EndpointId): boolean {
    return this.handlers.has(id);
  }

  /** Answers a request outside the catalogue, e.g. `POST /mock/auth/login`. */
  onRaw(method: string, path: string, handler: RawHandler): this {
    this.raw.set(`${method} ${path}`, handler);
    return this;
  }

  /** The calls of one endpoint made so far, oldest first. */
  calls(id: EndpointId): RecordedCall[] {
    return this.recorded.filter((call) => call.id === id);
  }

  /** Every catalogue call made so far, oldest first. */
  allCalls(): readonly RecordedCall[] {
    return this.recorded;
  }

  /** Holds every answer until {@link resume} (to see a pending state). */
  pause(): void {
    if (this.pausedGate) return;
    this.pausedGate = new Promise((resolve) => {
      this.release = resolve;
    });
  }

  resume(): void {
    this.release?.();
    this.pausedGate = null;
    this.release = null;
  }

  /** The `fetch` to install (the render helper stubs the global with it). */
  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const rawBody: unknown = typeof init.body === 'string' && init.body !== '' ? JSON.parse(init.body) : undefined;
    if (this.pausedGate) await this.pausedGate;
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');

    const rawHandler = this.raw.get(`${method} ${url.pathname}`);
    if (rawHandler) {
      const answer = await rawHandler({ method, path: url.pathname, body: rawBody });
      return json(answer.status, answer.body);
    }
    if (!url.pathname.startsWith(`${API_BASE}/`)) return json(404, undefined);

    const match = matchRoute(method, url.pathname.slice(API_BASE.length));
    if (!match) {
      this.unhandled.push(`${method} ${url.pathname}`);
      return json(404, apiError('NOT_FOUND').envelope);
    }
    const { route, params } = match;
    this.recorded.push({ id: route.id, method, url: url.pathname + url.search, params, query: url.searchParams, body: rawBody });

    const definition: Definition = catalogue[route.id];
    const parsedParams = parsePart(definition.params, params, 'params');
    const parsedQuery = parsePart(definition.query, queryObject(url.searchParams), 'query');
    const parsedBody = parsePart(definition.body, rawBody, 'body');
    const refused = [parsedParams, parsedQuery, parsedBody].flatMap((part) => (part.ok ? [] : part.fields));
    if (refused.length > 0) {
      const failure = fieldErrors(refused);
      return json(failure.status, failure.envelope);
    }

    const handler = this.handlers.get(route.id);
    if (!handler) {
      this.unhandled.push(route.id);
      return json(501, { error: { code: 'GENERIC', message: `the fake core has no answer for ${route.id}` } });
    }
    const answer = await handler({
      id: route.id,
      method,
      url: url.pathname + url.search,
      // Parsed by this call's own schemas just above, so they have its parsed types.
      params: (parsedParams.ok ? parsedParams.data : undefined) as never,
      query: (parsedQuery.ok ? parsedQuery.data : undefined) as never,
      body: (parsedBody.ok ? parsedBody.data : undefined) as never,
      rawBody,
    });
    if (answer instanceof FakeFailure) return json(answer.status, answer.envelope);
    if (answer instanceof Drifted) return json(definition.successStatus ?? 200, answer.body);
    const checked = definition.response.safeParse(answer);
    if (!checked.success) {
      this.problems.push(`${route.id}: the test's answer does not match the response schema: ${checked.error.message}`);
      return json(500, apiError('GENERIC').envelope);
    }
    // Sent as the core sends it: the schema's output (unknown keys dropped, defaults filled).
    return json(definition.successStatus ?? 200, checked.data);
  };
}
