/**
 * pnpm --filter @fleet/db seed [--reset] [--seed=<n>] [--fleet=small|medium|large] [--migrate]
 *
 * Env: DATABASE_URL (default <repo>/.data/fleet.db), DEMO_PASSWORD (default Demo-pass-1), SEED_FLEET
 * (the fleet's size when --fleet is not given; default medium).
 * Refuses a non-empty database unless --reset. --migrate applies migrations first.
 */
import path from 'node:path';
import { createDb } from '../src/client.js';
import { migrateDeploy } from '../src/migrate.js';
import { DEFAULT_DEMO_PASSWORD, DEFAULT_FLEET, DEFAULT_SEED, FLEET_SIZES, seed, type FleetSize } from '../src/seed/index.js';
import { REPO_ROOT } from '../src/paths.js';
import { redactUrl, resolveSqliteUrl } from '../src/url.js';

const args = process.argv.slice(2);
const flag = (name: string): boolean => args.includes(`--${name}`);
const value = (name: string): string | undefined => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

async function main(): Promise<number> {
  // pnpm runs scripts in packages/db; relative paths are meant from where the command was typed.
  const userCwd = process.env.INIT_CWD ?? process.cwd();
  const url = resolveSqliteUrl(process.env.DATABASE_URL ?? `file:${path.join(REPO_ROOT, '.data', 'fleet.db')}`, userCwd);
  const password = process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
  const seedValue = value('seed') !== undefined ? Number(value('seed')) : DEFAULT_SEED;
  if (!Number.isInteger(seedValue)) {
    console.error('--seed must be an integer');
    return 2;
  }
  const fleet = value('fleet') ?? process.env.SEED_FLEET ?? DEFAULT_FLEET;
  if (!(FLEET_SIZES as readonly string[]).includes(fleet)) {
    console.error(`--fleet must be one of ${FLEET_SIZES.join(', ')}`);
    return 2;
  }
  if (flag('migrate')) {
    const r = await migrateDeploy(url);
    if (r.appliedMigrationNames.length) console.log(`applied ${r.appliedMigrationNames.join(', ')}`);
  }
  const db = await createDb({ url });
  try {
    const started = performance.now();
    const result = await seed(db, { seed: seedValue, fleet: fleet as FleetSize, password, reset: flag('reset') });
    console.log(
      `seeded ${redactUrl(url)} (seed ${result.seed}, fleet ${result.fleet}, ${Math.round(performance.now() - started)} ms):`,
      Object.entries(result.counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
    );
    console.log(`users: one per role, username = role name, password ${process.env.DEMO_PASSWORD ? 'from DEMO_PASSWORD' : DEFAULT_DEMO_PASSWORD}`);
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
