/**
 * The role matrix, generated from the endpoint catalogue: every declared call × every role.
 *
 * - A role outside the declaration's roles gets 403 (FORBIDDEN).
 * - A role in the declaration's roles never gets 401 or 403 (errors of device state or of the
 *   sample input, e.g. 404/409/422, are fine), and never 500.
 * - Object-level access: every `scope: 'unit'` call made by a non-global user for a unit outside
 *   their inventories and groups answers 404, and that unit is left exactly as it was.
 *
 * Requests are built from the declaration: path parameters, query and body generated from the zod
 * schemas (through their JSON Schema) and checked with `safeParse`; where no valid input can be
 * generated, it comes from the sample tables below, keyed by endpoint id (each area extends them).
 *
 * Each role works on its own unit (created for the matrix, with a real simulated device), so one
 * role's reboot, shutdown or deletion does not decide another role's answers. Full matrix on SQLite;
 * a smoke pass (three roles) on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath, catalogue, ENDPOINT_IDS, GLOBAL_SCOPE_ROLES, ROLES, SERVICES,
  type EndpointDef, type EndpointId, type Role, type UnitSummary,
} from '@fleet/contracts';
import { eventually, pgUrl, startTestStack, type TestStack } from '../support/stack.js';

// ── sample tables (extend per area) ───────────────────────────────────────────────────────────

/** Bodies for calls whose body cannot be generated from the schema (refinements across fields, ...). */
const SAMPLE_BODIES: Partial<Record<EndpointId, (unitId: string) => unknown>> = {};

/** Query values for calls whose required query cannot be generated from the schema. */
const SAMPLE_QUERIES: Partial<Record<EndpointId, (unitId: string) => Record<string, string>>> = {
  fetchSettingsConfiguration: (unitId) => ({ machineUid: unitId }),
  fetchFeatures: () => ({ groupId: 'grp-newsroom' }),
};

/** Path parameters other than a unit id (e.g. an inventory id), by endpoint id. */
const SAMPLE_PARAMS: Partial<Record<EndpointId, (unitId: string) => Record<string, string | number>>> = {};

/**
 * Documented exceptions: a 403 with a specific catalogue code that an admitted role may still get,
 * because the spec has a rule finer than roles (about the role, or about the user). Keyed by
 * endpoint id; `roles` absent = any role (a property of the user, e.g. no e-mail address).
 */
const ALLOWED_403: Partial<Record<EndpointId, { code: string; roles?: readonly Role[]; why: string }[]>> = {
  deleteUnitFiles: [{ code: 'READ_ONLY_FILE_DELETE', roles: ['luc_read'], why: '000 §5 "Deleting uploaded files is not allowed for read-only users"' }],
  startFetchLogs: [{ code: 'SUPPORT_CASE_NO_EMAIL', why: '000 §5 "users without an e-mail address cannot open one" (the seeded luc_partner has none)' }],
};

/** Values for strings by field name, tried before generic ones (they make calls meaningful). */
const STRING_HINTS: [RegExp, (unitId: string) => string][] = [
  [/^(id|uniqueId|unitId|machineUid|uid)$/, (u) => u],
  [/^(groupId|group)$/, () => 'grp-newsroom'],
  [/^inventoryId$/, () => 'inv-global'],
  [/^channelId$/, () => 'MMH-0001-CH1'],
  [/^paths?$/, () => '/media/sd/clip_0001.mp4'],
  [/^modemId$/, (u) => `${u}-m1`],
];

// ── input generation from JSON Schema ───────────────────────────────────────────────────────────

type Js = Record<string, unknown>;

const GENERIC_STRINGS = [
  'a', 'abc', 'A', 'Abc1', 'a1', 'a-b', 'a_b', '1', '10', '1.0', '10.0.0.1', '255.255.255.0', '/media/sd', 'matrix@example.com',
  'https://example.com/x', '2026-01-01T00:00:00.000Z', '2026-01-01', '00:00:00', 'aaaaaaaa', 'Abcdefg1!',
];

function stringFits(js: Js, v: string): boolean {
  if (typeof js.minLength === 'number' && v.length < js.minLength) return false;
  if (typeof js.maxLength === 'number' && v.length > js.maxLength) return false;
  if (typeof js.pattern === 'string' && !new RegExp(js.pattern).test(v)) return false;
  return true;
}

