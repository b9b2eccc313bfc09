/**
 * Generates the Prisma clients when they are missing or older than the schemas (they are not
 * committed). Never rewrites the committed PostgreSQL schema: drift is the drift test's job.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { GENERATED_DIRS, PACKAGE_DIR, SCHEMA_PATHS } from '../src/paths.js';
import { SOURCE_HASH_FILE, schemaHash } from '../src/schema-source.js';

export default function setup(): void {
  const stale = (['sqlite', 'postgresql'] as const).some((p) => {
    const hashFile = path.join(GENERATED_DIRS[p], SOURCE_HASH_FILE);
    if (!existsSync(hashFile) || !existsSync(path.join(GENERATED_DIRS[p], 'client.ts'))) return true;
    if (!existsSync(SCHEMA_PATHS[p])) return true;
    return readFileSync(hashFile, 'utf8') !== schemaHash(readFileSync(SCHEMA_PATHS[p], 'utf8'));
  });
  if (!stale) return;
  const tsx = path.join(PACKAGE_DIR, 'node_modules', '.bin', 'tsx');
  const r = spawnSync(tsx, [path.join(PACKAGE_DIR, 'scripts', 'generate.ts'), '--no-write'], { stdio: 'inherit', cwd: PACKAGE_DIR });
  if (r.status !== 0) throw new Error('prisma client generation failed');
}
