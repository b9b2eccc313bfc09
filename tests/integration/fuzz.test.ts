/**
 * Fuzzing of every declared call, generated from the endpoint catalogue's zod schemas (through
 * zod's JSON Schema conversion and a small JSON-Schema-to-arbitrary mapper: zod-fast-check does
 * not support zod 4), with fast-check on a fixed seed.
 *
 * Each call is fuzzed as a global user (super user or staff: every inventory) and as a non-global
 * user (luc_regular, else luc_admin, else another admitted role: their inventories and groups
 * only), each as far as the call admits them:
 * 1. malformed inputs — wrong types, missing fields, over-long and odd strings, huge and negative
 *    numbers, unknown keys, odd path parameters, invalid JSON — are answered 4xx (never 5xx) and
 *    change nothing: every table of the schema (tests/support/db-snapshot.ts reads them all,
 *    listed from Prisma's model names; only what devices write on their own is left out) holds
 *    the same rows after the last malformed request as before the first (the rows that differ are
 *    listed). Every malformed call runs before any accepted one, so nothing a valid call started
 *    can change them meanwhile.
 * 2. valid inputs at the boundaries (edge lengths and values, the generator's accepted cases) may
 *    be accepted and change state, but are never answered 5xx.
 * A generated request counts as malformed exactly when one of the parts the route declares
 * (params, query, body) fails its schema, as the router decides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { catalogue, ENDPOINT_IDS, GLOBAL_SCOPE_ROLES, type EndpointDef, type EndpointId, type Role } from '@fleet/contracts';
import { checkDeviceWritten, describeChanges, readAllTables } from '../support/db-snapshot.js';
import { eventually, providers, startTestStack, type TestStack } from '../support/stack.js';
import type { JsonSchema as Js } from '../support/json-schema.js';

fc.configureGlobal({ seed: 42 });

/** Runs per call and caller: malformed inputs, then boundary inputs. Small enough for well under a minute per provider. */
const RUNS = { malformed: 12, boundary: 4 } as const;
/** The catalogue's calls in four parts of about the same size (a test each, for malformed and for boundary input). */
const MALFORMED_PARTS: readonly (readonly EndpointId[])[] = Array.from({ length: 4 }, (_, i) =>
  ENDPOINT_IDS.slice(Math.floor((i * ENDPOINT_IDS.length) / 4), Math.floor(((i + 1) * ENDPOINT_IDS.length) / 4)),
);
/** Calls that end the fuzz unit's life; their boundary runs come last. */
const DESTRUCTIVE = /^(deleteAdminUnit|deregisterAdminUnit|shutdownUnit)$|Reboot/;

// ── JSON Schema → arbitrary ───────────────────────────────────────────────────────────────────

type Schema = NonNullable<EndpointDef['body']>;

/** The schema's input JSON Schema (zod 4's own conversion; tests do not import zod itself). */
function toJs(schema: Schema): Js {
  return schema.toJSONSchema({ io: 'input', unrepresentable: 'any' }) as Js;
}

/** An optional body's inner schema. */
function unwrapOptional(schema: Schema): Schema {
  return schema.def.type === 'optional' ? (schema as unknown as { unwrap(): Schema }).unwrap() : schema;
}

/** Values the generator prefers for fields of these names (a meaningful call, not only 404s). */
function hintFor(name: string, ctx: Ctx): unknown[] {
  if (/^(id|uniqueId|unitId|machineUid)$/.test(name)) return [ctx.unitId];
  if (/^groupId$/.test(name)) return ['grp-newsroom'];
  if (/^inventoryId$/.test(name)) return ['inv-global'];
  if (/^channelId$/.test(name)) return ['MMH-0001-CH1'];
  if (/^serviceId$/.test(name)) return ['sla'];
  if (/^n$/.test(name)) return ['1', '2', 1, 2];
  return [];
}

interface Ctx {
  unitId: string;
  root: Js;
}

