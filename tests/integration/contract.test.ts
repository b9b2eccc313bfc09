/**
 * The contract as a third-party tool checks it: requests generated from the served OpenAPI document
 * (/docs/openapi.json, not the catalogue), a few per operation on a fixed seed, sent as the super user,
 * with the checks a schema-driven fuzzer (Schemathesis) makes:
 * - no answer is 5xx, and every status answered is one the operation documents;
 * - a request the document says is valid is accepted (2xx), unless a business rule refuses it: an id
 *   the document allows that names no object (404), a state, uniqueness or licence rule (409, 402,
 *   422, 503); a 400 for a valid request is a failure unless tests/integration/contract-allowed.json
 *   lists it with its reason (a cross-field rule of the spec that a schema cannot state);
 * - a request the document says is invalid (a wrong type, a missing required field, an unknown key
 *   where none is allowed) is refused with 4xx;
 * - a method the path does not declare answers 405 with `Allow`;
 * - an accepted answer is valid against its schema (the catalogue's, from which the document's is made).
 * Time-bounded (BUDGET_MS): the operations are visited in a seeded order and the test says how many it
 * reached.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { catalogue, type EndpointDef, type EndpointId } from '@fleet/contracts';
import { startTestStack, type TestStack } from '../support/stack.js';
import type { JsonSchema as Js } from '../support/json-schema.js';

const SEED = 60;
/** Valid-by-document requests per operation, and invalid ones. */
const RUNS = { valid: 4, invalid: 2 } as const;
/** The time the operations are given; what is not reached in it is reported. */
const BUDGET_MS = 45_000;
/** Statuses a business rule can answer a valid request with (the kinds in apps/core/README.md). */
const BUSINESS_STATUSES = new Set([402, 403, 404, 409, 413, 415, 422, 502, 503]);

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Js;
}
interface Operation {
  operationId: EndpointId;
  parameters: Parameter[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: Js } } };
  responses: Record<string, unknown>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Js> };
}
interface Allowed {
  operationId: string;
  status: number;
  /** The fields (paths without item indexes) the refusal may name. */
  fields: string[];
  kind: 'reference' | 'crossField' | 'content';
  reason: string;
}

const ALLOWED: Allowed[] = JSON.parse(readFileSync(fileURLToPath(new URL('./contract-allowed.json', import.meta.url)), 'utf8')).allowed;

// ── JSON Schema (as the document holds it) → arbitrary ─────────────────────────────────────────

