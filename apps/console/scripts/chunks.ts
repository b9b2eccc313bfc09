/// <reference types="node" />
/**
 * How the build groups the console's modules into files. Left to itself the bundler makes one file per
 * set of pages sharing a module: about a hundred small files for the first page, each a round trip on a
 * phone's network. Instead, the modules a signed-in first page needs come in a few files:
 *
 * - `index` (index.html's module script): what the entry imports statically (React, the router, the
 *   providers, Mantine's base);
 * - `shell`: the session gate and the console's frame (header, navigation, dialogs) with what they
 *   import beyond the entry;
 * - one file per usual first page (the map, then the unit list) with what it imports beyond those:
 *   what both import (the windowed list, status labels, ...) goes with the smaller map, which a
 *   first /list loads too, so a first /map does not load the whole unit list;
 * - `live`: the live table (live/table.ts) with what it imports beyond those (loaded with the first event);
 * - `values`: the contracts' modules that build no schema (messages, entity values, topics, ...) and
 *   that the entry does not already hold; they import only each other, so the file depends on the
 *   entry alone;
 * - `schemas`: zod and the contracts' modules that build schemas, loaded by the first page or dialog
 *   that parses with one. The first route and the realtime event table use none. Left to the groups
 *   below it, the schemas followed the frame's imports of the contracts into the frame.
 *
 * The groups never import each other in a circle: `values` and `schemas` depend on the entry (and
 * `schemas` on `values`) only, so no file can run before a file it needs.
 *
 * Every other page, and whatever a page loads with `import()`, keeps the bundler's own chunking; a
 * later page that shares a module with one of these files loads that file (usually already cached).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Rolldown } from 'vite';

const SRC = resolve(import.meta.dirname, '../src');

/** A group of the first route: its file's name and the modules that start it (their imports follow). */
function group(name: string, roots: readonly string[], priority: number): Rolldown.CodeSplittingGroup {
  const ids = new Set(roots.map((root) => resolve(SRC, root)));
  return { name, test: (id) => ids.has(id), priority };
}

const CONTRACTS = resolve(import.meta.dirname, '../../../packages/contracts/src');
const CONTRACT_FILES = readdirSync(CONTRACTS, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => resolve(CONTRACTS, f));

/** The contracts' modules a module imports at run time (type-only imports left out). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export) (?!type )[^;]*?from '(\.[^']+)';/gm)].map((m) => resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts')));
}

/**
 * The contracts' modules that build zod schemas when they load: those importing zod, and those importing
 * one of them. The others are plain values and functions (constants, enum values, roles, messages, topics).
 */
const SCHEMA_MODULES = (() => {
  const found = new Set(CONTRACT_FILES.filter((f) => /^import (?!type )[^;]*from 'zod';/m.test(readFileSync(f, 'utf8'))));
  for (let grew = true; grew; ) {
    grew = false;
    for (const file of CONTRACT_FILES) {
      if (!found.has(file) && runtimeImports(file).some((dep) => found.has(dep))) {
        found.add(file);
        grew = true;
      }
    }
  }
  return found;
})();
const VALUE_MODULES = new Set(CONTRACT_FILES.filter((f) => !SCHEMA_MODULES.has(f)));

/** The groups, highest priority first: a module goes to the first group that needs it. */
export const FIRST_ROUTE_GROUPS: Rolldown.CodeSplittingGroup[] = [
  { name: 'index', tags: ['$initial'], priority: 6 },
  { name: 'values', test: (id) => VALUE_MODULES.has(id), priority: 5, includeDependenciesRecursively: false },
  { name: 'schemas', test: (id) => SCHEMA_MODULES.has(id) || /[\\/]node_modules[\\/]zod[\\/]/.test(id), priority: 4 },
  group('shell', ['session/SessionGate.tsx', 'shell/AppLayout.tsx'], 3),
  group('map', ['features/map/Map.page.tsx'], 2),
  group('unit-list', ['features/units/UnitList.page.tsx'], 1),
  // The live table (the features' registered patches import much of their logic), loaded with the first event.
  group('live', ['live/table.ts'], 0),
];
