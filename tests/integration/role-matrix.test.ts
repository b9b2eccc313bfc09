/**
 * The role matrix: every call of the endpoint catalogue × every role, on the real core with the
 * real simulator.
 *
 * - A role outside the declaration's roles gets 403 FORBIDDEN.
 * - A role inside it succeeds: the declared success status, on a valid request (the example of
 *   tests/support/catalogue-examples.ts) for objects in its scope. Each role works on objects of its
 *   own — a unit with a simulated device, a hub and channel, channel files, recorded files, stories,
 *   an invitation — so one role's shutdown, deletion or edit decides nothing for another; roles run
 *   side by side. The only exceptions are written down below: refusals by a rule finer than roles
 *   (REFUSED_BY_RULE) and defects of the core not fixed yet (KNOWN_DEFECTS), each with its reason.
 * - Object-level access: for every call, each object the example names (unit, hub, channel,
 *   channel file, story, inventory, group, video return channel, invitation) is swapped, for a
 *   non-global caller, for an object outside their inventories and groups and for one that does
 *   not exist: both answers are the same (404 NOT_FOUND for units), and nothing in the database
 *   changes.
 *
 * Full matrix on SQLite; the scope check and four representative roles on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, ENDPOINT_IDS, ROLES, type EndpointDef, type EndpointId, type Role } from '@fleet/contracts';
import { EXAMPLES, type Refs } from '../support/catalogue-examples.js';
import { covers, pgUrl, startTestStack, type TestStack } from '../support/stack.js';
import { inputWorld, refsUsedBy } from './role-matrix/refs.js';
import { exampleInput, fitsSchemas, send, toRequest } from './role-matrix/requests.js';
import { type ObjectKind, checkObjectScope, nonGlobalRoleFor } from './role-matrix/scope.js';
import { TIMINGS, createWorlds } from './role-matrix/setup.js';
import { RoleWorld, Turns } from './role-matrix/world.js';

// ── exceptions, each with its reason ───────────────────────────────────────────────────────────

/**
 * Refusals by a rule of the spec finer than roles: the role may make the call, but this user may
 * not (the answer is exactly this 403). Keyed by endpoint id.
 */
const REFUSED_BY_RULE: Partial<Record<EndpointId, { role: Role; code: string; why: string }[]>> = {
  deleteUnitFiles: [
    {
      role: 'luc_read',
      code: 'READ_ONLY_FILE_DELETE',
      why: '000 §5 "Deleting uploaded files is not allowed for read-only users" (the role is admitted to get that message)',
    },
  ],
  startFetchLogs: [
    {
      role: 'luc_partner',
      code: 'SUPPORT_CASE_NO_EMAIL',
      why: '000 §5 users without an e-mail address cannot open a support case (the seeded luc_partner has none)',
    },
  ],
};

/**
 * Defects of the core this matrix found and that are not fixed yet: an admitted role's valid
 * request that fails. Each entry must still fail (a fixed defect must leave this list).
 */
const KNOWN_DEFECTS: Partial<Record<EndpointId, { roles?: readonly Role[]; why: string }>> = {};

// ── the matrix ─────────────────────────────────────────────────────────────────────────────────

interface Outcome {
  role: Role;
  id: EndpointId;
  status: number;
  code: string | undefined;
  body: string;
}

/** Run every call for one role, each allowed one after its set-up (default: the unit idle). */
async function runRole(s: TestStack, world: RoleWorld, used: Map<EndpointId, (keyof Refs)[]>, turns: Turns): Promise<Outcome[]> {
  const cookie = await s.login(world.role);
  const out: Outcome[] = [];
  // The shutdown last: nothing after it waits for the unit to come back.
  const ids = [...ENDPOINT_IDS].sort((a, b) => Number(a === 'shutdownUnit') - Number(b === 'shutdownUnit'));
  for (const id of ids) {
    const def: EndpointDef = catalogue[id];
    const example = EXAMPLES[id];
    const allowed = (def.roles as readonly Role[]).includes(world.role);
    const run = async () => {
      if (allowed) {
        if (example.setup) await example.setup(world);
        else if (used.get(id)?.includes('unit')) await world.idle();
      }
      const answer = await send(s, cookie, toRequest(id, await exampleInput(id, world.refs, world)));
      if (allowed && def.method !== 'GET') world.unsettled = true;
      if (allowed && example.teardown) await example.teardown(world);
      out.push({ role: world.role, id, ...answer });
    };
    if (allowed && example.exclusive) await turns.run(run);
    else await run();
  }
  return out;
}

function violations(outcomes: Outcome[]): string[] {
  const out: string[] = [];
  for (const o of outcomes) {
    const def: EndpointDef = catalogue[o.id];
    const tag = `${o.id} as ${o.role}: ${o.status} ${o.code ?? ''}`.trim();
    const detail = o.status >= 300 ? ` ${o.body.slice(0, 200)}` : '';
    if (!(def.roles as readonly Role[]).includes(o.role)) {
      if (o.status !== 403 || o.code !== 'FORBIDDEN') out.push(`${tag} (expected 403 FORBIDDEN)${detail}`);
      continue;
    }
    const rule = REFUSED_BY_RULE[o.id]?.find((r) => r.role === o.role);
    if (rule) {
      if (o.status !== 403 || o.code !== rule.code) out.push(`${tag} (expected 403 ${rule.code}: ${rule.why})${detail}`);
      continue;
    }
    const defect = KNOWN_DEFECTS[o.id];
    const expected = def.successStatus ?? 200;
    if (defect && (defect.roles === undefined || defect.roles.includes(o.role))) {
      if (o.status === expected) out.push(`${tag} (listed in KNOWN_DEFECTS but succeeds: remove it from the list)`);
      continue;
    }
    if (o.status !== expected) out.push(`${tag} (expected ${expected})${detail}`);
  }
  return out;
}