function resolve(js: Js, ctx: Ctx): Js {
  if (js.$ref) {
    const key = js.$ref.replace(/^#\/\$defs\//, '');
    return ctx.root.$defs?.[key] ?? {};
  }
  return js;
}

/** Arbitrary for values that (mostly) satisfy the schema, biased to boundaries by fast-check. */
function arb(raw: Js, ctx: Ctx, depth = 0, name = ''): fc.Arbitrary<unknown> {
  const js = resolve(raw, ctx);
  if (depth > 4) return fc.constant(js.default ?? null);
  const hints = hintFor(name, ctx);
  const withHints = (a: fc.Arbitrary<unknown>) =>
    hints.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...hints), weight: 3 }, { arbitrary: a, weight: 1 }) : a;
  if ('const' in js) return fc.constant(js.const);
  if (js.enum) return fc.constantFrom(...js.enum);
  const alts = js.anyOf ?? js.oneOf;
  if (alts && alts.length > 0) return fc.oneof(...alts.map((a) => arb(a, ctx, depth + 1, name)));
  if (js.allOf && js.allOf[0]) return arb(js.allOf[0], ctx, depth + 1, name);
  const types = Array.isArray(js.type) ? js.type : js.type ? [js.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((t) => arb({ ...js, type: t }, ctx, depth, name)));
  switch (types[0]) {
    case 'string':
      return withHints(stringArb(js));
    case 'integer':
      return fc.integer({ min: Math.max(js.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER), max: Math.min(js.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER) });
    case 'number':
      return fc.double({ min: js.minimum ?? -1e6, max: js.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (js.prefixItems) return fc.tuple(...js.prefixItems.map((p) => arb(p, ctx, depth + 1)));
      return fc.array(arb(js.items ?? {}, ctx, depth + 1, name.replace(/s$/, '')), {
        minLength: js.minItems ?? 0,
        maxLength: Math.min(js.maxItems ?? 4, Math.max(js.minItems ?? 0, 4)),
      });
    case 'object': {
      if (js.properties) {
        const keys = Object.keys(js.properties);
        const model = Object.fromEntries(keys.map((k) => [k, arb(js.properties![k]!, ctx, depth + 1, k)]));
        return fc.record(model, { requiredKeys: (js.required ?? []).filter((k) => keys.includes(k)) });
      }
      if (js.additionalProperties && typeof js.additionalProperties === 'object') {
        const keyArb = js.propertyNames?.enum ? fc.constantFrom(...(js.propertyNames.enum as string[])) : fc.string({ minLength: 1, maxLength: 12 });
        return fc.dictionary(keyArb, arb(js.additionalProperties, ctx, depth + 1), { maxKeys: 3 });
      }
      return fc.constant({});
    }
    default:
      return withHints(fc.jsonValue({ maxDepth: 2 }));
  }
}

function stringArb(js: Js): fc.Arbitrary<string> {
  const min = js.minLength ?? 0;
  const max = Math.min(js.maxLength ?? 64, 2048);
  const fits = (s: string) => s.length >= min && s.length <= (js.maxLength ?? Infinity);
  if (js.pattern) {
    let re: RegExp;
    try {
      re = new RegExp(js.pattern);
    } catch {
      return fc.string({ minLength: min, maxLength: max });
    }
    return fc.stringMatching(re).filter(fits);
  }
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }),
    fc.constant('a'.repeat(Math.max(min, Math.min(max, js.maxLength ?? max)))),
  );
}

// ── malformed values ───────────────────────────────────────────────────────────────────────────

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'x\u0000y',
  '😀'.repeat(40),
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '%00',
  '\n\t',
  'x'.repeat(5000),
];
const ODD_NUMBERS = [-1, -(2 ** 31), 2 ** 53 + 2, 1e21, 1e308, -1e308, 0.5, -0.5];
const OTHER_TYPES: unknown[] = [42, 'text', true, null, [], [1, 'a'], { nested: { x: 1 } }];

