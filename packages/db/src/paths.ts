/**
 * Locations of the storage sources in the repository. Everything is resolved from this file's
 * location, never from the working directory, so the package works from any cwd.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));

/** packages/db */
export const PACKAGE_DIR = path.resolve(here, '..');
/** Repository root. */
export const REPO_ROOT = path.resolve(PACKAGE_DIR, '..', '..');
/** prisma/ at the repository root: the one source of truth for storage. */
export const PRISMA_DIR = path.join(REPO_ROOT, 'prisma');

export type DbProvider = 'sqlite' | 'postgresql';

export const SCHEMA_PATHS: Record<DbProvider, string> = {
  sqlite: path.join(PRISMA_DIR, 'schema.prisma'),
  postgresql: path.join(PRISMA_DIR, 'postgresql', 'schema.prisma'),
};

export const MIGRATIONS_DIRS: Record<DbProvider, string> = {
  sqlite: path.join(PRISMA_DIR, 'migrations', 'sqlite'),
  postgresql: path.join(PRISMA_DIR, 'migrations', 'postgresql'),
};

export const GENERATED_DIRS: Record<DbProvider, string> = {
  sqlite: path.join(PACKAGE_DIR, 'generated', 'sqlite'),
  postgresql: path.join(PACKAGE_DIR, 'generated', 'postgresql'),
};
