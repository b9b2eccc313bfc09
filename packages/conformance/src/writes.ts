/**
 * Write checks (--write only): create → read → update → remove on objects the run makes itself,
 * named `conformance-…`, each removed in a finally. Nothing that existed before is touched. While
 * the object exists, its update call also gets the negative bodies (schema.ts): each must be
 * refused with 400 and the spec's messages, and the object read back must be as it was.
 */
import { buildPath, type EndpointDef } from '@fleet/contracts';
import { routeOf, type Call } from './calls.js';
import { describeBody } from './classify.js';
import { compareWithSchema } from './diff.js';
import type { Answer, CoreClient } from './http.js';
import { judgeNegative, readBackDiff } from './negative.js';
import type { Kind, ObjectPool } from './objects.js';
import type { CheckResult, Difference } from './report.js';
import { negativeBodies, undocumentedFields } from './schema.js';

interface Step {
  call: string;
  params: (id: string, parent: string, created: Record<string, unknown>) => Record<string, string>;
  query?: (id: string, parent: string, created: Record<string, unknown>) => Record<string, string>;
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
    create: {
      call: 'createStory',
      params: (inv) => ({ inventoryId: inv }),
      body: (_inv, name) => ({ slugline: name, comments: 'made by the conformance check; removed at once' }),
    },
    idOf: (c) => c.id,
    read: { call: 'getStory', params: (id, inv) => ({ inventoryId: inv, storyId: id }) },
    update: {
      call: 'updateStory',
      params: (id, inv) => ({ inventoryId: inv, storyId: id }),
      body: (_id, _inv, c) => ({ version: version(c), keywords: 'conformance' }),
    },
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
    read: { call: 'fetchGroupDetails', params: () => ({}), query: (id) => ({ groupUid: id }) },
    update: {
      call: 'updateGroup',
      params: () => ({}),
      body: (id, _inv, c) => ({ id, name: `${String(c.name ?? 'conformance')}-renamed`, version: version(c) }),
    },
    remove: { call: 'removeGroups', params: () => ({}), body: (id) => ({ ids: [id] }) },
  },
  {
    name: 'audio room',
    parent: 'inventory',
    create: { call: 'createAudioRoom', params: (inv) => ({ id: inv }), body: (_inv, name) => ({ name }) },
    idOf: (c) => c.id,
    read: { call: 'getAudioRoom', params: (id) => ({ id }) },
    update: {
      call: 'updateAudioRoom',
      params: (id) => ({ id }),
      body: (_id, _inv, c) => ({ name: `${String(c.name ?? 'conformance')}-renamed`, version: version(c) }),
    },
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
    update: {
      call: 'updateAiCredential',
      params: (id) => ({ id }),
      body: (_id, _p, c) => ({ name: `${String(c.name ?? 'conformance')}-renamed`, version: version(c) }),
    },
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
    create: {
      call: 'createWhatsNew',
      params: () => ({}),
      body: (_p, name) => ({ title: name, body: 'made by the conformance check; removed at once', active: false, publish: false }),
    },
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
  /** Names the run's objects and the strings of its bodies (`conformance-<stamp>`). */
  marker: string;
}

/** The triples' calls, for the dry run: create, read, update (and its negative bodies), remove. */
export const TRIPLE_STEPS: readonly { name: string; create: string; read?: string; update?: string; remove: string }[] = TRIPLES.map((t) => ({
  name: t.name,
  create: t.create.call,
  remove: t.remove.call,
  ...(t.read ? { read: t.read.call } : {}),
  ...(t.update ? { update: t.update.call } : {}),
}));

