/**
 * The contract as a third-party tool checks it: requests generated from the served OpenAPI document
 * (/docs/openapi.json, not the catalogue), a few per operation on a fixed seed, sent as the super user,
 * with the checks a schema-driven fuzzer (Schemathesis) makes:
 * - no answer is 5xx, and every status answered is one the operation documents;
 * - positive data acceptance: a request the document says is valid is accepted (2xx), unless a business
 *   rule refuses it with a status of its kind (404 an id that names nothing, 409 a state, 402 a licence,
 *   422 a capability…); a 400 for a valid request is a failure unless every field it names is refused by
 *   a rule the document itself states: the operation's `x-rules` lists that field with that very message
 *   (and the message is never the bare "Invalid field");
 * - negative data rejection: a request the document says is invalid — one change of a valid one: a wrong
 *   type, a string over maxLength or under minLength or off its pattern or format, a number out of range
 *   or not an integer, an unknown key where none is allowed, a required field left out, a value outside
 *   its enumeration, in the body, a query parameter or a path parameter — is refused with 4xx;
 * - an accepted answer is valid against its schema, the document's and the catalogue's;
 * - a method a path does not declare — the usual ones, QUERY, OPTIONS, TRACE, PROPFIND — answers 405
 *   with `Allow` naming the declared ones.
 * Requests are drawn as such a fuzzer draws them: any Unicode, blank strings, NUL, date-times with any
 * offset, keys the schema does not name where it allows them; and identifiers of the seeded fleet in
 * some of the id fields (a call reaches its rules, not only its 404). A drawn request the document does
 * not find valid (an `anyOf` of objects drawn badly) is not sent as a valid one.
 * Time-bounded (CONTRACT_BUDGET_MS, default 45 s): the operations are visited in a seeded order and the
 * test says how many it reached. CONTRACT_SEED, CONTRACT_VALID_RUNS and CONTRACT_INVALID_RUNS make a
 * longer local run (apps/core/README.md, "The contract").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { catalogue, statedBy, type EndpointDef, type EndpointId, type StatedRule } from '@fleet/contracts';
import { SEED_IDS } from '@fleet/db';
import { startTestStack, type TestStack } from '../support/stack.js';
import type { JsonSchema as Js } from '../support/json-schema.js';
import { invalidVariants, schemaProblem, validArb, type Hints } from '../support/contract-data.js';

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const SEED = env('CONTRACT_SEED', 60);
/** Valid-by-document requests per operation, and invalid ones. */
const RUNS = { valid: env('CONTRACT_VALID_RUNS', 6), invalid: env('CONTRACT_INVALID_RUNS', 5) } as const;
/** The time the operations are given; what is not reached in it is reported. */
const BUDGET_MS = env('CONTRACT_BUDGET_MS', 45_000);
/** Statuses a business rule can answer a valid request with (the kinds in apps/core/README.md); 502 and 503 are a device's or a gateway's failure, documented on the call. */
const BUSINESS_STATUSES = new Set([402, 403, 404, 409, 413, 415, 422, 502, 503]);
/** Calls that end an object's life: visited last, so that what they remove does not starve the rest. */
const DESTRUCTIVE = /^(delete|deregister|remove|shutdown)|Reboot$/i;
/** Methods asked of every path that does not declare them. */
const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'QUERY', 'OPTIONS', 'TRACE', 'PROPFIND'];

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
  responses: Record<string, { content?: { 'application/json': { schema: Js } } } | { $ref: string }>;
  'x-rules'?: StatedRule[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Js> };
}
interface Request {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  hasBody: boolean;
}

/** Identifiers of the seeded fleet, offered to fields named like ids. */
const FLEET_IDS = [
  ...Object.values(SEED_IDS.inventories),
  ...Object.values(SEED_IDS.groups),
  ...SEED_IDS.units.slice(0, 4),
  ...Object.values(SEED_IDS.servers).flatMap((ids) => ids.slice(0, 1)),
  ...SEED_IDS.vrChannels.slice(0, 1),
  'MMH-0001-CH1',
];
const hints: Hints = (name) => (/(^id$|Id$|Ids$|Uid$|^uniqueId$)/.test(name) ? FLEET_IDS : []);

