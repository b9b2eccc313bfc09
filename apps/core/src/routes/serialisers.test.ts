/**
 * The compiled serialisers write, for every answer a response schema accepts, exactly the bytes of
 * `JSON.stringify(schema.parse(answer))`; where that cannot hold, the call keeps the zod parse.
 *
 * Answers are generated from each response schema's *input* JSON Schema (what a service may hand
 * the route: keys zod strips, optional keys absent or explicitly undefined, record keys such as
 * `__proto__` and integer-like keys, strings that need escaping), kept when zod accepts them, and
 * written by the serialiser Fastify compiles from the call's serialisation schema.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Fastify from 'fastify';
import { z } from 'zod';
import { catalogue, ENDPOINT_IDS, type EndpointId } from '@fleet/contracts';
import { LIST_PIECE, responsePlans, sendableAnswer, serialisationSchema, writeAnswer, type JsonSchema } from './serialisers.js';

fc.configureGlobal({ seed: 7 });

type Serialise = (answer: unknown) => string;

/** Compile each schema with Fastify's own serialiser compiler (as the routes do). */
async function compile(schemas: readonly JsonSchema[]): Promise<Serialise[]> {
  const app = Fastify();
  const compiled: Serialise[] = [];
  schemas.forEach((schema, i) => {
    app.get(`/${i}`, { schema: { response: { 200: schema } } }, async (_req, reply) => {
      // Fastify types the compiled function for object answers; it serialises whatever it is given.
      compiled[i] = reply.getSerializationFunction('200') as Serialise;
      return reply.send();
    });
  });
  for (let i = 0; i < schemas.length; i++) await app.inject({ method: 'GET', url: `/${i}` });
  await app.close();
  return compiled;
}

async function compileOne(schema: z.ZodType): Promise<Serialise> {
  const r = serialisationSchema(schema);
  if (!('schema' in r)) throw new Error(`not compiled: ${r.reason}`);
  const [serialise] = await compile([r.schema]);
  return serialise!;
}

// ── answers from a JSON Schema ─────────────────────────────────────────────────────────────────

type Node = z.core.JSONSchema.JSONSchema;

/** Strings that take every escaping path of a serialiser: quotes, controls, lone surrogates, length. */
const AWKWARD = [
  '',
  '"',
  '\\',
  'a"b\\c',
  '\u0000\u001f',
  '\n\r\t',
  '\ud800',
  'x\udc00y',
  '😀',
  '\u2028\u2029',
  'é'.repeat(50),
  `${'x'.repeat(60)}"`,
  `${'y'.repeat(5100)}\n`,
];
/** Record and extra keys that objects treat specially (`__proto__` gets its own share below). */
const AWKWARD_KEYS = ['constructor', '10', '2', '', 'a"b', 'toJSON'];

function stringOf(node: Node): fc.Arbitrary<string> {
  const min = node.minLength ?? 0;
  const max = node.maxLength ?? Number.MAX_SAFE_INTEGER;
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (node.pattern) return fc.stringMatching(new RegExp(node.pattern)).filter(fits);
  const padded = AWKWARD.map((s) => s.padEnd(min, 'p')).filter(fits);
  const free = fc.string({ minLength: min, maxLength: Math.min(max, min + 12), unit: 'binary' });
  return padded.length > 0 ? fc.oneof(free, fc.constantFrom(...padded)) : free;
}

function numberOf(node: Node, integer: boolean): fc.Arbitrary<number> {
  const bound = (b: number | boolean | undefined, none: number) => (typeof b === 'number' ? b : none);
  const low = Math.max(bound(node.minimum, -Number.MAX_VALUE), bound(node.exclusiveMinimum, -Number.MAX_VALUE));
  const high = Math.min(bound(node.maximum, Number.MAX_VALUE), bound(node.exclusiveMaximum, Number.MAX_VALUE));
  if (integer) return fc.integer({ min: Math.max(Math.ceil(low), -(2 ** 31)), max: Math.min(Math.floor(high), 2 ** 31) });
  const special = [-0, 0, 0.1, 1e21, 1.5e-7, 123456789.125, low, high].filter((n) => n >= low && n <= high && Number.isFinite(n));
  return fc.oneof(fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(...special));
}