type Mutation = 'wrongType' | 'dropRequired' | 'overlong' | 'oddString' | 'oddNumber' | 'unknownKey' | 'nullify' | 'wrongFieldType';
const MUTATIONS: Mutation[] = ['wrongType', 'dropRequired', 'overlong', 'oddString', 'oddNumber', 'unknownKey', 'nullify', 'wrongFieldType'];

/** Apply one mutation to a generated object value; `pick` chooses the field. */
function mutate(value: unknown, js: Js, ctx: Ctx, m: Mutation, pick: number, alt: number): unknown {
  const schema = resolve(js, ctx);
  if (m === 'wrongType' || typeof value !== 'object' || value === null || Array.isArray(value)) {
    return OTHER_TYPES[alt % OTHER_TYPES.length];
  }
  const obj = { ...(value as Record<string, unknown>) };
  const props = Object.keys(schema.properties ?? {});
  const key = props.length > 0 ? props[pick % props.length]! : '__fuzz__';
  const field = resolve(schema.properties?.[key] ?? {}, ctx);
  switch (m) {
    case 'dropRequired': {
      const req = schema.required ?? [];
      if (req.length > 0) delete obj[req[pick % req.length]!];
      else obj.__fuzz__ = 1;
      return obj;
    }
    case 'overlong':
      obj[key] = 'x'.repeat((field.maxLength ?? 4096) + 1 + (alt % 3) * 1000);
      return obj;
    case 'oddString':
      obj[key] = ODD_STRINGS[alt % ODD_STRINGS.length];
      return obj;
    case 'oddNumber':
      obj[key] = ODD_NUMBERS[alt % ODD_NUMBERS.length];
      return obj;
    case 'unknownKey':
      obj[`__fuzz_${alt % 5}__`] = OTHER_TYPES[alt % OTHER_TYPES.length];
      return obj;
    case 'nullify':
      obj[key] = null;
      return obj;
    case 'wrongFieldType':
      obj[key] = OTHER_TYPES[alt % OTHER_TYPES.length];
      return obj;
  }
}

// ── requests ───────────────────────────────────────────────────────────────────────────────────

interface FuzzRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  /** A value to send as JSON, or a raw text payload (invalid JSON). */
  body: { json: unknown } | { raw: string } | undefined;
}