function arbOf(doc: Document, raw: Js, depth = 0): fc.Arbitrary<unknown> {
  const js = raw.$ref ? (doc.components.schemas[raw.$ref.replace('#/components/schemas/', '')] ?? {}) : raw;
  if (depth > 5) return fc.constant(null);
  if ('const' in js) return fc.constant(js.const);
  if (js.enum) return fc.constantFrom(...js.enum);
  const alts = js.anyOf ?? js.oneOf;
  if (alts?.length && js.properties) {
    // An object with a rule across its fields: its properties, then one of the alternatives' over them.
    const { anyOf: _any, oneOf: _one, ...base } = js;
    return fc
      .tuple(arbOf(doc, base, depth), fc.oneof(...alts.map((a) => arbOf(doc, { type: 'object', ...a }, depth + 1))))
      .map(([b, a]) => ({ ...(b as object), ...(a as object) }));
  }
  if (alts?.length) return fc.oneof(...alts.map((a) => arbOf(doc, a, depth + 1)));
  if (js.allOf?.[0]) return arbOf(doc, js.allOf[0], depth + 1);
  const types = Array.isArray(js.type) ? js.type : js.type ? [js.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((t) => arbOf(doc, { ...js, type: t }, depth)));
  switch (types[0]) {
    case 'string':
      return stringArb(js);
    case 'integer':
    case 'number': {
      const min = js.minimum ?? (js.exclusiveMinimum !== undefined ? js.exclusiveMinimum + 1 : -1000);
      const max = js.maximum ?? (js.exclusiveMaximum !== undefined ? js.exclusiveMaximum - 1 : 1000);
      return fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (js.prefixItems) return fc.tuple(...js.prefixItems.map((p) => arbOf(doc, p, depth + 1)));
      return fc.array(arbOf(doc, js.items ?? {}, depth + 1), {
        minLength: js.minItems ?? 0,
        maxLength: Math.min(js.maxItems ?? 3, Math.max(js.minItems ?? 0, 3)),
      });
    case 'object': {
      const props = js.properties ?? {};
      const keys = Object.keys(props);
      return fc.record(Object.fromEntries(keys.map((k) => [k, arbOf(doc, props[k]!, depth + 1)])), {
        requiredKeys: (js.required ?? []).filter((k) => keys.includes(k)),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function stringArb(js: Js): fc.Arbitrary<string> {
  const min = js.minLength ?? 0;
  const max = Math.min(js.maxLength ?? 40, 200);
  const fits = (s: string) => s.length >= min && s.length <= (js.maxLength ?? Infinity);
  if (js.format === 'date-time') return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (js.format === 'email') return fc.constantFrom('a.b@example.com', 'ops@example.org');
  if (js.pattern) return fc.stringMatching(new RegExp(js.pattern, 'u')).filter(fits);
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' }).filter(fits);
}

/** A value the schema refuses: the wrong type for it, or for one of its fields; a required field left out; an unknown key where none is allowed. */
function invalidOf(doc: Document, raw: Js, value: unknown, pick: number): unknown | undefined {
  const js = raw.$ref ? (doc.components.schemas[raw.$ref.replace('#/components/schemas/', '')] ?? {}) : raw;
  if (js.type === 'object' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const obj = { ...(value as Record<string, unknown>) };
    const required = js.required ?? [];
    if (pick % 3 === 0 && required.length > 0) {
      delete obj[required[pick % required.length]!];
      return obj;
    }
    if (pick % 3 === 1 && js.additionalProperties === false) return { ...obj, unexpectedField: 1 };
    const typed = Object.entries(js.properties ?? {}).filter(([, p]) => typeof p.type === 'string' && p.type !== 'null' && !p.anyOf);
    const [key, prop] = typed[pick % Math.max(typed.length, 1)] ?? [];
    if (key && prop) return { ...obj, [key]: prop.type === 'string' ? 12345 : 'not-a-' + String(prop.type) };
  }
  if (typeof js.type === 'string' && !js.anyOf) return js.type === 'object' ? 'not-an-object' : { unexpected: true };
  return undefined;
}

// ── the check ──────────────────────────────────────────────────────────────────────────────────

describe('the contract, checked from the served OpenAPI document', () => {
  let s: TestStack;
  let cookie: string;
  let doc: Document;

  beforeAll(async () => {
    s = await startTestStack({ provider: 'sqlite' });
    cookie = await s.login('super_user');
    doc = (await s.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json() as Document;
  });
  afterAll(async () => s?.close());

  it('answers every operation as its document says (no 5xx, documented statuses, valid accepted, invalid refused, 405, answers valid)', async () => {
    const failures: string[] = [];
    const seen = new Map<string, number>();
    const ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
    // Destructive calls last, so that what they remove does not starve the rest.
    const order = fc.sample(fc.shuffledSubarray(ops, { minLength: ops.length, maxLength: ops.length }), { seed: SEED, numRuns: 1 })[0]!;
    order.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const deadline = Date.now() + BUDGET_MS;
    let reached = 0;

    const send = async (method: string, path: string, params: Record<string, unknown>, query: Record<string, unknown>, body: unknown, hasBody: boolean) => {
      const url = path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(String(params[n])));
      const qs = new URLSearchParams(
        Object.entries(query)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ).toString();
      return s.app.inject({
        method: method as 'GET',
        url: `${url}${qs ? `?${qs}` : ''}`,
        headers: { cookie, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
        ...(hasBody ? { payload: JSON.stringify(body) } : {}),
      });
    };

    for (const { path, method, op } of order) {
      if (Date.now() > deadline) break;
      reached++;
      const def: EndpointDef = catalogue[op.operationId];
      const documented = new Set(Object.keys(op.responses).map(Number));
      const success = def.successStatus ?? 200;
      const paramArb = (where: 'path' | 'query') =>
        fc.record(Object.fromEntries(op.parameters.filter((p) => p.in === where).map((p) => [p.name, arbOf(doc, p.schema)])), {
          requiredKeys: op.parameters.filter((p) => p.in === where && p.required).map((p) => p.name),
        });
      const bodySchema = op.requestBody?.content['application/json'].schema;
      const requestArb = fc.record({ params: paramArb('path'), query: paramArb('query'), body: bodySchema ? arbOf(doc, bodySchema) : fc.constant(undefined) });
      const samples = fc.sample(requestArb, { seed: SEED, numRuns: RUNS.valid + RUNS.invalid });
      const note = (kind: string, status: number, detail: string) =>
        failures.push(`${op.operationId} (${method} ${path}) ${kind}: ${status} ${detail}`.slice(0, 400));

      for (const [i, r] of samples.entries()) {
        const invalid = i >= RUNS.valid;
        const params = r.params as Record<string, unknown>;
        // An empty path segment is another path: a valid request never has one.
        if (Object.values(params).some((v) => String(v) === '')) continue;
        let body: unknown = r.body;
        if (invalid) {
          if (!bodySchema) continue;
          body = invalidOf(doc, bodySchema, r.body, i);
          if (body === undefined) continue;
        }
        const res = await send(method, path, params, r.query as Record<string, unknown>, body, bodySchema !== undefined && (body !== undefined || invalid));
        seen.set(String(res.statusCode), (seen.get(String(res.statusCode)) ?? 0) + 1);
        const code = res.statusCode >= 400 ? (res.json() as { error?: { code?: string } }).error?.code : undefined;
        if (res.statusCode >= 500) note('server error', res.statusCode, res.body);
        else if (!documented.has(res.statusCode)) note('undocumented status', res.statusCode, res.body);
        if (invalid) {
          if (res.statusCode < 400) note('invalid request accepted', res.statusCode, JSON.stringify(body));
          continue;
        }
        if (res.statusCode === success) {
          const parsed = def.response.safeParse(res.json());
          if (!parsed.success) note('answer not valid against its schema', res.statusCode, parsed.error.message);
        } else if (res.statusCode === 400) {
          const named = ((res.json() as { error: { fields?: { path: string }[] } }).error.fields ?? []).map((f) => f.path.replace(/\.\d+/g, ''));
          const listed = ALLOWED.some(
            (a) => a.status === 400 && a.operationId === op.operationId && named.length > 0 && named.every((f) => a.fields.includes(f)),
          );
          if (!listed) note('valid request refused', 400, `${res.body} for ${JSON.stringify(r)}`);
        } else if (!BUSINESS_STATUSES.has(res.statusCode) && res.statusCode < 500) note('valid request refused', res.statusCode, `${code}`);
      }

      // A method the path does not declare: 405 with Allow.
      const declared = Object.keys(doc.paths[path]!).map((m) => m.toUpperCase());
      const other = ['PATCH', 'PUT', 'POST', 'DELETE'].find((m) => !declared.includes(m));
      if (other && samples[0]) {
        const res = await send(other, path, samples[0].params as Record<string, unknown>, {}, undefined, false);
        if (res.statusCode !== 405 || !res.headers.allow) note(`undeclared method ${other}`, res.statusCode, String(res.headers.allow));
      }
    }
    // A body over the limit (1 MB): 413 in the product's envelope, documented on the operation.
    const withBody = order.find(({ op }) => op.requestBody && !op.parameters.some((p) => p.in === 'path'));
    if (withBody) {
      const res = await send(withBody.method, withBody.path, {}, {}, { padding: 'x'.repeat(1024 * 1024 + 1) }, true);
      if (res.statusCode !== 413 || (res.json() as { error?: { code?: string } }).error?.code !== 'BODY_TOO_LARGE' || !withBody.op.responses['413'])
        failures.push(`${withBody.op.operationId} body over the limit: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    // Every excuse names an operation of the document.
    const ids = new Set(ops.map(({ op }) => op.operationId as string));
    for (const a of ALLOWED) if (!ids.has(a.operationId)) failures.push(`contract-allowed.json: ${a.operationId} is no operation of the document`);
    console.log(`contract: ${reached} of ${order.length} operations in the budget`, Object.fromEntries(seen));
    expect(failures).toEqual([]);
    expect(reached).toBeGreaterThan(order.length / 2);
  }, 120_000);
});
