/**
 * The OpenAPI 3.1 document, generated from the endpoint catalogue: every declared call with its
 * parameters, body and response schemas, roles and spec reference. Served at /docs/openapi.json,
 * browsable at /docs.
 *
 * Every `$ref` resolves inside the document: the definitions a schema brings (zod gives a recursive
 * schema such as `z.json()` its own `$defs`, referred to as `#/$defs/…`, and a schema recursive at
 * its root refers to itself as `#`) are hoisted into `components/schemas` under stable names and the
 * references rewritten to them. A schema that stands in more than one place (a contracts schema such
 * as `ChannelLive`, or any other large enough to be worth it) is kept once in `components/schemas`
 * and referred to, and each error answer once in `components/responses`: this keeps the document a
 * third of its inlined size.
 *
 * Swagger UI (/docs/swagger) reads one area at a time, each area's document cut from this one
 * (openapi-areas.ts). tests/integration/openapi.test.ts validates the served documents and mocks the whole one with Prism.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import * as contracts from '@fleet/contracts';
import { API_AREAS, AREA_OF, catalogue, ENDPOINT_IDS, ErrorEnvelope, MOCK_AUTH, notBlankPattern, type EndpointDef } from '@fleet/contracts';
import { errorStatusesOf } from './call-statuses.js';
import { MAX_JSON_DEPTH } from './json-body.js';
import { COMPONENTS, rulesOf, withoutRules } from './openapi-rules.js';

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

const LOCAL_DEFS = '#/$defs/';

/** A string without NUL: what the core takes in every string (routes/catalogue.ts refuses the rest). */
const NO_NUL = '^[^\\x00]*$';

/** Whether a zod string schema trims its input before its other checks (`.trim()`: an overwrite that takes the blanks off). */
function trims(schema: unknown): boolean {
  const checks = (schema as { _zod?: { def?: { checks?: { _zod: { def: { check: string; tx?: (v: string) => string } } }[] } } })._zod?.def?.checks ?? [];
  return checks.some(({ _zod: { def } }) => def.check === 'overwrite' && def.tx?.(' \u00a0x\t ') === 'x');
}

/**
 * What a request's strings must be beyond the rules zod states: a string the core trims before its
 * length check says, by a pattern, how many characters must be left (a blank one is refused); and no
 * string takes NUL (routes/catalogue.ts). A pattern of its own stays, the added one beside it (`allOf`)
 * when it is not anchored at both ends; an anchored one says which characters it takes (none takes NUL).
 */
function stateStringRules(ctx: { zodSchema: unknown; jsonSchema: Json }): void {
  const js = ctx.jsonSchema;
  if (js.type !== 'string' || 'enum' in js || 'const' in js || 'format' in js) return;
  const own = typeof js.pattern === 'string' ? js.pattern : undefined;
  const anchored = own !== undefined && own.startsWith('^') && own.endsWith('$');
  // An anchored pattern that takes no blank anywhere leaves trim nothing to take.
  const takesBlanks = !anchored || takesBlank(own);
  const minLength = typeof js.minLength === 'number' ? js.minLength : 0;
  const added = minLength > 0 && takesBlanks && trims(ctx.zodSchema) ? notBlankPattern(minLength) : NO_NUL;
  if (own === undefined) js.pattern = added;
  else if (added !== NO_NUL || !anchored) {
    // The override may meet one schema more than once: the pattern is added once.
    const allOf = (js.allOf as Json[] | undefined) ?? [];
    const held = allOf.some((s) => typeof s.pattern === 'string' && (s.pattern === added || (added === NO_NUL && s.pattern.startsWith('^[^\\x00]*'))));
    if (!held) js.allOf = [...allOf, { pattern: added }];
  }
}
/** Strings with a blank in them, to tell whether a pattern takes blanks at all. */
const BLANK_PROBES = [' ', '\t', '\u00a0', 'a ', ' a', 'a a', 'A ', '0 ', '- '];
const blankTaking = new Map<string, boolean>();
/** Whether a pattern takes one of the probes with a blank (once per pattern). */
function takesBlank(pattern: string): boolean {
  let held = blankTaking.get(pattern);
  if (held === undefined) {
    const re = new RegExp(pattern, 'u');
    blankTaking.set(pattern, (held = BLANK_PROBES.some((probe) => re.test(probe))));
  }
  return held;
}

