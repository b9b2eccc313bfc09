/**
 * The unit project's global setup: the seeded SQLite template of the fast module tier
 * (apps/core/src/testing/seeded-template.ts), migrated and seeded once a run before any test starts
 * (about 3 s), and named for the workers in {@link MODULE_TEMPLATE_ENV}.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MODULE_TEMPLATE_ENV } from '../../apps/core/src/testing/seeded-template.js';
import { migrateAndSeed } from './templates.js';

export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-module-template-'));
  const template = join(dir, 'template.db');
  await migrateAndSeed(`file:${template}`);
  process.env[MODULE_TEMPLATE_ENV] = template;
  return () => {
    delete process.env[MODULE_TEMPLATE_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}
