/**
 * Answers of the catalogue calls written by serialisers compiled once (Fastify's route
 * `schema.response`, which Fastify compiles with fast-json-stringify), instead of a zod parse and
 * a generic JSON.stringify on every request.
 *
 * The promise kept: for every answer the response schema accepts, the compiled serialiser writes
 * exactly the bytes of `JSON.stringify(response.parse(answer))`. fast-json-stringify writes what
 * its schema names (and drops the rest), in its own order, coercing types; so the schema handed
 * to it is not zod's JSON Schema as is but a serialisation schema derived from it:
 *
 * - objects keep zod's key order: only the leading run of required keys stays `required`
 *   (fast-json-stringify moves required keys first); keys zod strips are dropped, a catch-all's
 *   keys are written by their own schema, never `__proto__` (zod drops it too);
 * - validation-only keywords (lengths, bounds, patterns, formats, enums) are left out: they never
 *   change a valid value, and a format such as `date-time` would change how a value is written;
 * - a union becomes one node dispatching on the JSON type (`nullable`, a list of types), which
 *   is only sound when its members differ in type: two object or two array shapes are refused.
 *
 * A response schema that cannot keep the promise (a transform, pipe, default, coercion or a check
 * that rewrites the value; a union of two shapes of one type; a recursive schema, which
 * fast-json-stringify cannot serialise through a union) is not compiled: its call keeps the zod
 * parse and JSON.stringify (`fallback`, with the reason). `responsePlans()` lists them.
 */
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';
import { catalogue, ENDPOINT_IDS, type EndpointDef, type EndpointId } from '@fleet/contracts';

/** A JSON Schema node (zod's output, or the serialisation schema derived from it). */
export type JsonSchema = { [keyword: string]: unknown };

export type ResponsePlan =
  | { readonly kind: 'compiled'; readonly status: number; readonly schema: JsonSchema }
  | { readonly kind: 'fallback'; readonly status: number; readonly reason: string };

/** Why a response schema cannot be compiled; caught by `responsePlan`. */
class NotCompilable extends Error {}

// ── zod: does parsing ever return something other than the answer it was given? ─────────────────

/** Schema kinds whose parse returns the input (or a copy holding the same JSON). */
const PASS_THROUGH_KINDS = new Set(['string', 'number', 'boolean', 'null', 'enum', 'literal', 'any', 'unknown', 'template_literal']);

/** Throws NotCompilable where parsing `schema` may change a valid value (JSON Schema cannot show it). */
function assertParseKeepsValues(schema: z.core.$ZodType, seen = new Set<z.core.$ZodType>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as z.core.$ZodTypes)._zod.def;
  if ((def.checks ?? []).some((c) => c._zod.def.check === 'overwrite')) {
    throw new NotCompilable('a check that rewrites the value (trim, case, normalize)');
  }
  if ('coerce' in def && def.coerce) throw new NotCompilable('a coercion');
  switch (def.type) {
    case 'object':
      for (const member of Object.values(def.shape)) assertParseKeepsValues(member, seen);
      // A strict object's catch-all is `never`: it refuses other keys, it writes none.
      if (def.catchall && def.catchall._zod.def.type !== 'never') assertParseKeepsValues(def.catchall, seen);
      return;
    case 'array':
      return assertParseKeepsValues(def.element, seen);
    case 'record': {
      // zod writes a record in its answer's key order, except an exhaustive one (a fixed key set,
      // not partial: written in the set's order) and a loose one (keys its key schema refuses are
      // copied unparsed): neither can be told apart by a serialiser.
      const keys = def.keyType._zod.def.type;
      const inAnswerOrder = keys === 'string' || (def.partial === true && (keys === 'enum' || keys === 'literal'));
      if (!inAnswerOrder || def.mode === 'loose') throw new NotCompilable("a record zod does not write in its answer's key order");
      assertParseKeepsValues(def.keyType, seen);
      return assertParseKeepsValues(def.valueType, seen);
    }
    case 'nullable':
    case 'optional':
    case 'readonly':
      return assertParseKeepsValues(def.innerType, seen);
    case 'union':
      for (const option of def.options) assertParseKeepsValues(option, seen);
      return;
    case 'lazy':
      return assertParseKeepsValues(def.getter(), seen);
    default:
      if (PASS_THROUGH_KINDS.has(def.type)) return;
      throw new NotCompilable(`a zod ${def.type} (its parse may change the value)`);
  }
}