/** An object with these own keys in this order (`__proto__` included, as JSON.parse makes it). */
function ownObject(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}

const keyOf = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom(...AWKWARD_KEYS), fc.constant('__proto__'));

function answerOf(node: Node | boolean | undefined, depth: number): fc.Arbitrary<unknown> {
  if (node === undefined || node === true || (typeof node === 'object' && Object.keys(node).length === 0)) {
    return fc.jsonValue({ maxDepth: 1 });
  }
  if (node === false) return fc.constant(undefined);
  if ('const' in node) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  const options = node.anyOf ?? node.oneOf;
  if (options) return fc.oneof(...options.map((o) => answerOf(o, depth)));
  const types = [node.type ?? []].flat();
  if (types.length > 1) return fc.oneof(...types.map((type) => answerOf({ ...node, type }, depth)));
  switch (types[0]) {
    case 'string':
      return stringOf(node);
    case 'number':
    case 'integer':
      return numberOf(node, types[0] === 'integer');
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (Array.isArray(node.items)) throw new Error('no generator for tuples');
      return fc.array(answerOf(node.items, depth + 1), { minLength: node.minItems ?? 0, maxLength: Math.max(node.minItems ?? 0, depth > 2 ? 1 : 3) });
    case 'object':
      return objectOf(node, depth);
    default:
      throw new Error(`no generator for ${JSON.stringify(node).slice(0, 80)}`);
  }
}

function objectOf(node: Node, depth: number): fc.Arbitrary<unknown> {
  const required = new Set(node.required ?? []);
  // Declared keys: required ones always; others absent, explicitly undefined, or present.
  const declared = Object.entries(node.properties ?? {}).map(([key, s]) =>
    required.has(key)
      ? answerOf(s, depth + 1).map((v) => [[key, v] as const])
      : fc.oneof(
          fc.constant([]),
          fc.constant([[key, undefined] as const]),
          answerOf(s, depth + 1).map((v) => [[key, v] as const]),
        ),
  );
  // Other keys: a record's or catch-all's by their schema, any for an object zod strips (input
  // mode leaves additionalProperties out), none for a strict object (false).
  const extraValue = node.additionalProperties === false ? undefined : answerOf(node.additionalProperties, depth + 1);
  const names = typeof node.propertyNames === 'object' ? node.propertyNames.enum : undefined;
  const extraKey = names ? fc.constantFrom(...(names as string[])) : keyOf;
  const extras = extraValue
    ? fc.array(fc.tuple(extraKey, extraValue), { maxLength: 3 }).map((es) => es.filter(([k]) => !Object.hasOwn(node.properties ?? {}, k)))
    : fc.constant([]);
  return fc.tuple(fc.tuple(...declared), extras, fc.boolean()).map(([d, e, reversed]) => {
    const entries = [...d.flat(), ...e];
    return ownObject(reversed ? entries.reverse() : entries);
  });
}

// ── the catalogue ──────────────────────────────────────────────────────────────────────────────

describe('compiled serialisers of the catalogue answers', () => {
  const plans = responsePlans();
  const compiledIds = ENDPOINT_IDS.filter((id) => plans.get(id)?.kind === 'compiled');

  it('compile every call but those whose schema cannot keep the bytes (these keep the zod parse)', () => {
    const fallbacks = Object.fromEntries([...plans].flatMap(([id, p]) => (p.kind === 'fallback' ? [[id, p.reason]] : [])));
    // z.json() is recursive; fast-json-stringify cannot serialise a recursive union. (Answers
    // carrying stored JSON columns declare them as StoredJsonObject, which compiles.)
    expect(fallbacks).toEqual({
      getUserPreferences: expect.stringContaining('recursive'),
      updateUserPreferences: expect.stringContaining('recursive'),
      getUnitStorageFiles: expect.stringContaining('recursive'),
    });
    expect(compiledIds.length).toBe(ENDPOINT_IDS.length - 3);
  });

  it('write exactly JSON.stringify of the parsed answer, for every answer the schema accepts', async () => {
    const serialisers = await compile(
      compiledIds.map((id) => {
        const plan = plans.get(id);
        if (plan?.kind !== 'compiled') throw new Error(id);
        return plan.schema;
      }),
    );
    const accepted = new Map<EndpointId, number>();
    compiledIds.forEach((id, i) => {
      const schema = catalogue[id].response;
      const input: Node = z.toJSONSchema(schema, { io: 'input', target: 'draft-07' });
      fc.assert(
        fc.property(answerOf(input, 0), (answer) => {
          const parsed = schema.safeParse(answer);
          fc.pre(parsed.success);
          accepted.set(id, (accepted.get(id) ?? 0) + 1);
          // Lists written in pieces of two, so that the generated lists take the piecewise path too.
          expect(writeAnswer(serialisers[i]!, answer, 2), id).toBe(JSON.stringify(parsed.data));
        }),
        { numRuns: 25 },
      );
    });
    // Every call was tried with answers zod accepts (a generator that only made refused ones proves nothing).
    expect(compiledIds.filter((id) => (accepted.get(id) ?? 0) < 25)).toEqual([]);
  }, 120_000);
});

