/**
 * The realtime layer knows no feature: no module of this folder imports (or re-exports, types
 * included) a module of features/ or of the live table that lists them (live/). Features register
 * what an event changes in their caches (liveRegistry.ts); the console's composition joins them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HERE = dirname(fileURLToPath(import.meta.url));
const SRC = resolve(HERE, '..');

/** The folder's source modules (tests excluded: they may render a feature to see an event's effect). */
function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return modules(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The console modules a source text imports, re-exports or loads, as paths under src/. */
export function importsOf(file: string, text: string): string[] {
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'/gms),
    ...text.matchAll(/^\s*import\s+'(\.[^']+)'/gm),
    ...text.matchAll(/import\(\s*'(\.[^']+)'\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers.map((s) => relative(SRC, resolve(dirname(file), s)));
}

const FORBIDDEN = /^(features|live)(\/|$)/;

function violations(files: readonly { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) =>
    importsOf(file, text)
      .filter((target) => FORBIDDEN.test(target))
      .map((target) => `${relative(SRC, file)} → ${target}`),
  );
}

describe('the realtime folder imports no feature', () => {
  it('has no import of features/ or live/ (type-only imports count)', () => {
    const files = modules(HERE).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    expect(files.length).toBeGreaterThan(10);
    expect(violations(files)).toEqual([]);
  });

  it('finds such an import when there is one (the check can fail)', () => {
    const file = join(HERE, 'x.ts');
    expect(
      violations([
        { file, text: "import type { A } from '../features/units/live';\n" },
        { file, text: "export { B } from '../live/table';\n" },
        { file, text: "const t = () => import('../features/map/live');\n" },
        { file, text: "import { C } from './liveRegistry';\n" },
      ]),
    ).toEqual(['realtime/x.ts → features/units/live', 'realtime/x.ts → live/table', 'realtime/x.ts → features/map/live']);
  });
});