// ── JSON Schema → serialisation schema ─────────────────────────────────────────────────────────

/** Keywords that only constrain a valid value: they never change how it is written. */
const VALIDATION_ONLY = new Set([
  '$schema',
  'title',
  'description',
  'examples',
  'readOnly',
  'writeOnly',
  'deprecated',
  '$comment',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'contentEncoding',
  'contentMediaType',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'enum',
  'const',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'propertyNames',
]);
const STRUCTURAL = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'anyOf', 'oneOf']);

/** Every key a record or catch-all may write: zod never writes `__proto__` (it would set the prototype). */
export const ANY_KEY_BUT_PROTO = '^(?!__proto__$)';

type Scalar = 'string' | 'number' | 'integer' | 'boolean' | 'null';
const SCALARS: readonly string[] = ['string', 'number', 'integer', 'boolean', 'null'];

/** What one schema node writes: anything (JSON.stringify), or values of some JSON types. */
type Shape =
  | { readonly any: true }
  | {
      readonly any?: false;
      readonly scalars: readonly Scalar[];
      readonly object?: ObjectShape;
      readonly array?: { readonly items: Shape };
    };
interface ObjectShape {
  readonly properties: readonly (readonly [string, Shape])[];
  /** Only the leading run of required keys (so that required-first ordering changes nothing). */
  readonly required: readonly string[];
  /** Keys beyond `properties`: null when zod strips them. */
  readonly extra: Shape | null;
}

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

function typeOfValue(v: unknown, where: string): Scalar {
  if (v === null) return 'null';
  if (typeof v === 'string' || typeof v === 'boolean') return typeof v as Scalar;
  if (typeof v === 'number') return 'number';
  throw new NotCompilable(`${where}: an enum or constant that is not a JSON scalar`);
}

/** Named definitions of the root schema, and the ones being read (a repeat is a cycle). */
interface Context {
  readonly definitions: JsonSchema;
  readonly reading: readonly string[];
}

function shapeOf(node: unknown, ctx: Context, where: string): Shape {
  if (node === true) return { any: true };
  if (!isObject(node)) throw new NotCompilable(`${where}: a schema that accepts nothing`);
  for (const keyword of Object.keys(node)) {
    if (keyword !== '$ref' && !STRUCTURAL.has(keyword) && !VALIDATION_ONLY.has(keyword)) {
      throw new NotCompilable(`${where}: the keyword "${keyword}"`);
    }
  }
  if (node.$ref !== undefined) return refShape(node, ctx, where);
  const options = node.anyOf ?? node.oneOf;
  if (options !== undefined) {
    if (!Array.isArray(options) || Object.keys(node).some((k) => STRUCTURAL.has(k) && k !== 'anyOf' && k !== 'oneOf')) {
      throw new NotCompilable(`${where}: a union with keywords beside it`);
    }
    return options.map((o, i) => shapeOf(o, ctx, `${where}|${i}`)).reduce((a, b) => union(a, b, where));
  }
  const types: unknown[] =
    node.type !== undefined
      ? [node.type].flat()
      : Array.isArray(node.enum)
        ? node.enum.map((v) => typeOfValue(v, where))
        : 'const' in node
          ? [typeOfValue(node.const, where)]
          : node.properties !== undefined || node.additionalProperties !== undefined
            ? ['object']
            : node.items !== undefined
              ? ['array']
              : [];
  if (types.length === 0) return { any: true };
  return types.map((t) => typedShape(node, t, ctx, where)).reduce((a, b) => union(a, b, where));
}

