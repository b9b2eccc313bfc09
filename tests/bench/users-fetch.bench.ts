/**
 * GET v2/users with 10,000 users against the unit list (GET devices/fetch with 10,000 generated
 * units) in the same core, the same run: the user list's first page, a deep page sorted by last
 * name, and a name search, each as one console asks for them — one connection, one request after
 * the other (`--connections` adds variants) — the core alone in its own process pinned to one
 * core and autocannon in another process on the other core, as the other list benchmarks do.
 *
 * The database is prepared by a first core process (migrations, demo seed, the generated fleet);
 * the users are then written straight into storage (`createMany`), spread over the seeded
 * inventories, and the measured core starts on them, as a deployed core starts on its data.
 * Nothing changes users or units during the run (no simulator), so each answer is the same
 * bytes throughout.
 *
 * devices/fetch has no paging: it answers every visible unit, so it is measured as the console
 * asks for it (the whole list); a page of the user list is `--limit` rows (the console's 50).
 *
 *   pnpm --filter @fleet/tests exec tsx bench/users-fetch.bench.ts [--seconds 10] [--warmup 2]
 *        [--users 10000] [--units 10000] [--limit 50] [--connections 1] [--provider sqlite|postgresql]
 *        [--user super_user]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createDb, SEED_IDS } from '@fleet/db';
import { getText, load, login, machine, startCore, type LoadOptions, type LoadResult } from './harness.js';
import { freshDatabase } from '../support/stack.js';
import { recordResult } from './record.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    users: { type: 'string', default: '10000' },
    units: { type: 'string', default: '10000' },
    limit: { type: 'string', default: '50' },
    connections: { type: 'string', default: '1' },
    provider: { type: 'string', default: 'sqlite' },
    /** Sees every user and every unit. */
    user: { type: 'string', default: 'super_user' },
  },
});
const userCount = Number(values.users);
const unitFleet = Number(values.units);
const limit = Number(values.limit);
const variants = values.connections.split(',').map(Number);
const provider = values.provider === 'postgresql' ? 'postgresql' : 'sqlite';
const USER = values.user;
/** The deep page: where 10,000 users sorted by last name end (offset 9000). */
const deepOffset = Math.max(0, userCount - 1000);
const loadAtStart = loadavg()[0]!;

/** Rows per createMany (SQLite binds at most 32,766 variables per statement). */
const CHUNK = 500;
const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Margaret',
  'Linus',
  'Frances',
  'Ken',
  'Radia',
  'Niklaus',
  'Sophie',
  'Tim',
  'Hedy',
  'John',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Hamilton',
  'Torvalds',
  'Allen',
  'Thompson',
  'Perlman',
  'Wirth',
  'Wilson',
  'Berners-Lee',
  'Lamarr',
  'Backus',
];
const TYPES = ['luc_regular', 'luc_regular', 'luc_regular', 'luc_admin', 'luc_read'] as const;
/** The name search: a first name and the start of a last name, as typed in the console ("Ada Love"). */
const NAME_SEARCH = 'Ada Love';

/**
 * `count` users written into storage: names mixed (every first name meets every last name, with a
 * number so last names spread over the whole alphabet of the sort), each in one of the seeded
 * inventories (the first inventory for most, as the seed does) and, for every fourth, one group.
 */
async function seedUsers(url: string, count: number): Promise<void> {
  const db = await createDb({ url });
  try {
    const organisationId =
      (await db.prisma.user.findUnique({ where: { id: SEED_IDS.users.luc_admin }, select: { organisationId: true } }))?.organisationId ?? null;
    const inventories = Object.keys(SEED_IDS.groupsByInventory) as Array<keyof typeof SEED_IDS.groupsByInventory>;
    const created = new Date('2026-01-01T00:00:00Z').getTime();
    const rows = Array.from({ length: count }, (_, n) => {
      const number = String(n + 1).padStart(5, '0');
      const inventoryId = n % 5 === 4 ? inventories[(n >> 2) % inventories.length]! : SEED_IDS.firstInventoryId;
      return {
        row: {
          id: `bench-user-${number}`,
          username: `bench.user.${number}`,
          // Never used to log in: the list does not read it.
          passwordHash: 'scrypt$16384$bench$bench',
          email: n % 7 === 6 ? null : `bench.user.${number}@example.com`,
          firstName: FIRST[n % FIRST.length]!,
          lastName: `${LAST[Math.floor(n / FIRST.length) % LAST.length]!} ${String(n % 613).padStart(3, '0')}`,
          userType: TYPES[n % TYPES.length]!,
          roles: [TYPES[n % TYPES.length]!],
          userLabel: n % 3 === 0 ? `label ${n % 11}` : null,
          active: n % 10 !== 9,
          organisationId,
          createdAt: new Date(created + n * 60_000),
          lastLoginAt: n % 4 === 0 ? null : new Date(created + n * 3_600_000),
        },
        inventoryId,
        groupId: n % 4 === 0 ? SEED_IDS.groupsByInventory[inventoryId]![0]! : null,
      };
    });
    for (let i = 0; i < rows.length; i += CHUNK) {
      const part = rows.slice(i, i + CHUNK);
      await db.prisma.user.createMany({ data: part.map((p) => p.row) });
      await db.prisma.userInventory.createMany({ data: part.map((p) => ({ userId: p.row.id, inventoryId: p.inventoryId })) });
      const grouped = part.filter((p) => p.groupId !== null);
      await db.prisma.userGroup.createMany({ data: grouped.map((p) => ({ userId: p.row.id, groupId: p.groupId! })) });
    }
  } finally {
    await db.close();
  }
}

