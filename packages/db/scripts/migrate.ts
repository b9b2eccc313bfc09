/**
 * pnpm --filter @fleet/db migrate:deploy            apply committed migrations to DATABASE_URL
 * pnpm --filter @fleet/db migrate:create <name>     create a migration for both providers
 *      (PostgreSQL half needs DATABASE_URL_PG; `--sqlite-only` skips it, not recommended)
 * pnpm --filter @fleet/db exec tsx scripts/migrate.ts check
 *      exit 1 when the committed migrations do not match prisma/schema.prisma
 *      (SQLite always; PostgreSQL too when DATABASE_URL_PG is set)
 *
 * Nothing here needs a downloaded engine binary: the WASM schema engine does the work.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMigrations, diffMigrationsToSchema, migrateDeploy } from '../src/migrate.js';
import { REPO_ROOT } from '../src/paths.js';
import { redactUrl, resolveSqliteUrl } from '../src/url.js';

const DEFAULT_SQLITE_URL = `file:${path.join(REPO_ROOT, '.data', 'fleet.db')}`;
/** pnpm runs scripts in packages/db; relative paths are meant from where the command was typed. */
const userCwd = process.env.INIT_CWD ?? process.cwd();
const [command, ...rest] = process.argv.slice(2);
const flags = new Set(rest.filter((a) => a.startsWith('--')));
const positional = rest.filter((a) => !a.startsWith('--'));
const verbose = flags.has('--verbose');
const log = (m: string): void => {
  if (verbose || !m.startsWith('{')) console.log(m);
};

const PG_HELP =
  'DATABASE_URL_PG is not set. Migrations are created for SQLite AND PostgreSQL so both stay\n' +
  'identical; the PostgreSQL half needs a server (a role with CREATEDB; a scratch database is\n' +
  'created and dropped, your database is not touched). Locally:\n' +
  '  export DATABASE_URL_PG="$(bash scripts/pg-up.sh)"   # from the repository root\n' +
  'then re-run. (--sqlite-only creates the SQLite half alone; the PostgreSQL half must follow.)';

async function main(): Promise<number> {
  switch (command) {
    case 'deploy': {
      const url = resolveSqliteUrl(process.env.DATABASE_URL ?? DEFAULT_SQLITE_URL, userCwd);
      if (!process.env.DATABASE_URL) console.log(`DATABASE_URL not set, using ${url}`);
      const r = await migrateDeploy(url, { log });
      console.log(
        r.appliedMigrationNames.length
          ? `${r.provider} ${redactUrl(url)}: applied ${r.appliedMigrationNames.join(', ')}`
          : `${r.provider} ${redactUrl(url)}: already up to date`,
      );
      return 0;
    }
    case 'create': {
      const name = positional[0];
      if (!name) {
        console.error('usage: migrate:create <name> [--sqlite-only]');
        return 2;
      }
      const postgresUrl = process.env.DATABASE_URL_PG;
      const sqliteOnly = flags.has('--sqlite-only');
      if (!postgresUrl && !sqliteOnly) {
        console.error(PG_HELP);
        return 2;
      }
      const results = await createMigrations({ name, ...(postgresUrl ? { postgresUrl } : {}), sqliteOnly, log });
      for (const r of results) console.log(`${r.provider}: ${r.migrationName ?? 'no changes'}`);
      return 0;
    }
    case 'check': {
      let drift = false;
      const tmp = mkdtempSync(path.join(os.tmpdir(), 'fleet-check-'));
      try {
        const targets: Array<[string, string]> = [['sqlite', `file:${path.join(tmp, 'check.db')}`]];
        if (process.env.DATABASE_URL_PG) targets.push(['postgresql', process.env.DATABASE_URL_PG]);
        else console.log('DATABASE_URL_PG not set: PostgreSQL migrations not checked');
        for (const [provider, url] of targets) {
          const sql = await diffMigrationsToSchema(url, { log });
          if (sql) {
            drift = true;
            console.error(`${provider}: migrations are behind prisma/schema.prisma; missing SQL:\n${sql}`);
          } else console.log(`${provider}: migrations match the schema`);
        }
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
      return drift ? 1 : 0;
    }
    default:
      console.error('usage: migrate.ts deploy | create <name> [--sqlite-only] | check');
      return 2;
  }
}

main().then(
  // A pending handle (pg pool, wasm) can hold the process for a minute: exit explicitly.
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  },
);
