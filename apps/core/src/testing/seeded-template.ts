/**
 * The seeded SQLite database of the fast module tier. The unit project's global setup
 * (tests/support/module-template.ts) starts migrating and seeding one template file when the run
 * starts and names it in {@link MODULE_TEMPLATE_ENV} at once; the pure tests run meanwhile, and a
 * module test waits for the file before it copies it (a file copy, a few milliseconds), so the
 * seeding is paid once a run and overlaps the rest of the project.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { systemClock } from '@fleet/contracts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The template's path, set by the global setup before any worker starts. */
export const MODULE_TEMPLATE_ENV = 'FLEET_MODULE_SQLITE_TEMPLATE';
/** Beside the template once it is complete (it is written under another name, then renamed). */
export const failedMarker = (template: string): string => `${template}.failed`;

/** How long a module test waits for the template (the seed takes about 3 s alone, 8 s on a loaded machine); within HARNESS_START_MS. */
const WAIT_MS = 50_000;

/** A fresh copy of the seeded template in a folder of its own. */
export async function copySeededTemplate(): Promise<{ url: string; dir: string }> {
  const template = process.env[MODULE_TEMPLATE_ENV];
  if (!template) throw new Error(`${MODULE_TEMPLATE_ENV} is not set: module tests run in vitest's unit project, whose global setup seeds their template`);
  const until = systemClock.now() + WAIT_MS;
  while (!existsSync(template)) {
    if (existsSync(failedMarker(template))) throw new Error(`the module tests' template was not made: ${readFileSync(failedMarker(template), 'utf8')}`);
    if (systemClock.now() > until) throw new Error(`the module tests' template ${template} did not appear within ${WAIT_MS} ms`);
    await sleep(25);
  }
  const dir = mkdtempSync(join(tmpdir(), 'fleet-module-'));
  // The template was closed cleanly: its WAL is checkpointed into the main file, which is all there is to copy.
  copyFileSync(template, join(dir, 'test.db'));
  return { url: `file:${join(dir, 'test.db')}`, dir };
}