/** Every call for every role given, roles side by side. */
async function runMatrix(s: TestStack, worlds: Map<Role, RoleWorld>, roles: readonly Role[]): Promise<Outcome[]> {
  const used = new Map<EndpointId, (keyof Refs)[]>();
  for (const id of ENDPOINT_IDS) used.set(id, await refsUsedBy(id, roles[0]!));
  const turns = new Turns();
  const perRole = await Promise.all(roles.map((role) => runRole(s, worlds.get(role)!, used, turns)));
  return perRole.flat();
}

// ── the checker itself ─────────────────────────────────────────────────────────────────────────

describe.runIf(covers('sqlite'))('role matrix checker', () => {
  it('flags an allowed role without success, a forbidden role admitted, and an exception that no longer holds', () => {
    const o = (role: Role, id: EndpointId, status: number, code?: string): Outcome => ({ role, id, status, code, body: '' });
    expect(violations([o('luc_regular', 'getUnit', 200), o('luc_read', 'startUnitStream', 403, 'FORBIDDEN'), o('luc_regular', 'createStory', 201)])).toEqual(
      [],
    );
    expect(violations([o('luc_read', 'deleteUnitFiles', 403, 'READ_ONLY_FILE_DELETE')])).toEqual([]);
    for (const bad of [
      o('luc_read', 'startUnitStream', 200),
      o('luc_read', 'startUnitStream', 404, 'NOT_FOUND'),
      o('luc_regular', 'getUnit', 403, 'FORBIDDEN'),
      o('luc_regular', 'getUnit', 401, 'UNAUTHENTICATED'),
      o('luc_regular', 'getUnit', 500, 'GENERIC'),
      o('luc_regular', 'startUnitStream', 409, 'UNIT_OFFLINE'),
      o('luc_regular', 'createStory', 200),
      o('luc_read', 'deleteUnitFiles', 200),
      o('luc_regular', 'deleteUnitFiles', 403, 'READ_ONLY_FILE_DELETE'),
    ]) {
      expect(violations([bad]), JSON.stringify(bad)).toHaveLength(1);
    }
  });

  it('has a valid example for every declared call, fitting its schemas', async () => {
    const world = inputWorld('luc_regular');
    const problems: string[] = [];
    for (const id of ENDPOINT_IDS) {
      const bad = fitsSchemas(id, await exampleInput(id, world.refs, world));
      if (bad) problems.push(`${id}: ${bad}`);
    }
    expect(problems).toEqual([]);
  });
});

// ── SQLite: the full matrix ────────────────────────────────────────────────────────────────────

describe.runIf(covers('sqlite'))('role matrix on sqlite (every call × every role)', () => {
  let s: TestStack;
  let worlds: Map<Role, RoleWorld>;
  beforeAll(async () => {
    s = await startTestStack({ provider: 'sqlite', simulatorTimings: TIMINGS });
    worlds = await createWorlds(s, ROLES);
  });
  afterAll(async () => s?.close());

  it('answers an object outside a non-global caller’s scope like a missing one, and changes nothing', async () => {
    const { failures, kinds, checked } = await checkObjectScope(s, worlds);
    expect(failures).toEqual([]);
    // At least one check per call that admits a non-global role (the others see every object).
    expect(checked).toBeGreaterThan(ENDPOINT_IDS.filter((id) => nonGlobalRoleFor(catalogue[id]) !== null).length);
    expect([...kinds].sort()).toEqual(
      (
        [
          'channel',
          'channel file',
          'group',
          'invitation',
          'inventory',
          'server',
          'story',
          'unit',
          'video return channel',
          'p2p link',
          'user',
          'audio room',
          'software version',
          'publisher',
          'subscriber folder',
          'subscriber',
          'usage profile',
        ] satisfies ObjectKind[]
      ).sort(),
    );
  });

  it('answers 403 to roles outside each declaration and success to every role inside', async () => {
    const outcomes = await runMatrix(s, worlds, ROLES);
    expect(outcomes).toHaveLength(ENDPOINT_IDS.length * ROLES.length);
    expect(violations(outcomes)).toEqual([]);
  }, 300_000);
});

// ── PostgreSQL: the scope check and representative roles ────────────────────────────────────────

describe.runIf(pgUrl())('role matrix on postgresql (scope check; global, regular, read-only, admin and partner roles)', () => {
  // luc_partner: the one non-global role the remote actions admit, so their scope is checked with it.
  // luc_media_group_admin: with super_user the only role of the shares calls (001 §2), so their scope is checked with it.
  const PG_ROLES: readonly Role[] = ['super_user', 'luc_regular', 'luc_read', 'luc_admin', 'luc_partner', 'luc_media_group_admin'];
  let s: TestStack;
  let worlds: Map<Role, RoleWorld>;
  beforeAll(async () => {
    s = await startTestStack({ provider: 'postgresql', simulatorTimings: TIMINGS });
    worlds = await createWorlds(s, PG_ROLES);
  });
  afterAll(async () => s?.close());

  it('answers an object outside a non-global caller’s scope like a missing one, and changes nothing', async () => {
    const { failures } = await checkObjectScope(s, worlds);
    expect(failures).toEqual([]);
  });

  // A role a test (each role's calls are several hundred requests).
  for (const role of PG_ROLES) {
    it(`answers 403 to ${role} outside each declaration and success inside`, async () => {
      const outcomes = await runMatrix(s, worlds, [role]);
      expect(outcomes).toHaveLength(ENDPOINT_IDS.length);
      expect(violations(outcomes)).toEqual([]);
    });
  }
});
