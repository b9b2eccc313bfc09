/**
 * The unit project's global setup: the seeded SQLite template of the fast module tier
 * (apps/core/src/testing/seeded-template.ts). It names the template's path for the workers at once
 * and makes the file in the background, so the project's pure tests run while it is seeded; the
 * file appears under its name only when it is complete (or a `.failed` file beside it says why not).
 */
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MODULE_TEMPLATE_ENV, failedMarker } from '../../apps/core/src/testing/seeded-template.js';
import { migrateAndSeed } from './templates.js';

export default function setup(): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-module-template-'));
  const template = join(dir, 'template.db');
  const making = join(dir, 'making.db');
  process.env[MODULE_TEMPLATE_ENV] = template;
  const made = migrateAndSeed(`file:${making}`).then(
    () => renameSync(making, template),
    (e: unknown) => writeFileSync(failedMarker(template), e instanceof Error ? (e.stack ?? e.message) : String(e)),
  );
  return async () => {
    await made;
    delete process.env[MODULE_TEMPLATE_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}