const opts = (connections: number, headers: Record<string, string>, serverPid: number | undefined): LoadOptions => ({
  connections,
  seconds: Number(values.seconds),
  warmupSeconds: Number(values.warmup),
  headers,
  serverPid,
});

const usersPath = (q: Record<string, string | number>) =>
  `/api/v2/users?${new URLSearchParams(Object.entries({ limit, ...q }).map(([k, v]) => [k, String(v)])).toString()}`;

const database = await freshDatabase(provider);
try {
  // 1. Storage migrated and seeded, the fleet generated by a first core; then the users written.
  const generator = await startCore({ provider, database: database.url, fleet: unitFleet });
  const fleetSeconds = generator.fleetSeconds;
  await generator.stop();
  const t0 = performance.now();
  await seedUsers(database.url, userCount);
  const usersSeedSeconds = Math.round(performance.now() - t0) / 1000;

  // 2. The measured core started on them; each list read as one console asks for it.
  const core = await startCore({ provider, database: database.url });
  const lists: Record<string, { path: string; items: number; total: number | null; responseBytes: number; results: Record<string, LoadResult> }> = {};
  try {
    const cookie = await login(core.url, USER);
    const paths = {
      'devices/fetch (whole list)': '/api/devices/fetch',
      'v2/users first page (by username)': usersPath({ offset: 0 }),
      [`v2/users deep page (offset ${deepOffset}, by last name)`]: usersPath({ offset: deepOffset, sortBy: 'lastName', sortDir: 'asc' }),
      [`v2/users name search ("${NAME_SEARCH}")`]: usersPath({ offset: 0, searchKey: 'name', searchValue: NAME_SEARCH }),
    };
    for (const [name, path] of Object.entries(paths)) {
      const body = await getText(`${core.url}${path}`, { cookie });
      const answer = JSON.parse(body) as unknown[] | { items: unknown[]; total: number };
      const results: Record<string, LoadResult> = {};
      for (const c of variants) results[`c${c}`] = await load(`${core.url}${path}`, opts(c, { cookie }, core.child.pid));
      lists[name] = {
        path,
        items: Array.isArray(answer) ? answer.length : answer.items.length,
        total: Array.isArray(answer) ? null : answer.total,
        responseBytes: Buffer.byteLength(body),
        results,
      };
    }
  } finally {
    await core.stop();
  }

  const result = {
    benchmark:
      'GET v2/users with 10,000 users (first page, deep page by last name, name search) beside GET devices/fetch with 10,000 units, one core pinned to one core',
    when: new Date().toISOString(),
    machine: machine(loadAtStart),
    settings: {
      measuredSeconds: Number(values.seconds),
      warmupSeconds: Number(values.warmup),
      connections: variants,
      database: provider,
      user: USER,
      addedUsers: userCount,
      generatedUnits: unitFleet,
      pageSize: limit,
      simulator: 'off',
      fleetSeconds,
      usersSeedSeconds,
    },
    lists,
  };
  recordResult(provider === 'sqlite' ? 'users-fetch' : 'users-fetch-postgresql', result);
  for (const [name, l] of Object.entries(lists)) {
    for (const [k, r] of Object.entries(l.results)) {
      console.log(`${name} ${k}: ${r.requestsPerSec} req/s, p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, ${l.items} items (${l.responseBytes} B)`);
    }
  }
} finally {
  await database.drop();
}