/** A parameter's text read back into the type its schema names (a number written in decimal, a boolean), else the text itself. */
function wireValue(schema: Js, text: string): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}
/** Texts a fuzzer sends for a number parameter that are not numbers written in decimal. */
const NOT_DECIMAL = ['', ' 5', '5 ', '0x10', '1e1', '+5', '0b1', 'Infinity', '١'];
const textOf = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

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

  const send = async (method: string, path: string, r: Request) => {
    const url = path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(textOf(r.params[n])));
    const qs = new URLSearchParams(
      Object.entries(r.query)
        .filter(([, v]) => v !== undefined)
        .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, textOf(x)]) : [[k, textOf(v)]])),
    ).toString();
    return s.app.inject({
      method: method as 'GET',
      url: `${url}${qs ? `?${qs}` : ''}`,
      headers: { cookie, ...(r.hasBody ? { 'content-type': 'application/json' } : {}) },
      ...(r.hasBody ? { payload: JSON.stringify(r.body) } : {}),
    });
  };

  it(
    'answers every operation as its document says (no 5xx, documented statuses, valid accepted, invalid refused, 405, answers valid)',
    async () => {
      const failures: string[] = [];
      const seen = new Map<string, number>();
      const ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
        Object.entries(byMethod).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
      );
      const order = fc.sample(fc.shuffledSubarray(ops, { minLength: ops.length, maxLength: ops.length }), { seed: SEED, numRuns: 1 })[0]!;
      order.sort(
        (a, b) => Number(a.method === 'DELETE' || DESTRUCTIVE.test(a.op.operationId)) - Number(b.method === 'DELETE' || DESTRUCTIVE.test(b.op.operationId)),
      );
      const deadline = Date.now() + BUDGET_MS;
      let reached = 0;
      let sent = 0;
      let drawnInvalid = 0;
      const checkedPaths = new Set<string>();

      for (const { path, method, op } of order) {
        if (Date.now() > deadline) break;
        reached++;
        const def: EndpointDef = catalogue[op.operationId];
        const documented = new Set(Object.keys(op.responses).map(Number));
        const success = def.successStatus ?? 200;
        const note = (kind: string, status: number, detail: string) =>
          failures.push(`${op.operationId} (${method} ${path}) ${kind}: ${status} ${detail}`.slice(0, 600));
        const parameters = (where: 'path' | 'query') => op.parameters.filter((p) => p.in === where);
        const paramArb = (where: 'path' | 'query') =>
          fc.record(Object.fromEntries(parameters(where).map((p) => [p.name, validArb(doc, p.schema, hints, p.name)])), {
            requiredKeys: parameters(where)
              .filter((p) => p.required)
              .map((p) => p.name),
          });
        const bodySchema = op.requestBody?.content['application/json'].schema;
        const bodyArb = bodySchema
          ? op.requestBody!.required
            ? validArb(doc, bodySchema, hints)
            : fc.option(validArb(doc, bodySchema, hints), { nil: undefined })
          : fc.constant(undefined);
        const requestArb = fc.record({ params: paramArb('path'), query: paramArb('query'), body: bodyArb });
        const samples = fc
          .sample(requestArb, { seed: SEED, numRuns: RUNS.valid * 2 })
          .map((r): Request => ({ params: r.params, query: r.query, body: r.body, hasBody: bodySchema !== undefined && r.body !== undefined }))
          // A valid request: every part the document finds valid, and no empty path segment (that is another path).
          .filter((r) => {
            const problem =
              (bodySchema && r.body !== undefined ? schemaProblem(doc, bodySchema, r.body, 'body') : null) ??
              op.parameters
                .map((p) =>
                  r[p.in === 'path' ? 'params' : 'query'][p.name] === undefined
                    ? null
                    : schemaProblem(doc, p.schema, r[p.in === 'path' ? 'params' : 'query'][p.name], p.name),
                )
                .find((x) => x !== null) ??
              null;
            if (problem !== null) drawnInvalid++;
            return problem === null && Object.values(r.params).every((v) => textOf(v) !== '');
          })
          .slice(0, RUNS.valid);

        // Positive data: accepted, or refused by a rule the document states.
        for (const r of samples) {
          const res = await send(method, path, r);
          sent++;
          seen.set(String(res.statusCode), (seen.get(String(res.statusCode)) ?? 0) + 1);
          if (res.statusCode >= 500 && !BUSINESS_STATUSES.has(res.statusCode)) note('server error', res.statusCode, res.body);
          else if (!documented.has(res.statusCode)) note('undocumented status', res.statusCode, res.body);
          if (res.statusCode === success) {
            const parsed = def.response.safeParse(res.json());
            if (!parsed.success) note('answer not valid against its schema', res.statusCode, parsed.error.message);
            const answerSchema = (op.responses[String(success)] as { content?: { 'application/json': { schema: Js } } }).content?.['application/json'].schema;
            const problem = answerSchema ? schemaProblem(doc, answerSchema, res.json(), 'answer') : null;
            if (problem) note('answer not valid against the document', res.statusCode, problem);
          } else if (res.statusCode === 400) {
            const fields = (res.json() as { error: { fields?: { path: string; message: string }[] } }).error.fields ?? [];
            const unstated = fields.filter((f) => !statedBy(op['x-rules'] ?? [], f));
            if (fields.length === 0 || unstated.length > 0)
              note(
                'valid request refused by a rule the document does not state',
                400,
                `${JSON.stringify(unstated.length ? unstated : res.json())} for ${JSON.stringify(r)}`,
              );
          } else if (!BUSINESS_STATUSES.has(res.statusCode) && res.statusCode < 500 && res.statusCode !== success)
            note('valid request refused', res.statusCode, res.body);
        }

        // Negative data: one change of a valid request, in its body, a query parameter or a path parameter.
        const base = samples[0];
        if (base) {
          const variants: { kind: string; at: string; request: Request }[] = [];
          if (bodySchema && base.body !== undefined)
            for (const v of invalidVariants(doc, bodySchema, base.body))
              variants.push({ kind: v.kind, at: `body${v.at}`, request: { ...base, body: v.value } });
          if (op.requestBody?.required) variants.push({ kind: 'missing required', at: 'body', request: { ...base, body: undefined } });
          for (const p of op.parameters) {
            const part = p.in === 'path' ? 'params' : 'query';
            if (p.in === 'query' && p.required) {
              const { [p.name]: _gone, ...rest } = base.query;
              variants.push({ kind: 'missing required', at: `query.${p.name}`, request: { ...base, query: rest } });
            }
            const value = base[part][p.name] ?? fc.sample(validArb(doc, p.schema, hints), { seed: SEED, numRuns: 1 })[0];
            // On the wire a parameter is text: a change counts when the text, read back as its type, breaks the schema.
            const texts = [
              ...invalidVariants(doc, p.schema, value).map((v) => ({ kind: v.kind, text: textOf(v.value) })),
              ...NOT_DECIMAL.map((text) => ({ kind: 'not a decimal number', text })),
            ];
            for (const { kind, text } of texts) {
              if ((p.in === 'path' && text === '') || schemaProblem(doc, p.schema, wireValue(p.schema, text)) === null) continue;
              variants.push({ kind, at: `${p.in}.${p.name}`, request: { ...base, [part]: { ...base[part], [p.name]: text } } });
            }
          }
          const picked =
            variants.length <= RUNS.invalid
              ? variants
              : fc.sample(fc.shuffledSubarray(variants, { minLength: RUNS.invalid, maxLength: RUNS.invalid }), { seed: SEED, numRuns: 1 })[0]!;
          for (const v of picked) {
            const res = await send(method, path, { ...v.request, hasBody: bodySchema !== undefined && v.request.body !== undefined });
            sent++;
            seen.set(String(res.statusCode), (seen.get(String(res.statusCode)) ?? 0) + 1);
            if (res.statusCode >= 500 && !BUSINESS_STATUSES.has(res.statusCode)) note('server error', res.statusCode, res.body);
            else if (!documented.has(res.statusCode)) note('undocumented status', res.statusCode, res.body);
            if (res.statusCode < 400) note(`invalid request accepted (${v.kind} at ${v.at})`, res.statusCode, JSON.stringify(v.request));
          }
        }

        // Every method the path does not declare: 405 with Allow naming those it does.
        if (!checkedPaths.has(path)) {
          checkedPaths.add(path);
          const declared = Object.keys(doc.paths[path]!).map((m) => m.toUpperCase());
          const allow = [...declared, ...(declared.includes('GET') ? ['HEAD'] : [])].sort().join(', ');
          const params = base?.params ?? Object.fromEntries(parameters('path').map((p) => [p.name, 'X-1']));
          for (const other of OTHER_METHODS.filter((m) => !declared.includes(m))) {
            const res = await send(other, path, { params, query: {}, body: undefined, hasBody: false });
            const got = String(res.headers.allow ?? '')
              .split(', ')
              .sort()
              .join(', ');
            if (res.statusCode !== 405 || got !== allow)
              note(`undeclared method ${other}`, res.statusCode, `Allow: ${String(res.headers.allow)}, expected ${allow}`);
          }
        }
      }
      // A body over the limit (1 MB): 413 in the product's envelope, documented on the operation.
      const withBody = order.find(({ op }) => op.requestBody && !op.parameters.some((p) => p.in === 'path'));
      if (withBody) {
        const res = await send(withBody.method, withBody.path, { params: {}, query: {}, body: { padding: 'x'.repeat(1024 * 1024 + 1) }, hasBody: true });
        if (res.statusCode !== 413 || (res.json() as { error?: { code?: string } }).error?.code !== 'BODY_TOO_LARGE' || !withBody.op.responses['413'])
          failures.push(`${withBody.op.operationId} body over the limit: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      console.log(
        `contract: ${reached} of ${order.length} operations in the budget, ${sent} requests (${drawnInvalid} drawn requests not valid, not sent)`,
        Object.fromEntries(seen),
      );
      if (failures.length > 0) console.log(failures.join('\n'));
      expect(failures).toEqual([]);
      expect(reached).toBeGreaterThan(order.length / 2);
    },
    BUDGET_MS + 135_000,
  );
});
