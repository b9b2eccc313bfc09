/**
 * Write checks (--write only): create → update → remove triples on objects the run makes itself,
 * named `conformance-…`, each removed in a finally. Nothing that existed before is touched.
 */
import { buildPath, type EndpointDef } from '@fleet/contracts';
import { routeOf, type Call } from './calls.js';
import { describeBody } from './classify.js';
import { compareWithSchema } from './diff.js';
import type { CoreClient } from './http.js';
import type { Kind, ObjectPool } from './objects.js';
import type { CheckResult, Difference } from './report.js';

interface Step {
  call: string;
  params: (id: string, parent: string, created: Record<string, unknown>) => Record<string, string>;
  body?: (id: string, parent: string, created: Record<string, unknown>) => unknown;
}

/** One triple: made (in a parent object such as an inventory, or globally), read back, changed, removed. */
interface Triple {
  name: string;
  parent: Kind | null;
  create: Omit<Step, 'params'> & { params: (parent: string) => Record<string, string>; body: (parent: string, name: string) => unknown };
  idOf: (created: Record<string, unknown>) => unknown;
  /** The by-id read of the object made (covers a read no seeded object could). */
  read?: Step;
  update?: Step;
  remove: Step;
}

const version = (c: Record<string, unknown>): number => (typeof c.version === 'number' ? c.version : 0);

const TRIPLES: Triple[] = [
  {
    name: 'story',
    parent: 'inventory',
    create: { call: 'createStory', params: (inv) => ({ inventoryId: inv }), body: (_inv, name) => ({ slugline: name, comments: 'made by the conformance check; removed at once' }) },
    idOf: (c) => c.id,
    update: { call: 'updateStory', params: (id, inv) => ({ inventoryId: inv, storyId: id }), body: (_id, _inv, c) => ({ version: version(c), keywords: 'conformance' }) },
    remove: { call: 'deleteStory', params: (id, inv) => ({ inventoryId: inv, storyId: id }) },
  },
  {
    name: 'usage profile',
    parent: 'inventory',
    create: { call: 'createUsageProfile', params: (inv) => ({ id: inv }), body: (_inv, name) => ({ name, type: 'data', quotaPerMonth: 100, resetDay: 1 }) },
    idOf: (c) => c.id,
    update: { call: 'updateUsageProfile', params: (id) => ({ id }), body: () => ({ quotaPerMonth: 200 }) },
    remove: { call: 'deleteUsageProfile', params: (id) => ({ id }) },
  },
  {
    name: 'group',
    parent: 'inventory',
    create: { call: 'addGroup', params: () => ({}), body: (inv, name) => ({ name, inventoryId: inv }) },
    idOf: (c) => c.id,
    update: { call: 'updateGroup', params: () => ({}), body: (id, _inv, c) => ({ id, name: `${String(c.name ?? 'conformance')}-renamed`, version: version(c) }) },
    remove: { call: 'removeGroups', params: () => ({}), body: (id) => ({ ids: [id] }) },
  },
  {
    name: 'audio room',
    parent: 'inventory',
    create: { call: 'createAudioRoom', params: (inv) => ({ id: inv }), body: (_inv, name) => ({ name }) },
    idOf: (c) => c.id,
    read: { call: 'getAudioRoom', params: (id) => ({ id }) },
    update: { call: 'updateAudioRoom', params: (id) => ({ id }), body: (_id, _inv, c) => ({ name: `${String(c.name ?? 'conformance')}-renamed`, version: version(c) }) },
    remove: { call: 'deleteAudioRoom', params: (id) => ({ id }) },
  },
  {
    name: 'modem vendor',
    parent: null,
    create: { call: 'createModemVendor', params: () => ({}), body: (_p, name) => ({ name, models: [{ name: 'conformance-model' }] }) },
    idOf: (c) => c.id,
    read: { call: 'getModemVendor', params: (id) => ({ id }) },
    update: { call: 'updateModemVendor', params: (id) => ({ id }), body: (_id, _p, c) => ({ models: [], version: version(c) }) },
    remove: { call: 'deleteModemVendor', params: (id) => ({ id }) },
  },
  {
    name: 'AI credential',
    parent: null,
    create: { call: 'createAiCredential', params: () => ({}), body: (_p, name) => ({ name, provider: 'other', inventoryId: null, fields: [] }) },
    idOf: (c) => c.id,
    read: { call: 'getAiCredential', params: (id) => ({ id }) },
    update: { call: 'updateAiCredential', params: (id) => ({ id }), body: (_id, _p, c) => ({ name: `${String(c.name ?? 'conformance')}-renamed`, version: version(c) }) },
    remove: { call: 'deleteAiCredential', params: (id) => ({ id }) },
  },
  {
    name: 'client application',
    parent: null,
    create: { call: 'createClientApplication', params: () => ({}), body: (_p, name) => ({ name, clientId: name, active: false }) },
    idOf: (c) => c.id,
    read: { call: 'getClientApplication', params: (id) => ({ id }) },
    update: { call: 'updateClientApplication', params: (id) => ({ id }), body: (_id, _p, c) => ({ scopes: ['conformance'], version: version(c) }) },
    remove: { call: 'deleteClientApplication', params: (id) => ({ id }) },
  },
  {
    name: "what's new entry",
    parent: null,
    // Never published nor active: no user sees it.
    create: { call: 'createWhatsNew', params: () => ({}), body: (_p, name) => ({ title: name, body: 'made by the conformance check; removed at once', active: false, publish: false }) },
    idOf: (c) => c.id,
    read: { call: 'getWhatsNew', params: (id) => ({ id }) },
    update: { call: 'updateWhatsNew', params: (id) => ({ id }), body: (_id, _p, c) => ({ body: 'conformance', version: version(c) }) },
    remove: { call: 'deleteWhatsNew', params: (id) => ({ id }) },
  },
];

