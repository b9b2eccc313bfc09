/**
 * The OpenAPI 3.1 document, generated from the endpoint catalogue: every declared call with its
 * parameters, body and response schemas, roles and spec reference. Served at /docs/openapi.json,
 * browsable at /docs.
 *
 * Every `$ref` resolves inside the document: the definitions a schema brings (zod gives a recursive
 * schema such as `z.json()` its own `$defs`, referred to as `#/$defs/…`, and a schema recursive at
 * its root refers to itself as `#`) are hoisted into `components/schemas` under stable names and the
 * references rewritten to them. tests/integration/openapi.test.ts validates the served document and
 * mocks it with Prism.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { catalogue, ENDPOINT_IDS, ErrorEnvelope, MOCK_AUTH, type EndpointDef } from '@fleet/contracts';

type Json = Record<string, unknown>;

/** How the document names the objects a scoped call is limited to. */
const SCOPE_WORDS: Record<Exclude<EndpointDef['scope'], 'none'>, readonly [plural: string, singular: string]> = {
  unit: ['units', 'unit'],
  channel: ['channels', 'channel'],
  vrChannel: ['video return channels', 'video return channel'],
  server: ['servers', 'server'],
  group: ['groups', 'group'],
  inventory: ['inventories', 'inventory'],
};

const COMPONENTS = '#/components/schemas/';
const LOCAL_DEFS = '#/$defs/';

const toJsonSchema = (s: z.ZodType, io: 'input' | 'output'): Json => {
  const inner = s instanceof z.ZodOptional ? (s.unwrap() as z.ZodType) : s;
  const { $schema: _drop, ...rest } = z.toJSONSchema(inner, { io, unrepresentable: 'any' }) as Json;
  return rest;
};

/** A copy of `node` with every `$ref` string passed through `map`. */
function mapRefs(node: unknown, map: (ref: string) => string): unknown {
  if (Array.isArray(node)) return node.map((v) => mapRefs(v, map));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? map(v) : mapRefs(v, map)]));
}

function hasRef(node: unknown, ref: string): boolean {
  if (Array.isArray(node)) return node.some((v) => hasRef(v, ref));
  if (node === null || typeof node !== 'object') return false;
  return Object.entries(node).some(([k, v]) => (k === '$ref' ? v === ref : hasRef(v, ref)));
}

/**
 * A definition's content without the names zod numbered it and its neighbours by (`__schema0`, …):
 * a reference to itself reads `#self`, to another of its schema's definitions `#local`. Two uses of
 * one zod schema give the same key.
 */
function contentKey(def: unknown, ownRef: string, localRefs: ReadonlySet<string>): string {
  return JSON.stringify(mapRefs(def, (r) => (r === ownRef ? '#self' : localRefs.has(r) ? '#local' : r)));
}

/** Definitions that have a name of their own in the document (found by content). */
const NAMED_DEFINITIONS: Record<string, z.ZodType> = { JsonValue: z.json() };

/**
 * The document's `components/schemas` as the schemas are generated: every definition a schema
 * brings is kept once, under its name in {@link NAMED_DEFINITIONS}, else `Schema` and the first
 * 10 hex digits of the SHA-256 of its content (the same content, the same name, whatever else
 * the catalogue holds).
 */
export class OpenApiComponents {
  readonly schemas: Record<string, Json> = {};
  private readonly byContent = new Map<string, string>();
  private readonly knownNames = new Map<string, string>();

  constructor() {
    for (const [name, schema] of Object.entries(NAMED_DEFINITIONS)) {
      const { $defs: _defs, ...root } = toJsonSchema(schema, 'output');
      this.knownNames.set(contentKey(root, '#', new Set()), name);
    }
  }

  /** A catalogue schema as the document holds it: its definitions hoisted, its references pointing at them. */
  schemaOf(s: z.ZodType, io: 'input' | 'output'): Json {
    const { $defs, ...root } = toJsonSchema(s, io);
    const defs = ($defs ?? {}) as Record<string, unknown>;
    const localRefs = new Set(Object.keys(defs).map((k) => `${LOCAL_DEFS}${k}`));
    // A schema recursive at its root refers to itself as `#`: the root is a definition too.
    const rootIsDef = hasRef(root, '#');
    const refNames = new Map<string, string>();
    for (const [key, def] of Object.entries(defs)) refNames.set(`${LOCAL_DEFS}${key}`, this.nameFor(contentKey(def, `${LOCAL_DEFS}${key}`, localRefs)));
    if (rootIsDef) refNames.set('#', this.nameFor(contentKey(root, '#', localRefs)));
    const rewrite = (node: unknown) =>
      mapRefs(node, (r) => {
        const name = refNames.get(r);
        if (name !== undefined) return `${COMPONENTS}${name}`;
        if (r === '#' || r.startsWith(LOCAL_DEFS)) throw new Error(`unresolvable reference ${r} in a generated schema`);
        return r;
      }) as Json;
    for (const [key, def] of Object.entries(defs)) this.keep(refNames.get(`${LOCAL_DEFS}${key}`)!, rewrite(def));
    if (!rootIsDef) return rewrite(root);
    const name = refNames.get('#')!;
    this.keep(name, rewrite(root));
    return { $ref: `${COMPONENTS}${name}` };
  }