/** A zod schema as JSON Schema; `stringRules`: a request's strings say what the core's own checks add (the catalogue's document). */
const toJsonSchema = (s: z.ZodType, io: 'input' | 'output', stringRules = false): Json => {
  const inner = s instanceof z.ZodOptional ? (s.unwrap() as z.ZodType) : s;
  const { $schema: _drop, ...rest } = z.toJSONSchema(inner, {
    io,
    unrepresentable: 'any',
    ...(io === 'input' && stringRules ? { override: (ctx) => stateStringRules(ctx as { zodSchema: unknown; jsonSchema: Json }) } : {}),
  }) as Json;
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

  /** `stringRules`: the request schemas say what the core's own checks add to zod's (the catalogue's document; see stateStringRules). */
  constructor(private readonly stringRules = false) {
    for (const [name, schema] of Object.entries(NAMED_DEFINITIONS)) {
      for (const io of ['output', 'input'] as const) {
        const { $defs: _defs, ...root } = toJsonSchema(schema, io, stringRules);
        const key = contentKey(root, '#', new Set());
        if (!this.knownNames.has(key)) this.knownNames.set(key, io === 'output' ? name : `${name}Input`);
      }
    }
  }

  /** A catalogue schema as the document holds it: its definitions hoisted, its references pointing at them. */
  schemaOf(s: z.ZodType, io: 'input' | 'output'): Json {
    const { $defs, ...root } = toJsonSchema(s, io, this.stringRules);
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

  /** `schema` (whose original content is `key`) kept once, under `name` or its content's hash; a reference to it. */
  share(name: string | null, key: string, schema: Json): Json {
    const kept = name ?? this.nameFor(key);
    this.keep(kept, schema);
    return { $ref: `${COMPONENTS}${kept}` };
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

/** The keywords under which a JSON Schema holds one subschema, an array of them, or a map of them. */
const ONE_SUBSCHEMA = ['items', 'additionalProperties', 'not', 'propertyNames', 'contains', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties'];
const SUBSCHEMA_ARRAYS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas'];

/** Each direct subschema of `schema`, with a way to put another in its place. */
function subschemasOf(schema: Json): { node: Json; set: (next: Json) => void }[] {
  const out: { node: Json; set: (next: Json) => void }[] = [];
  const add = (holder: Record<string, unknown> | unknown[], key: string | number) => {
    const node = (holder as Record<string | number, unknown>)[key];
    if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
      out.push({ node: node as Json, set: (next) => ((holder as Record<string | number, unknown>)[key] = next) });
    }
  };
  for (const k of ONE_SUBSCHEMA) add(schema, k);
  for (const k of SUBSCHEMA_ARRAYS) if (Array.isArray(schema[k])) (schema[k] as unknown[]).forEach((_, i) => add(schema[k] as unknown[], i));
  for (const k of SUBSCHEMA_MAPS) {
    const map = schema[k];
    if (map !== null && typeof map === 'object' && !Array.isArray(map)) for (const name of Object.keys(map)) add(map as Record<string, unknown>, name);
  }
  return out;
}

/** Below this many characters a schema is left where it stands: a reference would save too little. */
const MIN_SHARED_LENGTH = 200;

/**
 * The name a shared schema takes when it is one of the contracts' exported schemas (`ChannelLive`,
 * `IsoDate`, …), by its generated content (as the catalogue's document generates it); `…Input` where a schema's input differs from its answer.
 */
function contractNames(): Map<string, string> {
  const names = new Map<string, string>();
  const exported = Object.entries(contracts as Record<string, unknown>)
    .filter((entry): entry is [string, z.ZodType] => /^[A-Z][A-Za-z0-9]*$/.test(entry[0]) && entry[1] instanceof z.ZodType)
    .sort(([a], [b]) => a.localeCompare(b));
  for (const [name, schema] of exported) {
    for (const io of ['output', 'input'] as const) {
      let generated: Json;
      try {
        generated = toJsonSchema(schema, io, true);
      } catch {
        continue; // a schema JSON Schema cannot express (a function, a transform's output) is never in the document
      }
      if ('$defs' in generated || hasRef(generated, '#')) continue;
      // As the document holds it: its rules are on the operations.
      withoutRules(generated);
      const key = JSON.stringify(generated);
      if (!names.has(key)) names.set(key, io === 'output' ? name : `${name}Input`);
    }
  }
  return names;
}

/**
 * Puts every schema that stands more than once in the document (and is worth a reference) into
 * `components/schemas` once, and a `$ref` to it wherever it stood. A contracts schema keeps its
 * export's name; any other is named by the hash of its content, as hoisted definitions are.
 * `roots` are the document's schema positions; a component's own root is never replaced.
 */
function shareRepeatedSchemas(roots: { node: Json; set: ((next: Json) => void) | null }[], components: OpenApiComponents): void {
  const keyOf = new Map<Json, string>();
  const counts = new Map<string, number>();
  const count = (node: Json): string => {
    for (const child of subschemasOf(node)) count(child.node);
    const key = JSON.stringify(node);
    keyOf.set(node, key);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return key;
  };
  for (const root of roots) count(root.node);
  const names = contractNames();
  const share = (node: Json, set: ((next: Json) => void) | null): void => {
    for (const child of subschemasOf(node)) share(child.node, child.set);
    const key = keyOf.get(node);
    if (key === undefined) return; // a reference put here by an earlier visit of the same object
    if (set === null || key.length < MIN_SHARED_LENGTH || (counts.get(key) ?? 0) < 2) return;
    set(components.share(names.get(key) ?? null, key, node));
  };
  for (const root of roots) share(root.node, root.set);
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

/** Where the document holds a schema: each operation's parameters, body and answers, and each component. */
function schemaSlots(paths: Record<string, Record<string, Json>>, components: OpenApiComponents): { node: Json; set: ((next: Json) => void) | null }[] {
  const slots: { node: Json; set: ((next: Json) => void) | null }[] = [];
  const slot = (holder: Json) => slots.push({ node: holder.schema as Json, set: (next) => (holder.schema = next) });
  const contentOf = (holder: Json | undefined) => Object.values((holder?.content ?? {}) as Record<string, Json>).forEach(slot);
  for (const op of Object.values(paths).flatMap((byMethod) => Object.values(byMethod))) {
    (op.parameters as Json[]).forEach(slot);
    contentOf(op.requestBody as Json | undefined);
    Object.values(op.responses as Record<string, Json>).forEach(contentOf);
  }
  for (const schema of Object.values(components.schemas)) slots.push({ node: schema, set: null });
  return slots;
}

/** The document's version and title, without its calls. */
export function openApiHeading(prefix: string): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fleet console core (mock)',
      version: '0.1.0',
      description:
        `Core REST surface under ${prefix}. Log in with POST ${MOCK_AUTH.loginPath} (mock only). ` +
        `Every request: no string holds NUL (each string's pattern says so), a JSON body nests at most ${MAX_JSON_DEPTH} levels, ` +
        'a number in a query or a path is written in decimal. A request the schemas take is refused (400) only by a rule its operation states in x-rules, ' +
        'the field and the message the answer names, or by a state, licence or capability of the objects it names (409, 402, 422).',
      contact: { name: 'Fleet console maintainers' },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    // Where the core runs: `npm start`'s address by default; a deployment's own host and scheme.
    servers: [
      {
        url: '{scheme}://{host}',
        description: 'A core: the mock started by npm start, or a deployment',
        variables: { scheme: { default: 'http', enum: ['http', 'https'] }, host: { default: '127.0.0.1:8080' } },
      },
    ],
    tags: API_AREAS.map(({ tag, description }) => ({ name: tag, description })),
    paths: {},
  };
}

export function buildOpenApi(prefix: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const components = new OpenApiComponents(true);
  const errorRef = components.add('ErrorEnvelope', ErrorEnvelope);
  // Each error answer is described once, under components/responses, and referred to by every call.
  const responses: Record<string, Json> = {};
  const errorResponse = (name: string, description: string): Json => {
    responses[name] = { description, content: { 'application/json': { schema: errorRef } } };
    return { $ref: `#/components/responses/${name}` };
  };
  const byStatus: Record<number, Json> = {
    400: errorResponse('InvalidInput', "Invalid input (the spec's validation messages in error.fields)"),
    401: errorResponse('NoSession', 'No valid session'),
    402: errorResponse('LicenceRequired', 'A licence the call needs is missing or used up (the code names which)'),
    403: errorResponse('Forbidden', "The caller's role may not make this call, or the feature is off for them"),
    404: errorResponse('NotFound', "An object the call names is unknown, or not one of the caller's"),
    409: errorResponse('Conflict', 'Refused by the state of an object: name in use, concurrent change, device busy or offline'),
    413: errorResponse('BodyTooLarge', 'The request body is over the limit (1 MB unless the call says otherwise)'),
    415: errorResponse('UnsupportedType', 'The file type is not one the call takes'),
    422: errorResponse('Unprocessable', 'Well formed, but not possible for this object (a version, a hardware capability)'),
    429: errorResponse('TooManyRequests', 'Too many requests from this address or session (Retry-After says when to try again)'),
    431: errorResponse('HeadersTooLarge', 'The request headers are over the limit'),
    502: errorResponse('DeviceOrProviderFailed', 'A device or an outside service failed to do what was asked'),
    503: errorResponse('DeviceUnreachable', "The device could not be reached ('Configuration not sent, retry')"),
  };
  const notFound = Object.fromEntries(
    Object.entries(SCOPE_WORDS).map(([scope, [, singular]]) => [
      scope,
      errorResponse(`Unknown${scope[0]!.toUpperCase()}${scope.slice(1)}`, `Unknown ${singular}, or not one of the caller's`),
    ]),
  ) as Record<Exclude<EndpointDef['scope'], 'none'>, Json>;
  const errorAnswers = (id: (typeof ENDPOINT_IDS)[number], def: EndpointDef): Json =>
    Object.fromEntries(
      [...errorStatusesOf(id)].map((status) => {
        const shared = status === 404 && def.scope !== 'none' ? notFound[def.scope] : byStatus[status];
        if (!shared) throw new Error(`${id}: no shared answer for status ${status}`);
        return [String(status), shared];
      }),
    );
  for (const id of ENDPOINT_IDS) {
    const def: EndpointDef = catalogue[id];
    const path = `${prefix}${def.path}`;
    const op: Json = {
      operationId: id,
      summary: def.summary,
      description: `Spec: ${def.spec}. Roles: ${def.roles.join(', ')}.${def.scope === 'none' ? '' : ` Only ${SCOPE_WORDS[def.scope][0]} of the caller's inventories and groups.`}`,
      tags: [AREA_OF.get(id) ?? 'Units'],
      'x-roles': def.roles,
      'x-spec': def.spec,
      parameters: parametersOf(def, components),
      responses: {
        [String(def.successStatus ?? 200)]: {
          description: 'Success',
          content: { 'application/json': { schema: components.schemaOf(def.response, 'output') } },
        },
        ...errorAnswers(id, def),
      },
    };
    if (def.body) {
      op.requestBody = {
        required: !def.body.safeParse(undefined).success,
        content: { 'application/json': { schema: components.schemaOf(def.body, 'input') } },
      };
    }
    const rules = rulesOf(id, def, op, components.schemas);
    if (rules.length > 0) {
      op['x-rules'] = rules;
      op.description += `\n\nRefused with 400 at a field beyond what the schemas say (x-rules; {n} a number, {…} any text):\n${rules
        .map((r) => `- \`${r.field}\`: ${r.message}${r.rule ? ` (${r.rule})` : ''}`)
        .join('\n')}`;
    }
    (paths[path] ??= {})[def.method.toLowerCase()] = op;
  }
  // The rules stand once, on their operations.
  for (const slot of schemaSlots(paths, components)) withoutRules(slot.node);
  shareRepeatedSchemas(schemaSlots(paths, components), components);
  return {
    ...openApiHeading(prefix),
    // Every call needs the session cookie (the login call is mock-only and not in the document).
    security: [{ session: [] }],
    paths,
    components: {
      schemas: components.schemas,
      responses,
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: MOCK_AUTH.sessionCookie } },
    },
  };
}

/** A document frozen in place: every core built in the process serves the same one. */
export function deepFreeze<T>(node: T): T {
  if (node !== null && typeof node === 'object' && !Object.isFrozen(node)) {
    Object.freeze(node);
    for (const value of Object.values(node)) deepFreeze(value);
  }
  return node;
}

const documents = new Map<string, Json>();

/**
 * The document of `prefix`, built once per process on its first request (it depends on the
 * catalogue and the prefix alone: about 1 s a build, most of it naming the shared schemas) and frozen, since every core built in the process serves it.
 */
export function openApiDocument(prefix: string): Json {
  let document = documents.get(prefix);
  if (!document) {
    document = deepFreeze(buildOpenApi(prefix));
    documents.set(prefix, document);
  }
  return document;
}
