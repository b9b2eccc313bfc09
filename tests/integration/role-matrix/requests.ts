/** The role matrix's requests: a catalogue example turned into a request on the wire, sent with a session. */
import { buildPath, catalogue, type EndpointDef, type EndpointId } from '@fleet/contracts';
import { EXAMPLES, type ExampleInput, type Refs, type World } from '../../support/catalogue-examples.js';
import { type TestStack } from '../../support/stack.js';

// ── requests ───────────────────────────────────────────────────────────────────────────────────

export interface Answer {
  status: number;
  code: string | undefined;
  body: string;
}

export interface Built {
  method: EndpointDef['method'];
  url: string;
  body: unknown;
}

/** An example's input as the wire sees it (whatever the call). */
export interface WireInput {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The example input of one call. */
export async function exampleInput(id: EndpointId, refs: Refs, world: World): Promise<WireInput> {
  // Each entry's input fits its own call; indexed by a union of ids, TypeScript sees a union of
  // functions it cannot call, so the entry is read through the shape every input shares.
  const example = EXAMPLES[id] as unknown as { input(r: Refs, w: World): ExampleInput<EndpointId> | Promise<ExampleInput<EndpointId>> };
  return (await example.input(refs, world)) as WireInput;
}

/** The wire request of an example (path parameters filled, query as strings, JSON body). */
export function toRequest(id: EndpointId, parts: WireInput): Built {
  const def: EndpointDef = catalogue[id];
  const query = Object.entries(parts.query ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, String(v)]);
  const qs = query.length > 0 ? `?${new URLSearchParams(query).toString()}` : '';
  return { method: def.method, url: `/api${buildPath(def.path, parts.params)}${qs}`, body: parts.body };
}

/** Whether an example fits its declaration's schemas (wire form of the query included). */
export function fitsSchemas(id: EndpointId, parts: WireInput): string | null {
  const def: EndpointDef = catalogue[id];
  if (def.params && !def.params.safeParse(Object.fromEntries(Object.entries(parts.params ?? {}).map(([k, v]) => [k, String(v)]))).success) return 'params';
  if (def.query && !def.query.safeParse(Object.fromEntries(Object.entries(parts.query ?? {}).map(([k, v]) => [k, String(v)]))).success) return 'query';
  if (def.body && !def.body.safeParse(parts.body).success) return 'body';
  if (!def.body && parts.body !== undefined) return 'body (none declared)';
  return null;
}

export async function send(s: TestStack, cookie: string, req: Built): Promise<Answer> {
  const res = await s.app.inject({ method: req.method, url: req.url, headers: { cookie }, ...(req.body === undefined ? {} : { payload: req.body as object }) });
  let code: string | undefined;
  try {
    code = (res.json() as { error?: { code?: string } }).error?.code;
  } catch {
    code = undefined;
  }
  return { status: res.statusCode, code, body: res.body };
}
