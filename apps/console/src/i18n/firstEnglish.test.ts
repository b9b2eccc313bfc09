/**
 * The first pages draw with the English texts bundled with the entry (./resources.ts): no module the
 * entry, the frame or a first page imports (statically, as the build puts them in the first files) names
 * a text of an area loaded later. A page or part loaded later waits for those texts (lib/lazy.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREA_KEYS, FIRST_AREA_KEYS } from './resources';

const SRC = resolve(import.meta.dirname, '..');

/**
 * Where the first pages start: the entry, what the router loads for a first page (Router.tsx
 * `FIRST_PAGES`, the session gate, the frame), and what those draw with React's own lazy at once
 * (the map, the sandbox's badge) or on any failure (a region's error).
 */
const ROOTS = [
  'main.tsx',
  'session/SessionGate.tsx',
  'shell/AppLayout.tsx',
  'shell/SandboxBadge.tsx',
  'features/auth/Login.page.tsx',
  'pages/Error.page.tsx',
  'pages/UnauthorizedUser.page.tsx',
  'pages/CustomerPortal.page.tsx',
  'pages/LimitedAccess.page.tsx',
  'features/units/UnitList.page.tsx',
  'features/map/Map.page.tsx',
  'features/map/UnitMap.tsx',
  'components/RegionError.tsx',
];

/** A relative import's file. */
function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** The console's modules a module imports at run time, statically (type-only imports and `import()` left out). */
function staticImports(file: string, text: string): string[] {
  return [...text.matchAll(/^(?:import|export) (?!type )[^;]*?from '(\.[^']+)';|^import '(\.[^']+)';/gm)]
    .map((m) => resolveImport(file, (m[1] ?? m[2])!))
    .filter((f): f is string => f !== null);
}

function firstModules(): Map<string, string> {
  const seen = new Map<string, string>();
  const pending = ROOTS.map((r) => resolve(SRC, r));
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    const text = readFileSync(file, 'utf8');
    seen.set(file, text);
    pending.push(...staticImports(file, text));
  }
  return seen;
}

describe('the English texts bundled with the entry', () => {
  it('hold every area the entry, the frame and the first pages name', () => {
    const later = AREA_KEYS.filter((a) => !FIRST_AREA_KEYS.includes(a));
    const modules = firstModules();
    expect(modules.size).toBeGreaterThan(50);
    const found: string[] = [];
    for (const [file, text] of modules) {
      for (const area of later) {
        if (new RegExp(`['"\`]${area}\\.`).test(text)) found.push(`${relative(SRC, file)}: ${area}`);
      }
    }
    expect(found, 'move the area to the bundled ones in i18n/resources.ts, or load the part with lib/lazy.ts').toEqual([]);
  });

  it('leave some areas to load later', () => {
    expect(AREA_KEYS.length - FIRST_AREA_KEYS.length).toBeGreaterThan(10);
  });
});
