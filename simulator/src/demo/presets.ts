/**
 * The demo presets: data files in simulator/demos/<name>.json, each validated against the
 * contracts' DemoPresetFile schema (motion and a timeline of device-side steps, documented in one
 * line), one per name of DEMO_PRESET_NAMES.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PRESET_NAMES, DemoPresetFile, type DemoPresetName } from '@fleet/contracts';

export const DEMO_DIR = fileURLToPath(new URL('../../demos/', import.meta.url));

/** Read and validate one preset; the error names the file and the failing field. */
export function loadDemoPreset(name: DemoPresetName, dir: string = DEMO_DIR): DemoPresetFile {
  const path = join(dir, `${name}.json`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`${path}: not readable JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const r = DemoPresetFile.safeParse(json);
  if (!r.success) throw new Error(`${path}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  if (r.data.name !== name) throw new Error(`${path}: the preset's name must be its file name (${r.data.name}.json)`);
  return r.data;
}

/** Every preset, in the order of DEMO_PRESET_NAMES. */
export function loadDemoPresets(dir: string = DEMO_DIR): DemoPresetFile[] {
  return DEMO_PRESET_NAMES.map((name) => loadDemoPreset(name, dir));
}