function pathParamNames(def: EndpointDef): string[] {
  return [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

function paramsArb(def: EndpointDef, ctx: Ctx): fc.Arbitrary<Record<string, string>> {
  const names = pathParamNames(def);
  if (names.length === 0) return fc.constant({});
  const js = def.params ? toJs(def.params) : { properties: {} };
  const pctx = { ...ctx, root: js };
  return fc.record(Object.fromEntries(names.map((n) => [n, arb(js.properties?.[n] ?? { type: 'string' }, pctx, 1, n).map(String)])));
}

function queryArb(def: EndpointDef, ctx: Ctx): fc.Arbitrary<Record<string, string>> {
  if (!def.query) return fc.constant({});
  const js = toJs(def.query);
  return arb(js, { ...ctx, root: js }).map((q) =>
    Object.fromEntries(Object.entries((q ?? {}) as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])),
  );
}

function bodyArb(def: EndpointDef, ctx: Ctx): fc.Arbitrary<FuzzRequest['body']> {
  if (!def.body) return fc.constant(undefined);
  const optional = def.body.safeParse(undefined).success;
  const js = toJs(unwrapOptional(def.body));
  const valid = arb(js, { ...ctx, root: js }).map((json) => ({ json }));
  return optional ? fc.oneof(fc.constant(undefined), valid) : valid;
}

/** A request made of values the schemas (mostly) accept. */
function validishArb(def: EndpointDef, ctx: Ctx): fc.Arbitrary<FuzzRequest> {
  return fc.record({ params: paramsArb(def, ctx), query: queryArb(def, ctx), body: bodyArb(def, ctx) });
}

/** A request with one malformed part. */
function malformedArb(def: EndpointDef, ctx: Ctx): fc.Arbitrary<FuzzRequest> {
  const parts: ('params' | 'query' | 'body' | 'json')[] = [
    ...(pathParamNames(def).length > 0 ? (['params'] as const) : []),
    ...(def.query ? (['query'] as const) : []),
    ...(def.body ? (['body', 'json'] as const) : []),
  ];
  if (parts.length === 0) return fc.constant({ params: {}, query: {}, body: undefined });
  return fc.tuple(validishArb(def, ctx), fc.constantFrom(...parts), fc.constantFrom(...MUTATIONS), fc.nat(), fc.nat()).map(([base, part, m, pick, alt]) => {
    switch (part) {
      case 'params': {
        const names = pathParamNames(def);
        const n = names[pick % names.length]!;
        const odd = [...ODD_STRINGS, 'x'.repeat(300), '-1', '0', '1e309', 'null'][alt % (ODD_STRINGS.length + 4)]!;
        return { ...base, params: { ...base.params, [n]: odd } };
      }
      case 'query': {
        const js = toJs(def.query!);
        const q = mutate(base.query, js, { ...ctx, root: js }, m === 'wrongType' ? 'unknownKey' : m, pick, alt) as Record<string, unknown>;
        return { ...base, query: Object.fromEntries(Object.entries(q).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])) };
      }
      case 'json': {
        const texts = ['{"a":', '{not json', '[1,2', '"unterminated', '{"a":1}}', 'nul'];
        return { ...base, body: { raw: texts[alt % texts.length]! } };
      }
      case 'body': {
        const js = toJs(unwrapOptional(def.body!));
        const json = base.body && 'json' in base.body ? base.body.json : {};
        return { ...base, body: { json: mutate(json, js, { ...ctx, root: js }, m, pick, alt) } };
      }
    }
  });
}

/** Whether the router refuses the request at input validation (one declared part fails its schema). */
function isMalformed(def: EndpointDef, r: FuzzRequest): boolean {
  if (r.body && 'raw' in r.body) return true;
  if (def.params && !def.params.safeParse(r.params).success) return true;
  if (Object.values(r.params).some((v) => v === '')) return true; // an empty path segment does not reach the route
  if (def.query && !def.query.safeParse(r.query).success) return true;
  if (def.body) {
    const json = r.body ? JSON.parse(JSON.stringify(r.body.json) ?? 'null') : undefined;
    if (!def.body.safeParse(json).success) return true;
  }
  return false;
}

// ── callers ────────────────────────────────────────────────────────────────────────────────────

/**
 * Who fuzzes a call: a global role (super user, else staff) and a non-global one (luc_regular,
 * else luc_admin, else the first other admitted role), as far as the call admits them.
 */
function callersOf(def: EndpointDef): Role[] {
  const roles = def.roles as readonly Role[];
  const global = (['super_user', 'staff'] as const).find((r) => roles.includes(r));
  const nonGlobal = (['luc_regular', 'luc_admin'] as const).find((r) => roles.includes(r)) ?? roles.find((r) => !GLOBAL_SCOPE_ROLES.includes(r));
  return [...(global ? [global] : []), ...(nonGlobal ? [nonGlobal] : [])];
}

// ── the test ───────────────────────────────────────────────────────────────────────────────────