  /** A named schema of the document's own (the error envelope). */
  add(name: string, s: z.ZodType): Json {
    this.keep(name, this.schemaOf(s, 'output'));
    return { $ref: `${COMPONENTS}${name}` };
  }

  private nameFor(key: string): string {
    let name = this.byContent.get(key);
    if (name === undefined) {
      name = this.knownNames.get(key) ?? `Schema${createHash('sha256').update(key).digest('hex').slice(0, 10)}`;
      this.byContent.set(key, name);
    }
    return name;
  }

  private keep(name: string, schema: Json): void {
    const held = this.schemas[name];
    if (held !== undefined && JSON.stringify(held) !== JSON.stringify(schema)) throw new Error(`two different schemas named ${name} in the OpenAPI document`);
    this.schemas[name] = schema;
  }
}

function parametersOf(def: EndpointDef, components: OpenApiComponents): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    if (!schema) continue;
    const shape = schema.shape as Record<string, z.ZodType>;
    for (const [name, s] of Object.entries(shape)) {
      out.push({ name, in: where, required: where === 'path' || !s.safeParse(undefined).success, schema: components.schemaOf(s, 'input') });
    }
  }
  return out;
}

export function buildOpenApi(prefix: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const components = new OpenApiComponents();
  const errorRef = components.add('ErrorEnvelope', ErrorEnvelope);
  const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorRef } } });
  for (const id of ENDPOINT_IDS) {
    const def: EndpointDef = catalogue[id];
    const path = `${prefix}${def.path}`;
    const op: Json = {
      operationId: id,
      summary: def.summary,
      description: `Spec: ${def.spec}. Roles: ${def.roles.join(', ')}.${def.scope === 'none' ? '' : ` Only ${SCOPE_WORDS[def.scope][0]} of the caller's inventories and groups.`}`,
      tags: [def.path.split('/').filter((p) => p && !p.startsWith('{') && !/^v\d$/.test(p))[0] ?? 'core'],
      'x-roles': def.roles,
      'x-spec': def.spec,
      parameters: parametersOf(def, components),
      security: [{ session: [] }],
      responses: {
        [String(def.successStatus ?? 200)]: {
          description: 'Success',
          content: { 'application/json': { schema: components.schemaOf(def.response, 'output') } },
        },
        400: errorResponse("Invalid input (the spec's validation messages in error.fields)"),
        401: errorResponse('No valid session'),
        403: errorResponse("The caller's role may not make this call"),
        ...(def.scope === 'none' ? {} : { 404: errorResponse(`Unknown ${SCOPE_WORDS[def.scope][1]}, or not one of the caller's`) }),
        409: errorResponse('Conflict (name in use, concurrent change, device state)'),
      },
    };
    if (def.body) {
      op.requestBody = {
        required: !def.body.safeParse(undefined).success,
        content: { 'application/json': { schema: components.schemaOf(def.body, 'input') } },
      };
    }
    (paths[path] ??= {})[def.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fleet console core (mock)',
      version: '0.1.0',
      description: `Core REST surface under ${prefix}. Log in with POST ${MOCK_AUTH.loginPath} (mock only).`,
    },
    paths,
    components: {
      schemas: components.schemas,
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: MOCK_AUTH.sessionCookie } },
    },
  };
}

function deepFreeze<T>(node: T): T {
  if (node !== null && typeof node === 'object' && !Object.isFrozen(node)) {
    Object.freeze(node);
    for (const value of Object.values(node)) deepFreeze(value);
  }
  return node;
}

const documents = new Map<string, Json>();

/**
 * The document of `prefix`, built once per process (it depends on the catalogue and the prefix
 * alone: about 150 ms a build) and frozen, since every core built in the process serves it.
 */
export function openApiDocument(prefix: string): Json {
  let document = documents.get(prefix);
  if (!document) {
    document = deepFreeze(buildOpenApi(prefix));
    documents.set(prefix, document);
  }
  return document;
}