/** A reference is read in place; one that leads back to itself is refused (see the header). */
function refShape(node: JsonSchema, ctx: Context, where: string): Shape {
  const ref = node.$ref;
  const name = typeof ref === 'string' && ref.startsWith('#/definitions/') ? ref.slice('#/definitions/'.length) : undefined;
  if (Object.keys(node).some((k) => STRUCTURAL.has(k))) throw new NotCompilable(`${where}: a reference with keywords beside it`);
  if (name === undefined || !(name in ctx.definitions)) throw new NotCompilable(`${where}: the reference ${String(ref)}`);
  if (ctx.reading.includes(name)) throw new NotCompilable(`${where}: a recursive schema`);
  return shapeOf(ctx.definitions[name], { ...ctx, reading: [...ctx.reading, name] }, where);
}

function typedShape(node: JsonSchema, type: unknown, ctx: Context, where: string): Shape {
  if (typeof type === 'string' && SCALARS.includes(type)) return { scalars: [type as Scalar] };
  if (type === 'array') {
    if (node.items !== undefined && !isObject(node.items) && node.items !== true) throw new NotCompilable(`${where}: a tuple`);
    return { scalars: [], array: { items: node.items === undefined ? { any: true } : shapeOf(node.items, ctx, `${where}[]`) } };
  }
  if (type === 'object') return { scalars: [], object: objectShape(node, ctx, where) };
  throw new NotCompilable(`${where}: the type ${String(type)}`);
}

function objectShape(node: JsonSchema, ctx: Context, where: string): ObjectShape {
  const props = isObject(node.properties) ? Object.entries(node.properties) : [];
  if (props.some(([key]) => key === '__proto__')) throw new NotCompilable(`${where}: a property named __proto__`);
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const leading: string[] = [];
  for (const [key] of props) {
    if (!required.has(key)) break;
    leading.push(key);
  }
  if ([...required].some((key) => !props.some(([k]) => k === key))) throw new NotCompilable(`${where}: a required key of a record`);
  // zod's output mode writes additionalProperties for every object: false where keys are stripped.
  const extra = node.additionalProperties;
  if (extra === undefined) throw new NotCompilable(`${where}: an object that does not say what becomes of other keys`);
  return {
    properties: props.map(([key, s]) => [key, shapeOf(s, ctx, `${where}.${key}`)] as const),
    required: leading,
    extra: extra === false ? null : shapeOf(extra, ctx, `${where}.*`),
  };
}

/** One node for a union: sound only while its members differ in JSON type. */
function union(a: Shape, b: Shape, where: string): Shape {
  if (a.any || b.any) throw new NotCompilable(`${where}: a union with a member that accepts anything`);
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
  if (a.object && b.object && !same(a.object, b.object)) throw new NotCompilable(`${where}: a union of two object shapes`);
  if (a.array && b.array && !same(a.array, b.array)) throw new NotCompilable(`${where}: a union of two array shapes`);
  let scalars = [...new Set([...a.scalars, ...b.scalars])];
  // An integer is written the same by either serialiser; one numeric type keeps one branch.
  if (scalars.includes('number')) scalars = scalars.filter((t) => t !== 'integer');
  const object = a.object ?? b.object;
  const array = a.array ?? b.array;
  return { scalars, ...(object ? { object } : {}), ...(array ? { array } : {}) };
}

function render(shape: Shape): JsonSchema {
  if (shape.any) return {};
  const keywords: JsonSchema = {};
  if (shape.object) {
    const { properties, required, extra } = shape.object;
    keywords.properties = Object.fromEntries(properties.map(([key, s]) => [key, render(s)]));
    if (required.length > 0) keywords.required = [...required];
    if (extra) keywords.patternProperties = { [ANY_KEY_BUT_PROTO]: render(extra) };
    keywords.additionalProperties = false;
  }
  if (shape.array) keywords.items = render(shape.array.items);
  const types: string[] = [...shape.scalars, ...(shape.object ? ['object'] : []), ...(shape.array ? ['array'] : [])];
  const nonNull = types.filter((t) => t !== 'null');
  const nullable = nonNull.length < types.length;
  if (nonNull.length === 0) return { type: 'null' };
  if (nonNull.length === 1) return { type: nonNull[0], ...keywords, ...(nullable ? { nullable: true } : {}) };
  return { type: types, ...keywords };
}