function genString(js: Js, name: string, unitId: string): string {
  const byFormat: Record<string, string> = {
    email: 'matrix@example.com', 'date-time': new Date().toISOString(), date: '2026-01-01', ipv4: '10.0.0.1', uri: 'https://example.com/x',
    url: 'https://example.com/x', uuid: '00000000-0000-4000-8000-000000000000', time: '00:00:00',
  };
  const hinted = STRING_HINTS.filter(([re]) => re.test(name)).map(([, f]) => f(unitId));
  const format = typeof js.format === 'string' ? byFormat[js.format] : undefined;
  const min = typeof js.minLength === 'number' ? js.minLength : 0;
  const candidates = [...hinted, ...(format ? [format] : []), ...GENERIC_STRINGS, 'a'.repeat(Math.max(min, 1))];
  return candidates.find((c) => stringFits(js, c)) ?? 'a'.repeat(Math.max(min, 1));
}

function genNumber(js: Js): number {
  const int = js.type === 'integer';
  let lo = typeof js.minimum === 'number' ? js.minimum : typeof js.exclusiveMinimum === 'number' ? js.exclusiveMinimum + (int ? 1 : 0.5) : undefined;
  const hi = typeof js.maximum === 'number' ? js.maximum : typeof js.exclusiveMaximum === 'number' ? js.exclusiveMaximum - (int ? 1 : 0.5) : undefined;
  if (lo === undefined) lo = hi !== undefined ? Math.min(hi, 1) : 1;
  let v = int ? Math.ceil(lo) : lo;
  if (typeof js.multipleOf === 'number') v = Math.ceil(v / js.multipleOf) * js.multipleOf;
  return v;
}