// ── the promise on small schemas ───────────────────────────────────────────────────────────────

describe('serialisation schemas', () => {
  it('keep zod key order when an optional key comes before required ones', async () => {
    const s = z.object({ a: z.string().optional(), b: z.number(), c: z.string().nullable() });
    const write = await compileOne(s);
    const answer = { c: null, b: 1, a: 'x' };
    expect(write(answer)).toBe('{"a":"x","b":1,"c":null}');
    expect(write(answer)).toBe(JSON.stringify(s.parse(answer)));
  });

  it("drop keys zod strips, keep a loose object's other keys, never write __proto__", async () => {
    const strip = await compileOne(z.object({ a: z.string() }));
    expect(strip(JSON.parse('{"a":"x","secret":1,"__proto__":{"b":1}}'))).toBe('{"a":"x"}');
    const loose = z.looseObject({ a: z.string() });
    const answer = JSON.parse('{"a":"x","extra":[1],"__proto__":{"b":1}}');
    expect((await compileOne(loose))(answer)).toBe(JSON.stringify(loose.parse(answer)));
    const record = z.record(z.string(), z.number());
    const rec = JSON.parse('{"b":1,"__proto__":2,"10":3,"2":4}');
    expect((await compileOne(record))(rec)).toBe(JSON.stringify(record.parse(rec)));
  });

  it('dispatch a union on the JSON type of its members', async () => {
    const s = z.object({ network: z.union([z.literal('automatic'), z.object({ mcc: z.string(), mnc: z.string() })]).nullable() });
    const write = await compileOne(s);
    for (const network of ['automatic', { mnc: '01', mcc: '208', x: 1 }, null]) {
      expect(write({ network })).toBe(JSON.stringify(s.parse({ network })));
    }
  });

  it('write a long list piece by piece as one list', async () => {
    const s = z.array(z.object({ name: z.string(), n: z.number().nullable() }));
    const write = await compileOne(s);
    const list = Array.from({ length: LIST_PIECE * 2 + 3 }, (_, i) => ({ extra: i, n: i % 3 ? i / 7 : null, name: `unit "${i}"` }));
    expect(writeAnswer(write, list)).toBe(JSON.stringify(s.parse(list)));
    expect(writeAnswer(write, list.slice(0, 1))).toBe(JSON.stringify(s.parse(list.slice(0, 1))));
    expect(writeAnswer(write, [])).toBe('[]');
  });

  it('write a frozen answer, and each frozen item of a list, once', async () => {
    const s = z.array(z.object({ name: z.string(), n: z.number() }));
    let calls = 0;
    const compiled = await compileOne(s);
    const write = (answer: unknown): string => {
      calls++;
      return compiled(answer);
    };
    const items = Array.from({ length: 5 }, (_, i) => Object.freeze({ name: `u${i}`, n: i, extra: true }));
    expect(writeAnswer(write, items)).toBe(JSON.stringify(s.parse(items)));
    const first = calls;
    // The same frozen items again (one replaced by a new one): only the new one is written.
    const next = [...items.slice(0, 4), Object.freeze({ name: 'new', n: 9 })];
    expect(writeAnswer(write, next)).toBe(JSON.stringify(s.parse(next)));
    expect(calls - first).toBe(1);
    // Unfrozen items are written every time, as a whole list.
    const open = items.map((i) => ({ ...i }));
    expect(writeAnswer(write, open)).toBe(JSON.stringify(s.parse(open)));
    const one = z.object({ name: z.string() });
    const writeOne = await compileOne(one);
    const answer = Object.freeze({ name: 'x', secret: 1 });
    expect(writeAnswer(writeOne, answer)).toBe('{"name":"x"}');
    expect(writeAnswer(writeOne, answer)).toBe('{"name":"x"}');
  });

  it('send a frozen answer as bytes encoded once, anything else as its text', async () => {
    const one = z.object({ name: z.string() });
    let calls = 0;
    const compiled = await compileOne(one);
    const writeOne = (a: unknown) => {
      calls++;
      return compiled(a);
    };
    const frozen = Object.freeze({ name: 'Ünit 7' });
    const bytes = sendableAnswer(writeOne, frozen);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.toString()).toBe('{"name":"Ünit 7"}');
    expect(sendableAnswer(writeOne, frozen)).toBe(bytes);
    expect(calls).toBe(1);
    // An answer that is not frozen may change: written every time, as text.
    const open = { name: 'x' };
    expect(sendableAnswer(writeOne, open)).toBe('{"name":"x"}');
    open.name = 'y';
    expect(sendableAnswer(writeOne, open)).toBe('{"name":"y"}');
  });

  it('send a list of frozen items as bytes, from each item encoded once', async () => {
    const s = z.array(z.object({ name: z.string(), n: z.number().nullable() }));
    let calls = 0;
    const compiled = await compileOne(s);
    const write = (answer: unknown): string => {
      calls++;
      return compiled(answer);
    };
    const items = Array.from({ length: 40 }, (_, i) => Object.freeze({ name: i % 3 ? `Ünit "${i}" 设备` : `u${i}`, n: i % 4 ? i / 7 : null, extra: i }));
    const bytes = sendableAnswer(write, items);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.toString('utf8')).toBe(JSON.stringify(s.parse(items)));
    expect(calls).toBe(items.length);
    // Again, one item replaced and the order changed: only the new item is written.
    const next = [Object.freeze({ name: 'new ✓', n: 1 }), ...items.slice(1).reverse()];
    expect(sendableAnswer(write, next).toString()).toBe(JSON.stringify(s.parse(next)));
    expect(calls).toBe(items.length + 1);
    // One item: no comma; the empty list and a list with an open item: text, as before.
    expect(sendableAnswer(write, items.slice(0, 1)).toString()).toBe(JSON.stringify(s.parse(items.slice(0, 1))));
    expect(sendableAnswer(write, [])).toBe('[]');
    const mixed = [items[0]!, { name: 'open', n: 2 }];
    expect(sendableAnswer(write, mixed)).toBe(JSON.stringify(s.parse(mixed)));
  });

  it('refuse what a serialiser cannot write as zod does', () => {
    const reasonOf = (s: z.ZodType) => {
      const r = serialisationSchema(s);
      return 'reason' in r ? r.reason : 'compiled';
    };
    expect(reasonOf(z.object({ n: z.string().transform(Number) }))).not.toBe('compiled');
    expect(reasonOf(z.object({ n: z.string().default('x') }))).toContain('default');
    expect(reasonOf(z.object({ n: z.coerce.number() }))).toContain('coercion');
    expect(reasonOf(z.object({ n: z.string().trim() }))).toContain('rewrites');
    expect(reasonOf(z.object({ n: z.string().catch('x') }))).toContain('catch');
    expect(reasonOf(z.object({ d: z.date() }))).toContain('date');
    expect(reasonOf(z.discriminatedUnion('k', [z.object({ k: z.literal('a'), a: z.string() }), z.object({ k: z.literal('b'), b: z.number() })]))).toContain(
      'two object shapes',
    );
    expect(reasonOf(z.record(z.enum(['x', 'y']), z.number()))).toContain('key order');
    expect(reasonOf(z.object({ meta: z.json() }))).toContain('recursive');
    expect(reasonOf(z.union([z.object({ a: z.string() }), z.unknown()]))).toContain('accepts anything');
    expect(reasonOf(z.partialRecord(z.enum(['x', 'y']), z.number()))).toBe('compiled');
    expect(reasonOf(z.strictObject({ a: z.string() }))).toBe('compiled');
  });
});