export async function runWriteChecks(ctx: WriteContext): Promise<{ results: CheckResult[]; cleanupFailures: string[]; negativesSent: Set<string> }> {
  const results: CheckResult[] = [];
  const cleanupFailures: string[] = [];
  const negativesSent = new Set<string>();
  const byId = new Map(ctx.calls.map((c) => [c.id, c]));

  const request = (call: Call, params: Record<string, string>, body: unknown, why: string, query?: Record<string, string>): Promise<Answer> =>
    ctx.client.call(call.def.method, buildPath(call.def.path, params), { ...(body === undefined ? {} : { body }), ...(query ? { query } : {}), why });
  const send = async (
    call: Call,
    params: Record<string, string>,
    body: unknown,
    why: string,
    query?: Record<string, string>,
  ): Promise<{ diffs: Difference[]; extra: Difference[]; value: Record<string, unknown> | null }> => {
    const a = await request(call, params, body, why, query);
    const expected = call.def.successStatus ?? 200;
    if (a.status !== expected)
      return { diffs: [{ path: 'status', expected: String(expected), received: `${a.status} ${describeBody(a.body)}` }], extra: [], value: null };
    const diffs = compareWithSchema(call.def.response, a.body);
    const value = typeof a.body === 'object' && a.body !== null && !Array.isArray(a.body) ? (a.body as Record<string, unknown>) : null;
    return { diffs, extra: undocumentedFields(call.def.response, a.body), value };
  };
  const record = (call: Call, r: { diffs: Difference[]; extra?: Difference[] }, note: string, check = 'write'): void => {
    if (!ctx.reported.has(call.id)) return;
    results.push({
      area: call.area,
      call: call.id,
      check,
      route: routeOf(call.def),
      outcome: r.diffs.length ? 'differs' : 'conforms',
      differences: r.diffs,
      note,
    });
    if (r.extra?.length)
      results.push({
        area: call.area,
        call: call.id,
        check: 'undocumented',
        route: routeOf(call.def),
        outcome: 'undocumented',
        differences: r.extra,
        note: `fields of the ${check} answer the contract does not know`,
      });
  };

  for (const triple of TRIPLES) {
    const create = byId.get(triple.create.call);
    const update = triple.update ? byId.get(triple.update.call) : undefined;
    const remove = byId.get(triple.remove.call);
    if (!create || !remove) continue;
    // Only triples one of whose calls is reported (--only).
    if (![triple.create.call, triple.read?.call, triple.update?.call, triple.remove.call].some((id) => id !== undefined && ctx.reported.has(id))) continue;
    if (![create, remove, ...(update ? [update] : [])].every((c) => ctx.allowed(c.def))) continue;
    // The first parent where the create is accepted.
    const parents = triple.parent ? ctx.pool.get(triple.parent) : [{ id: '' }];
    if (!parents.length) continue;
    const name = `${ctx.marker}-${triple.name.replace(/\s+/g, '-')}`;
    let made: { id: string; parent: string; value: Record<string, unknown> } | null = null;
    let createDiffs: Difference[] = [];
    let createExtra: Difference[] = [];
    for (const parent of parents.slice(0, 3)) {
      const r = await send(create, triple.create.params(parent.id), triple.create.body(parent.id, name), `write: make the run's own ${triple.name}`);
      createDiffs = r.diffs;
      createExtra = r.extra;
      const id = r.value ? triple.idOf(r.value) : undefined;
      if (r.value && (typeof id === 'string' || typeof id === 'number')) {
        made = { id: String(id), parent: parent.id, value: r.value };
        break;
      }
      // A refusal in one parent (no permission there, a licence): try the next.
      if (!r.diffs.some((d) => d.path === 'status' && /^40[234]/.test(d.received))) break;
    }
    record(create, { diffs: createDiffs, extra: createExtra }, made ? `made ${triple.name} ${made.id}` : `no ${triple.name} made`);
    if (!made) continue;
    const own = made;
    try {
      const read = triple.read ? byId.get(triple.read.call) : undefined;
      const readStep = triple.read;
      const readOwn =
        read && readStep && ctx.allowed(read.def)
          ? (why: string) => request(read, readStep.params(own.id, own.parent, own.value), undefined, why, readStep.query?.(own.id, own.parent, own.value))
          : null;
      if (read && readStep && readOwn) {
        const r = await send(
          read,
          readStep.params(own.id, own.parent, own.value),
          undefined,
          `read the run's own ${triple.name}`,
          readStep.query?.(own.id, own.parent, own.value),
        );
        record(read, r, `the run's own ${triple.name} ${own.id}`, 'read');
      }
      if (update && triple.update) {
        const r = await send(
          update,
          triple.update.params(own.id, own.parent, own.value),
          triple.update.body?.(own.id, own.parent, own.value),
          `write: change the run's own ${triple.name}`,
        );
        record(update, r, `${triple.name} ${own.id}`);
        // Negative bodies on the object the run made: refused, and the object unchanged.
        if (update.def.body && ctx.reported.has(update.id)) {
          const valid = triple.update.body?.(own.id, own.parent, own.value);
          // The fields that name the object and its version are changed last: the others are what a missing check would change.
          const negatives = negativeBodies(
            update.def.body,
            ctx.marker,
            typeof valid === 'object' && valid !== null && !Array.isArray(valid) ? (valid as Record<string, unknown>) : undefined,
            ['id', 'version'],
          );
          if (negatives.length) {
            negativesSent.add(update.id);
            const before = readOwn ? await readOwn(`negative body: read the run's own ${triple.name} before`) : null;
            const diffs: Difference[] = [];
            for (const neg of negatives) {
              const a = await request(update, triple.update.params(own.id, own.parent, own.value), neg.body, `negative body (${neg.kind}): 400 expected`);
              diffs.push(...judgeNegative(a, neg));
            }
            if (before && readOwn)
              diffs.push(...readBackDiff(before, await readOwn(`negative body: read the run's own ${triple.name} after`), `the run's own ${triple.name}`));
            const sent = negatives.map((n) => `${n.kind}: ${n.what}`).join('; ');
            record(update, { diffs }, `${sent}${before ? '' : ` (no read of a ${triple.name} to check it is unchanged)`}`, 'negative body');
          }
        }
      }
    } finally {
      let removed = false;
      try {
        const r = await send(
          remove,
          triple.remove.params(own.id, own.parent, own.value),
          triple.remove.body?.(own.id, own.parent, own.value),
          `write: remove the run's own ${triple.name}`,
        );
        record(remove, r, `${triple.name} ${own.id}`);
        removed = !r.diffs.some((d) => d.path === 'status');
      } catch (err) {
        record(remove, { diffs: [{ path: 'request', expected: 'an answer', received: String(err) }] }, `${triple.name} ${own.id}`);
      }
      if (!removed)
        cleanupFailures.push(
          `${triple.name} ${own.id} (${name})${triple.parent ? ` in ${triple.parent} ${own.parent}` : ''}: ${routeOf(remove.def)} did not remove it`,
        );
    }
  }
  return { results, cleanupFailures, negativesSent };
}
