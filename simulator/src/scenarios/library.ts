/**
 * The scenario library: data files in simulator/scenarios/<name>.json, and the regressions the
 * fleet model wrote in simulator/scenarios/regressions/<name>.json (shrunk failing sequences), each
 * validated against the contracts' ScenarioFile schema (a timeline of steps and expectations,
 * documented in one line).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ScenarioFile } from '@fleet/contracts';

export const SCENARIO_DIR = fileURLToPath(new URL('../../scenarios/', import.meta.url));
/** The folder of the library that holds regressions (inside SCENARIO_DIR). */
export const REGRESSIONS = 'regressions';

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

/** Every scenario of a folder and of its regressions folder, by name (a name used twice is an error). */
export function loadLibrary(dir: string = SCENARIO_DIR): ScenarioFile[] {
  const regressions = join(dir, REGRESSIONS);
  const paths = [dir, ...(existsSync(regressions) ? [regressions] : [])].flatMap((d) =>
    readdirSync(d)
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(d, f)),
  );
  const library = paths.map((p) => loadScenarioFile(p)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const twice = library.find((s, i) => i > 0 && library[i - 1]!.name === s.name);
  if (twice) throw new Error(`scenario ${twice.name} is in the library twice`);
  return library;
}