describe.each(providers())('fuzzing every declared call on %s', (provider) => {
  let s: TestStack;
  let unitId: string;
  const cookies = new Map<Role, string>();

  beforeAll(async () => {
    s = await startTestStack({ provider });
    // A unit of its own for the fuzz, in an inventory and a group every non-global seeded user sees.
    const su = await cookieFor('super_user');
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/v2/admin/units',
      headers: { cookie: su },
      payload: {
        name: 'Fuzz-Unit',
        typeGroup: 'fieldUnits',
        productType: 'LU800',
        serialNumber: 'FUZZ0001',
        inventoryId: 'inv-global',
        groupIds: ['grp-newsroom'],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    unitId = created.json().uniqueId;
    await eventually(async () => (await s.app.inject({ method: 'GET', url: `/api/v2/units/${unitId}`, headers: { cookie: su } })).json().status === 'idle');
    // Every caller logs in now: a session is a row, and the malformed phase expects no new rows.
    for (const role of new Set(ENDPOINT_IDS.flatMap((id) => callersOf(catalogue[id])))) await cookieFor(role);
  });
  afterAll(async () => s?.close());

  async function cookieFor(role: Role): Promise<string> {
    let c = cookies.get(role);
    if (!c) {
      c = await s.login(role);
      cookies.set(role, c);
    }
    return c;
  }

  async function send(def: EndpointDef, r: FuzzRequest, role: Role) {
    const path = def.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(r.params[n] ?? ''));
    const qs = new URLSearchParams(r.query).toString();
    const headers: Record<string, string> = { cookie: await cookieFor(role) };
    let payload: string | undefined;
    if (r.body) {
      headers['content-type'] = 'application/json';
      payload = 'raw' in r.body ? r.body.raw : JSON.stringify(r.body.json);
    }
    const res = await s.app.inject({
      method: def.method,
      url: `${s.config.CORE_PREFIX}${path}${qs ? `?${qs}` : ''}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    const key = String(res.statusCode);
    stats.set(key, (stats.get(key) ?? 0) + 1);
    const scope = GLOBAL_SCOPE_ROLES.includes(role) ? 'global' : 'non-global';
    sentAs.set(scope, (sentAs.get(scope) ?? 0) + 1);
    return res;
  }
  /** Answers by status code, and requests by kind of caller, per phase (the test checks that it really sent them). */
  const stats = new Map<string, number>();
  const sentAs = new Map<'global' | 'non-global', number>();
  const batchesAs = new Map<'global' | 'non-global', number>();

  const ctx = (): Ctx => ({ unitId, root: {} });

  /** Run one call's property; a failure is recorded (with fast-check's counterexample) and the next call goes on. */
  async function collect(failures: string[], id: string, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (e) {
      // fast-check reports the property's own error as the cause (the request and the answer).
      const inner = e instanceof Error && e.cause instanceof Error ? e.cause : e;
      const message = inner instanceof Error ? inner.message : String(inner);
      failures.push(`${id}: ${message.split('\n').find((l) => l.includes('→')) ?? message.split('\n')[0]}`);
    }
  }
  /** Accepted-looking requests met while fuzzing malformed ones; sent in the boundary phase. */
  const boundaryPool = new Map<EndpointId, Map<string, FuzzRequest>>();

  // Malformed input, the calls in parts (a test each, so that no one test holds the whole catalogue's requests): every
  // answer 4xx, and every table as it was before the first malformed request.
  let before: Awaited<ReturnType<typeof readAllTables>> | undefined;
  let batches = 0;
  it('reads every table before the malformed requests', async () => {
    expect(await checkDeviceWritten(s.app.services.db)).toEqual([]);
    before = await readAllTables(s.app.services.db);
  });

  for (const [part, ids] of MALFORMED_PARTS.entries()) {
    it(`answers malformed input to every declared call with 4xx, never 5xx (calls ${part + 1} of ${MALFORMED_PARTS.length})`, async () => {
      expect(before, 'the tables were read first').toBeDefined();
      const failures: string[] = [];
      for (const id of ids) {
        const def: EndpointDef = catalogue[id];
        for (const role of callersOf(def)) {
          batches++;
          const kind = GLOBAL_SCOPE_ROLES.includes(role) ? 'global' : 'non-global';
          batchesAs.set(kind, (batchesAs.get(kind) ?? 0) + 1);
          await collect(failures, `${id} as ${role}`, () =>
            fc.assert(
              fc.asyncProperty(malformedArb(def, ctx()), async (r) => {
                if (!isMalformed(def, r)) {
                  const pool = boundaryPool.get(id) ?? new Map<string, FuzzRequest>();
                  pool.set(JSON.stringify(r), r);
                  boundaryPool.set(id, pool);
                  return;
                }
                const res = await send(def, r, role);
                const what = `${JSON.stringify(r).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
                if (res.statusCode < 400 || res.statusCode >= 500) throw new Error(what);
              }),
              { numRuns: RUNS.malformed, endOnFailure: true },
            ),
          );
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('changes nothing with malformed input, and sent it as both kinds of caller', async () => {
    // Every table as it was before the first malformed request (the rows that differ are listed).
    expect(describeChanges(before!, await readAllTables(s.app.services.db)).map((change) => `changed by malformed requests: ${change}`)).toEqual([]);
    const sent = [...stats.values()].reduce((a, b) => a + b, 0);
    console.info(`malformed: ${sent} requests`, Object.fromEntries(stats), Object.fromEntries(sentAs));
    // A call whose only input is an id has little to malform (an empty or overlong id): a quarter
    // of the runs per batch on average.
    expect(sent).toBeGreaterThan(batches * (RUNS.malformed / 4));
    // Both kinds of caller really sent malformed requests (most calls admit both). Per batch, not
    // per call: a call whose only input is an id has little to malform (an empty or overlong id),
    // so the bound is an eighth of the runs of each kind's batches.
    expect(sentAs.get('non-global') ?? 0).toBeGreaterThan((batchesAs.get('non-global') ?? 0) * (RUNS.malformed / 8));
    expect(sentAs.get('global') ?? 0).toBeGreaterThan((batchesAs.get('global') ?? 0) * (RUNS.malformed / 8));
    stats.clear();
    sentAs.clear();
  });

  // Boundary input, the calls in parts as above, the destructive ones last (they may end the fuzz unit's life).
  const boundaryOrder = [...ENDPOINT_IDS].sort((a, b) => Number(DESTRUCTIVE.test(a)) - Number(DESTRUCTIVE.test(b)));
  let boundaryBatches = 0;
  for (let part = 0; part < MALFORMED_PARTS.length; part++) {
    const ids = boundaryOrder.slice(
      Math.floor((part * boundaryOrder.length) / MALFORMED_PARTS.length),
      Math.floor(((part + 1) * boundaryOrder.length) / MALFORMED_PARTS.length),
    );
    it(`answers boundary input to every declared call without 5xx (calls ${part + 1} of ${MALFORMED_PARTS.length})`, async () => {
      const failures: string[] = [];
      for (const id of ids) {
        const def: EndpointDef = catalogue[id];
        // The non-global caller first: the global one may end the fuzz unit's life (destructive calls).
        for (const role of [...callersOf(def)].reverse()) {
          boundaryBatches++;
          const check = async (r: FuzzRequest) => {
            const res = await send(def, r, role);
            if (res.statusCode >= 500) throw new Error(`${JSON.stringify(r).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          };
          await collect(failures, `${id} as ${role}`, async () => {
            for (const r of boundaryPool.get(id)?.values() ?? []) await check(r);
            await fc.assert(fc.asyncProperty(validishArb(def, ctx()), check), { numRuns: RUNS.boundary, endOnFailure: true });
          });
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('sent boundary input as a non-global caller too, and some of it was accepted', () => {
    const sent = [...stats.values()].reduce((a, b) => a + b, 0);
    console.info(`boundary: ${sent} requests`, Object.fromEntries(stats), Object.fromEntries(sentAs));
    expect(sent).toBeGreaterThanOrEqual(boundaryBatches * RUNS.boundary);
    expect(sentAs.get('non-global') ?? 0).toBeGreaterThan(0);
    // Some boundary inputs are accepted: the generator reaches the handlers, not only validation.
    expect([...stats.keys()].some((k) => k.startsWith('2'))).toBe(true);
  });
});
