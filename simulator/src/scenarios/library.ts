/**
 * The scenario library: data files in simulator/scenarios/<name>.json, each validated against the
 * contracts' ScenarioFile schema (a timeline of steps and expectations, documented in one line).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ScenarioFile } from '@fleet/contracts';

export const SCENARIO_DIR = fileURLToPath(new URL('../../scenarios/', import.meta.url));

/** Read and validate one scenario file; the error names the file and the failing field. */
export function loadScenarioFile(path: string): ScenarioFile {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`${path}: not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const r = ScenarioFile.safeParse(json);
  if (!r.success) throw new Error(`${path}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  if (`${r.data.name}.json` !== basename(path)) throw new Error(`${path}: the scenario's name must be its file name (${r.data.name}.json)`);
  return r.data;
}

/** Every scenario of a folder, by name. */
export function loadLibrary(dir: string = SCENARIO_DIR): ScenarioFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => loadScenarioFile(join(dir, f)));
}
