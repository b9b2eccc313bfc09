/**
 * prisma/schema.prisma (SQLite datasource) is the single source of the model. The PostgreSQL
 * schema is derived from it: only the datasource provider differs (and, necessarily, the
 * generator output folder, because a generated client serves one provider).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SCHEMA_PATHS } from './paths.js';

export const DERIVED_HEADER =
  '// GENERATED from prisma/schema.prisma by packages/db/scripts/generate.ts: do not edit.\n' +
  '// Only the datasource provider (and the client output folder) differ from the source.\n';

const DATASOURCE_RE = /datasource\s+db\s*\{[^}]*\}/;
const PROVIDER_IN_DATASOURCE_RE = /(provider\s*=\s*)"sqlite"/;
const OUTPUT_RE = /(output\s*=\s*)"\.\.\/packages\/db\/generated\/sqlite"/;

/** Derive the PostgreSQL schema text from the SQLite source text. Throws when the source lost the expected shape. */
export function derivePostgresSchema(source: string): string {
  const datasource = DATASOURCE_RE.exec(source);
  if (!datasource) throw new Error('prisma/schema.prisma: no `datasource db { ... }` block');
  if (!PROVIDER_IN_DATASOURCE_RE.test(datasource[0])) {
    throw new Error('prisma/schema.prisma: the datasource must use provider = "sqlite" (it is the source)');
  }
  if (!OUTPUT_RE.test(source)) {
    throw new Error('prisma/schema.prisma: generator output must be "../packages/db/generated/sqlite"');
  }
  const pgDatasource = datasource[0].replace(PROVIDER_IN_DATASOURCE_RE, '$1"postgresql"');
  const body = source
    .replace(DATASOURCE_RE, pgDatasource)
    // the derived file lives one folder deeper (prisma/postgresql/)
    .replace(OUTPUT_RE, '$1"../../packages/db/generated/postgresql"');
  return DERIVED_HEADER + body;
}

export function readSourceSchema(): string {
  return readFileSync(SCHEMA_PATHS.sqlite, 'utf8');
}

/** The schema text for a provider, as the migration engine and the generator see it. */
export function schemaFor(provider: 'sqlite' | 'postgresql'): string {
  const source = readSourceSchema();
  return provider === 'sqlite' ? source : derivePostgresSchema(source);
}

/** File written beside each generated client: the hash of the schema it was generated from. */
export const SOURCE_HASH_FILE = '.schema-hash';

export function schemaHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