/** The serialisation schema of one response schema, or why it keeps the zod parse + JSON.stringify. */
export function serialisationSchema(response: z.ZodType): { schema: JsonSchema } | { reason: string } {
  try {
    assertParseKeepsValues(response);
    const { definitions, ...root } = z.toJSONSchema(response, { io: 'output', target: 'draft-07', unrepresentable: 'throw' });
    return { schema: render(shapeOf(root, { definitions: isObject(definitions) ? definitions : {}, reading: [] }, '$')) };
  } catch (e) {
    if (e instanceof NotCompilable) return { reason: e.message };
    // z.toJSONSchema refuses what JSON Schema cannot describe (dates, bigints, transforms, ...).
    if (e instanceof Error) return { reason: e.message };
    throw e;
  }
}

export function responsePlan(def: EndpointDef): ResponsePlan {
  const status = def.successStatus ?? 200;
  const r = serialisationSchema(def.response);
  return 'schema' in r ? { kind: 'compiled', status, schema: r.schema } : { kind: 'fallback', status, reason: r.reason };
}

/** Every catalogue call's plan (computed once per process). */
let plans: ReadonlyMap<EndpointId, ResponsePlan> | undefined;
export function responsePlans(): ReadonlyMap<EndpointId, ResponsePlan> {
  plans ??= new Map(ENDPOINT_IDS.map((id) => [id, responsePlan(catalogue[id])] as const));
  return plans;
}

const serialisers = new WeakMap<object, (answer: unknown) => string>();

/**
 * The catalogue routes' serialiser compiler (Fastify's own, fast-json-stringify with no shared
 * schemas, kept per schema): a plan's schema is one object per process, so every core built in
 * the process shares its serialiser instead of compiling all of them again (the tests build one
 * core per suite, at about 0.1 s of compiling each).
 */
export function sharedSerialiser({ schema }: { schema: object }): (answer: unknown) => string {
  let serialise = serialisers.get(schema);
  if (!serialise) {
    serialise = fastJsonStringify(schema) as (answer: unknown) => string;
    serialisers.set(schema, serialise);
  }
  return serialise;
}

/**
 * Items per piece when a compiled serialiser writes a long list. fast-json-stringify builds its
 * text by concatenation; one text of thousands of items (devices/fetch of a large fleet) keeps so
 * many pieces alive that garbage collection dominates: 10,000 units took about 130 ms written whole
 * (text and its bytes) against 35 ms in pieces of 256 joined flat, JSON.stringify alone 31 ms.
 */
export const LIST_PIECE = 256;

/**
 * Texts of frozen list items, per serialiser. A service that hands out the same frozen object while
 * what it describes stands still (the unit list: a summary per state of a unit) has it written
 * once; a frozen object cannot change, so its text cannot go stale. Weak on both levels: texts go
 * with their objects.
 */
const itemTexts = new WeakMap<(answer: unknown) => string, WeakMap<object, string>>();

/** What `write` gives for a frozen `key` (its text or its bytes), kept per serialiser in `cache`. */
function cached<T>(
  cache: WeakMap<(answer: unknown) => string, WeakMap<object, T>>,
  serialise: (answer: unknown) => string,
  key: object,
  write: (key: object) => T,
): T {
  let written = cache.get(serialise);
  if (!written) cache.set(serialise, (written = new WeakMap()));
  let value = written.get(key);
  if (value === undefined) written.set(key, (value = write(key)));
  return value;
}