/** A value for a JSON Schema: required properties only, or every property (`all`). */
function gen(js: Js, root: Js, name: string, unitId: string, all: boolean, depth = 0): unknown {
  if (depth > 8) return null;
  if (typeof js.$ref === 'string') {
    const key = js.$ref.replace(/^#\/(\$defs|definitions)\//, '');
    const defs = (root.$defs ?? root.definitions ?? {}) as Record<string, Js>;
    return gen(defs[key] ?? {}, root, name, unitId, all, depth + 1);
  }
  if ('const' in js) return js.const;
  if (Array.isArray(js.enum)) return js.enum[0];
  const options = (js.anyOf ?? js.oneOf) as Js[] | undefined;
  if (options) {
    const nonNull = options.filter((o) => o.type !== 'null');
    return gen(nonNull[0] ?? options[0] ?? {}, root, name, unitId, all, depth + 1);
  }
  if (Array.isArray(js.allOf)) return Object.assign({}, ...(js.allOf as Js[]).map((p) => gen(p, root, name, unitId, all, depth + 1)));
  const type = Array.isArray(js.type) ? (js.type as string[]).find((t) => t !== 'null') : (js.type as string | undefined);
  switch (type) {
    case 'object': {
      const props = (js.properties ?? {}) as Record<string, Js>;
      const required = new Set((js.required ?? []) as string[]);
      const out: Record<string, unknown> = {};
      for (const [k, p] of Object.entries(props)) if (all || required.has(k)) out[k] = gen(p, root, k, unitId, all, depth + 1);
      return out;
    }
    case 'array': {
      const n = typeof js.minItems === 'number' ? js.minItems : 0;
      const items = (js.items ?? {}) as Js;
      return Array.from({ length: n }, () => gen(items, root, name, unitId, all, depth + 1));
    }
    case 'string':
      return genString(js, name, unitId);
    case 'number':
    case 'integer':
      return genNumber(js);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return typeof js.default === 'undefined' ? {} : js.default;
  }
}

/** A zod schema as the catalogue holds it (tests import zod only through the contracts). */
type Schema = NonNullable<EndpointDef['body']>;

function jsonSchemaOf(schema: Schema): Js {
  const inner = schema.def.type === 'optional' ? (schema as unknown as { unwrap(): Schema }).unwrap() : schema;
  return inner.toJSONSchema({ io: 'input', unrepresentable: 'any' }) as Js;
}

/** A value the schema accepts, generated (required fields, then all fields) or from `sample`. */
function validInput(schema: Schema, unitId: string, sample: unknown): { ok: true; value: unknown } | { ok: false } {
  if (sample !== undefined) return schema.safeParse(sample).success ? { ok: true, value: sample } : { ok: false };
  const js = jsonSchemaOf(schema);
  for (const all of [false, true]) {
    const v = gen(js, js, '', unitId, all);
    if (schema.safeParse(v).success) return { ok: true, value: v };
  }
  return { ok: false };
}

interface Call {
  id: EndpointId;
  def: EndpointDef;
  method: EndpointDef['method'];
  url: string;
  body: unknown;
}

/** The request for one call on one unit, or the reason none can be built. */
function buildCall(id: EndpointId, unitId: string): Call | string {
  const def: EndpointDef = catalogue[id];
  const names = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const params: Record<string, string | number> = {};
  const byPath = def.path.includes('inventories/{id}') ? 'inv-global' : def.path.includes('groups/{id}') ? 'grp-newsroom' : unitId;
  for (const n of names) params[n] = n === 'id' ? byPath : n === 'inventoryId' ? 'inv-global' : n === 'groupId' ? 'grp-newsroom' : n === 'serviceId' ? `svc-${unitId}-sla` : '1';
  Object.assign(params, SAMPLE_PARAMS[id]?.(unitId) ?? {});
  if (def.params && !def.params.safeParse(params).success) return `${id}: no valid path parameters`;
  let qs = '';
  if (def.query) {
    const q = validInput(def.query, unitId, SAMPLE_QUERIES[id]?.(unitId));
    if (!q.ok) return `${id}: no valid query (add it to SAMPLE_QUERIES)`;
    const entries = Object.entries(q.value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    const search = new URLSearchParams(entries.map(([k, v]) => [k, String(v)]));
    // Generated values pass the schema as values; the wire form (strings) must pass too.
    if (!def.query.safeParse(Object.fromEntries(search)).success) return `${id}: no valid query string (add it to SAMPLE_QUERIES)`;
    qs = search.size > 0 ? `?${search.toString()}` : '';
  }
  let body: unknown;
  if (def.body && !def.body.safeParse(undefined).success) {
    const b = validInput(def.body, unitId, SAMPLE_BODIES[id]?.(unitId));
    if (!b.ok) return `${id}: no valid body (add it to SAMPLE_BODIES)`;
    body = b.value;
    if (def.scopeFrom === 'body' && typeof body === 'object' && body !== null) body = { ...body, id: unitId };
  }
  return { id, def, method: def.method, url: `/api${buildPath(def.path, params)}${qs}`, body };
}

/** Reads first, then changes, deletions, admin changes, and deleting the unit last. */
function weight(def: EndpointDef): number {
  if (def.method === 'GET') return 0;
  if (def.method === 'DELETE' && /^\/v2\/admin\/units\/\{\w+\}$/.test(def.path)) return 9;
  if (def.path.startsWith('/v2/admin/')) return 5;
  if (/shutdown|reboot|deregistration/.test(def.path)) return 4;
  return def.method === 'DELETE' ? 3 : 1;
}
const ORDERED_IDS = [...ENDPOINT_IDS].sort((a, b) => weight(catalogue[a]) - weight(catalogue[b]));

// ── the stack ─────────────────────────────────────────────────────────────────────────────────

const HIDDEN = 'LU800-0005'; // Metro-TV: only the global roles see it
const matrixUnit = (role: Role) => `MATRIX-${role.replace(/_/g, '-').toUpperCase()}`;

async function createMatrixUnits(s: TestStack, roles: readonly Role[]): Promise<void> {
  const db = s.app.services.db;
  for (const [i, role] of roles.entries()) {
    const id = matrixUnit(role);
    await db.unit.create({
      data: {
        id,
        name: `Matrix-${role}`,
        productType: 'LU800',
        typeGroup: 'fieldUnits',
        swVersion: '10.1',
        serialNumber: `MATRIX${String(i).padStart(6, '0')}`,
        license: { valid: true, kind: 'days', pro: true, fourK: true, raHours: 100, rlHours: 100 },
        capabilities: { sdCard: true, multiCamera: true, videoReturn: true, databridge: true, intercom: true, ipPipe: true, speedTest: true, hevc: true },
        services: SERVICES.map((serviceName) => ({ serviceName, serviceStatus: 'enabled' })),
        multiCameraLabels: ['CAM-1', 'CAM-2'],
        configuration: { unitUniqueId: id, delay: 3000, bandwidth: { cellular: null, total: null } },
      },
    });
    await db.unitInventory.create({ data: { unitId: id, inventoryId: 'inv-global' } });
    await db.unitGroup.create({ data: { unitId: id, groupId: 'grp-newsroom' } });
    // Every licence the unit-level calls check (multi camera, video return, databridge, ...).
    await db.service.createMany({ data: SERVICES.map((serviceName) => ({ id: `svc-${id}-${serviceName}`, unitId: id, serviceName, serviceStatus: 'enabled' })) });
    await s.app.services.units.refreshUnit(id);
  }
  await eventually(async () => roles.every((r) => s.app.services.units.statusOf(matrixUnit(r)) === 'idle'), 10_000);
}

/** What a rejected call must not change about a unit (volatile live telemetry left out). */
async function snapshotOf(s: TestStack, id: string): Promise<unknown> {
  const row = await s.app.services.db.unit.findUnique({
    where: { id },
    include: { inventories: true, groups: true, files: true, serviceRows: true, alertConfiguration: true, alerts: true, stories: true },
  });
  if (!row) return null;
  const { status: _s, applications: _a, telemetry: _t, updatedAt: _u, ...stable } = row;
  return { ...stable, live: { status: s.app.services.units.statusOf(id), applications: s.app.services.units.applicationsOf(id) } };
}

interface Outcome {
  role: Role;
  id: EndpointId;
  status: number;
  code: string | undefined;
}

async function send(s: TestStack, cookie: string, call: Call): Promise<{ status: number; code: string | undefined }> {
  const res = await s.app.inject({
    method: call.method,
    url: call.url,
    headers: { cookie },
    ...(call.body === undefined ? {} : { payload: call.body as object }),
  });
  let code: string | undefined;
  try {
    code = (res.json() as { error?: { code?: string } }).error?.code;
  } catch {
    code = undefined;
  }
  return { status: res.statusCode, code };
}

/** Every call for every role given, each role on its own unit; roles run side by side. */
async function runMatrix(s: TestStack, roles: readonly Role[]): Promise<{ outcomes: Outcome[]; unbuildable: string[] }> {
  const unbuildable = new Set<string>();
  const perRole = await Promise.all(
    roles.map(async (role) => {
      const cookie = await s.login(role);
      const visible: UnitSummary[] = (await s.app.inject({ method: 'GET', url: '/api/devices/fetch', headers: { cookie } })).json();
      const unit = visible.find((u) => u.uniqueId === matrixUnit(role)) ?? visible[0];
      if (!unit) throw new Error(`${role} sees no unit`);
      const out: Outcome[] = [];
      for (const id of ORDERED_IDS) {
        const call = buildCall(id, unit.uniqueId);
        if (typeof call === 'string') {
          unbuildable.add(call);
          continue;
        }
        out.push({ role, id, ...(await send(s, cookie, call)) });
      }
      return out;
    }),
  );
  return { outcomes: perRole.flat(), unbuildable: [...unbuildable].sort() };
}

function violations(outcomes: Outcome[]): string[] {
  const out: string[] = [];
  for (const o of outcomes) {
    const def = catalogue[o.id];
    const allowed = (def.roles as readonly Role[]).includes(o.role);
    const tag = `${o.id} as ${o.role}: ${o.status} ${o.code ?? ''}`.trim();
    if (!allowed) {
      if (o.status !== 403 || o.code !== 'FORBIDDEN') out.push(`${tag} (expected 403 FORBIDDEN)`);
      continue;
    }
    const excused = o.status === 403 && (ALLOWED_403[o.id] ?? []).some((e) => e.code === o.code && (e.roles === undefined || e.roles.includes(o.role)));
    if ((o.status === 401 || o.status === 403) && !excused) out.push(`${tag} (role is allowed)`);
    if (o.status === 500) out.push(`${tag} (server error)`);
  }
  return out;
}

/** A non-global role the call admits (luc_regular preferred), or null when only global roles may call it. */
function nonGlobalRoleFor(def: EndpointDef): Role | null {
  const roles = def.roles as readonly Role[];
  if (roles.includes('luc_regular')) return 'luc_regular';
  if (roles.includes('luc_admin')) return 'luc_admin';
  return roles.find((r) => !GLOBAL_SCOPE_ROLES.includes(r)) ?? null;
}

async function checkObjectScope(s: TestStack, ids: readonly EndpointId[]): Promise<{ failures: string[]; checked: number }> {
  const failures: string[] = [];
  const cookies = new Map<Role, string>();
  let checked = 0;
  const before = await snapshotOf(s, HIDDEN);
  for (const id of ids) {
    const def: EndpointDef = catalogue[id];
    if (def.scope !== 'unit') continue;
    const role = nonGlobalRoleFor(def);
    if (!role) continue;
    const call = buildCall(id, HIDDEN);
    if (typeof call === 'string') {
      failures.push(call);
      continue;
    }
    if (!cookies.has(role)) cookies.set(role, await s.login(role));
    const res = await send(s, cookies.get(role)!, call);
    checked++;
    if (res.status !== 404 || res.code !== 'NOT_FOUND') failures.push(`${id} as ${role} on ${HIDDEN}: ${res.status} ${res.code ?? ''} (expected 404 NOT_FOUND)`);
  }
  await s.app.services.units.settle();
  expect(await snapshotOf(s, HIDDEN), `${HIDDEN} was changed by a call that answered 404`).toEqual(before);
  return { failures, checked };
}

// ── the checker itself ────────────────────────────────────────────────────────────────────────

describe('role matrix checker', () => {
  it('flags an allowed role refused, a forbidden role admitted, and server errors', () => {
    const o = (role: Role, id: EndpointId, status: number, code?: string): Outcome => ({ role, id, status, code });
    expect(violations([o('luc_regular', 'getUnit', 200), o('luc_read', 'startUnitStream', 403, 'FORBIDDEN'), o('luc_regular', 'startUnitStream', 409, 'UNIT_OFFLINE')])).toEqual([]);
    expect(violations([o('luc_read', 'startUnitStream', 200)])).toHaveLength(1);
    expect(violations([o('luc_read', 'startUnitStream', 404, 'NOT_FOUND')])).toHaveLength(1);
    expect(violations([o('luc_regular', 'getUnit', 403, 'FORBIDDEN')])).toHaveLength(1);
    expect(violations([o('luc_regular', 'getUnit', 401, 'UNAUTHENTICATED')])).toHaveLength(1);
    expect(violations([o('luc_regular', 'getUnit', 500, 'GENERIC')])).toHaveLength(1);
  });

  it('builds a valid request for every declared call', () => {
    const failures = ENDPOINT_IDS.map((id) => buildCall(id, 'LU800-0001')).filter((c): c is string => typeof c === 'string');
    expect(failures).toEqual([]);
  });
});

// ── SQLite: the full matrix ───────────────────────────────────────────────────────────────────

describe('role matrix on sqlite (every call × every role)', () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack({ provider: 'sqlite' });
    await createMatrixUnits(s, ROLES);
    await eventually(async () => s.app.services.units.statusOf(HIDDEN) === 'idle');
  });
  afterAll(async () => s?.close());

  it('answers 404 for units outside a non-global caller’s inventories and groups, and changes nothing', async () => {
    const { failures, checked } = await checkObjectScope(s, ENDPOINT_IDS);
    expect(checked).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });

  it('answers 403 to roles outside each declaration, never 401/403/500 to roles inside', async () => {
    const { outcomes, unbuildable } = await runMatrix(s, ROLES);
    expect(outcomes.length).toBeGreaterThan(0);
    expect(violations(outcomes)).toEqual([]);
    expect(unbuildable, 'calls without a valid generated or sample input').toEqual([]);
  });
});

// ── PostgreSQL: a smoke pass ──────────────────────────────────────────────────────────────────

describe.runIf(pgUrl())('role matrix on postgresql (smoke: three roles)', () => {
  const SMOKE_ROLES: readonly Role[] = ['super_user', 'luc_regular', 'luc_read'];
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack({ provider: 'postgresql' });
    await createMatrixUnits(s, SMOKE_ROLES);
    await eventually(async () => s.app.services.units.statusOf(HIDDEN) === 'idle');
  });
  afterAll(async () => s?.close());

  it('answers 404 for units outside a non-global caller’s inventories and groups (reads), and changes nothing', async () => {
    const reads = ENDPOINT_IDS.filter((id) => catalogue[id].method === 'GET');
    const { failures } = await checkObjectScope(s, reads);
    expect(failures).toEqual([]);
  });

  it('keeps the role rules for every call', async () => {
    const { outcomes } = await runMatrix(s, SMOKE_ROLES);
    expect(violations(outcomes)).toEqual([]);
  });
});