export interface WriteContext {
  client: CoreClient;
  pool: ObjectPool;
  allowed: (def: EndpointDef) => boolean;
  calls: readonly Call[];
  reported: ReadonlySet<string>;
}

export async function runWriteChecks(ctx: WriteContext): Promise<{ results: CheckResult[]; cleanupFailures: string[] }> {
  const results: CheckResult[] = [];
  const cleanupFailures: string[] = [];
  const byId = new Map(ctx.calls.map((c) => [c.id, c]));
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

  const send = async (call: Call, params: Record<string, string>, body: unknown): Promise<{ diffs: Difference[]; value: Record<string, unknown> | null }> => {
    const a = await ctx.client.call(call.def.method, buildPath(call.def.path, params), { ...(body === undefined ? {} : { body }) });
    const expected = call.def.successStatus ?? 200;
    if (a.status !== expected) return { diffs: [{ path: 'status', expected: String(expected), received: `${a.status} ${describeBody(a.body)}` }], value: null };
    const diffs = compareWithSchema(call.def.response, a.body);
    const value = typeof a.body === 'object' && a.body !== null && !Array.isArray(a.body) ? (a.body as Record<string, unknown>) : null;
    return { diffs, value };
  };
  const record = (call: Call, diffs: Difference[], note: string, check = 'write'): void => {
    if (!ctx.reported.has(call.id)) return;
    results.push({ area: call.area, call: call.id, check, route: routeOf(call.def), outcome: diffs.length ? 'differs' : 'conforms', differences: diffs, note });
  };

  for (const triple of TRIPLES) {
    const create = byId.get(triple.create.call);
    const update = triple.update ? byId.get(triple.update.call) : undefined;
    const remove = byId.get(triple.remove.call);
    if (!create || !remove) continue;
    if (![create, remove, ...(update ? [update] : [])].every((c) => ctx.allowed(c.def))) continue;
    // The first parent where the create is accepted.
    const parents = triple.parent ? ctx.pool.get(triple.parent) : [{ id: '' }];
    if (!parents.length) continue;
    const name = `conformance-${stamp}-${triple.name.replace(/\s+/g, '-')}`;
    let made: { id: string; parent: string; value: Record<string, unknown> } | null = null;
    let createDiffs: Difference[] = [];
    for (const parent of parents.slice(0, 3)) {
      const r = await send(create, triple.create.params(parent.id), triple.create.body(parent.id, name));
      createDiffs = r.diffs;
      const id = r.value ? triple.idOf(r.value) : undefined;
      if (r.value && (typeof id === 'string' || typeof id === 'number')) {
        made = { id: String(id), parent: parent.id, value: r.value };
        break;
      }
      // A refusal in one parent (no permission there, a licence): try the next.
      if (!r.diffs.some((d) => d.path === 'status' && /^40[234]/.test(d.received))) break;
    }
    record(create, createDiffs, made ? `made ${triple.name} ${made.id}` : `no ${triple.name} made`);
    if (!made) continue;
    try {
      const read = triple.read ? byId.get(triple.read.call) : undefined;
      if (read && triple.read && ctx.allowed(read.def)) {
        const r = await send(read, triple.read.params(made.id, made.parent, made.value), undefined);
        record(read, r.diffs, `the run's own ${triple.name} ${made.id}`, 'read');
      }
      if (update && triple.update) {
        const r = await send(update, triple.update.params(made.id, made.parent, made.value), triple.update.body?.(made.id, made.parent, made.value));
        record(update, r.diffs, `${triple.name} ${made.id}`);
      }
    } finally {
      let removed = false;
      try {
        const r = await send(remove, triple.remove.params(made.id, made.parent, made.value), triple.remove.body?.(made.id, made.parent, made.value));
        record(remove, r.diffs, `${triple.name} ${made.id}`);
        removed = !r.diffs.some((d) => d.path === 'status');
      } catch (err) {
        record(remove, [{ path: 'request', expected: 'an answer', received: String(err) }], `${triple.name} ${made.id}`);
      }
      if (!removed) cleanupFailures.push(`${triple.name} ${made.id} (${name})${triple.parent ? ` in ${triple.parent} ${made.parent}` : ''}: ${routeOf(remove.def)} did not remove it`);
    }
  }
  return { results, cleanupFailures };
}