function allFrozen(list: readonly unknown[]): boolean {
  for (const item of list) if (item === null || typeof item !== 'object' || !Object.isFrozen(item)) return false;
  return true;
}

/**
 * The answer's text by its compiled serialiser; a long list is written piece by piece (see above),
 * a list of frozen items from the texts of its items (see `itemTexts`).
 */
export function writeAnswer(serialise: (answer: unknown) => string, answer: unknown, piece = LIST_PIECE): string {
  if (!Array.isArray(answer)) return serialise(answer);
  if (answer.length === 0) return serialise(answer);
  if (allFrozen(answer)) {
    const writeItem = (item: object): string => serialise([item]).slice(1, -1);
    const out = new Array<string>(answer.length);
    for (let i = 0; i < answer.length; i++) out[i] = cached(itemTexts, serialise, answer[i] as object, writeItem);
    return `[${out.join(',')}]`;
  }
  if (answer.length <= piece) return serialise(answer);
  const pieces: string[] = [];
  // Each piece is a non-empty list: its text without the brackets is its items, comma-separated.
  for (let i = 0; i < answer.length; i += piece) pieces.push(serialise(answer.slice(i, i + piece)).slice(1, -1));
  return `[${pieces.join(',')}]`;
}

/** UTF-8 bytes of frozen answers (objects), per serialiser: written once, like the items above. */
const answerBytes = new WeakMap<(answer: unknown) => string, WeakMap<object, Buffer>>();

/**
 * UTF-8 bytes of frozen list items, per serialiser (as `itemTexts`, for lists sent as bytes). Each
 * in a memory block of its own (`allocUnsafeSlow`): a slice of Node's shared 8 KiB pool would keep
 * the whole block alive for as long as the item lives.
 */
const itemBytes = new WeakMap<(answer: unknown) => string, WeakMap<object, Buffer>>();

const COMMA = 0x2c;

/**
 * A list of frozen items as one buffer, from the bytes of each item (encoded once per item, as
 * its text is written once): the list of a large fleet is then copied, not joined as text,
 * counted for its content-length and encoded again at the socket on every request.
 */
function listBytes(serialise: (answer: unknown) => string, list: readonly object[], alloc: (size: number) => Buffer): Buffer {
  const writeItem = (item: object): Buffer => {
    const text = serialise([item]).slice(1, -1);
    const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
    bytes.write(text, 0, 'utf8');
    return bytes;
  };
  const parts = new Array<Buffer>(list.length);
  let size = list.length + 1; // brackets and commas
  for (let i = 0; i < list.length; i++) size += (parts[i] = cached(itemBytes, serialise, list[i]!, writeItem)).length;
  const out = alloc(size);
  out[0] = 0x5b; // [
  let at = 1;
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) out[at++] = COMMA;
    const part = parts[i]!;
    out.set(part, at);
    at += part.length;
  }
  out[at] = 0x5d; // ]
  return out;
}

/**
 * What a route sends: {@link writeAnswer}'s text; for a frozen object the bytes of that text,
 * encoded once; for a list of frozen items the bytes of the list, from each item's bytes encoded
 * once (into `alloc`'s buffer: the route's reusable blocks, `answer-blocks.ts`). A cached answer
 * sent again then costs neither the UTF-8 encoding of the socket write nor the byte count of its
 * content-length.
 */
export function sendableAnswer(serialise: (answer: unknown) => string, answer: unknown, alloc: (size: number) => Buffer = Buffer.allocUnsafe): string | Buffer {
  if (answer === null || typeof answer !== 'object') return writeAnswer(serialise, answer);
  if (Array.isArray(answer)) return answer.length > 0 && allFrozen(answer) ? listBytes(serialise, answer as object[], alloc) : writeAnswer(serialise, answer);
  if (!Object.isFrozen(answer)) return writeAnswer(serialise, answer);
  return cached(answerBytes, serialise, answer, (a) => Buffer.from(serialise(a), 'utf8'));
}
