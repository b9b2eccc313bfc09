/**
 * The seeded SQLite database of the fast module tier. The unit project's global setup
 * (tests/support/module-template.ts) migrates and seeds one template file before any test starts and
 * names it in {@link MODULE_TEMPLATE_ENV}; a module test copies it (a file copy, a few milliseconds),
 * so the seeding is paid once a run.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The template's path, set by the global setup before any worker starts. */
export const MODULE_TEMPLATE_ENV = 'FLEET_MODULE_SQLITE_TEMPLATE';

/** A fresh copy of the seeded template in a folder of its own. */
export function copySeededTemplate(): { url: string; dir: string } {
  const template = process.env[MODULE_TEMPLATE_ENV];
  if (!template) throw new Error(`${MODULE_TEMPLATE_ENV} is not set: module tests run in vitest's unit project, whose global setup seeds their template`);
  const dir = mkdtempSync(join(tmpdir(), 'fleet-module-'));
  // The template was closed cleanly: its WAL is checkpointed into the main file, which is all there is to copy.
  copyFileSync(template, join(dir, 'test.db'));
  return { url: `file:${join(dir, 'test.db')}`, dir };
}
