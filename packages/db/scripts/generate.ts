/**
 * pnpm --filter @fleet/db generate [--check]
 *
 * 1. Writes prisma/postgresql/schema.prisma from prisma/schema.prisma (only the datasource differs).
 *    With --check, writes nothing and exits 1 when the committed file drifts.
 * 2. Runs `prisma generate` for both schemas with PRISMA_SCHEMA_ENGINE_BINARY pointing at an
 *    existing file, so the CLI never tries to download a native engine (STACK.md).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { derivePostgresSchema, readSourceSchema } from '../src/schema-source.js';
import { GENERATED_DIRS, SCHEMA_PATHS } from '../src/paths.js';
import { SOURCE_HASH_FILE, schemaHash } from '../src/schema-source.js';

const check = process.argv.includes('--check');
const derived = derivePostgresSchema(readSourceSchema());
const current = existsSync(SCHEMA_PATHS.postgresql) ? readFileSync(SCHEMA_PATHS.postgresql, 'utf8') : null;

if (check) {
  if (current !== derived) {
    console.error('prisma/postgresql/schema.prisma drifts from prisma/schema.prisma: run `pnpm db:generate`.');
    process.exit(1);
  }
  console.log('prisma/postgresql/schema.prisma is in sync.');
  process.exit(0);
}

const noWrite = process.argv.includes('--no-write');
if (current !== derived && !noWrite) {
  mkdirSync(path.dirname(SCHEMA_PATHS.postgresql), { recursive: true });
  writeFileSync(SCHEMA_PATHS.postgresql, derived);
  console.log('wrote prisma/postgresql/schema.prisma');
}

const require = createRequire(import.meta.url);
const prismaCli = path.join(path.dirname(require.resolve('prisma/package.json')), 'build', 'index.js');
const engineBinary = process.env.PRISMA_SCHEMA_ENGINE_BINARY;
const env = {
  ...process.env,
  // Any existing file will do: generate never runs it, but the CLI otherwise downloads one.
  PRISMA_SCHEMA_ENGINE_BINARY: engineBinary && existsSync(engineBinary) ? engineBinary : '/bin/false',
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};

let failed = false;
for (const provider of ['sqlite', 'postgresql'] as const) {
  const schema = SCHEMA_PATHS[provider];
  const r = spawnSync(process.execPath, [prismaCli, 'generate', '--schema', schema], { env, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`prisma generate failed for ${schema}`);
    failed = true;
  } else {
    writeFileSync(path.join(GENERATED_DIRS[provider], SOURCE_HASH_FILE), schemaHash(readFileSync(schema, 'utf8')));
  }
}
process.exit(failed ? 1 : 0);
