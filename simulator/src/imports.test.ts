import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Every source module of the simulator (tests excluded: nothing imports them). */
function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return modules(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The simulator modules one module imports or re-exports, `import type` included. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'/gms)].map((m) => m[1]!);
  return specifiers.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')));
}

/** The first import cycle found, as the modules along it; null when there is none. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (m: string): string[] | null => {
    if (state.get(m) === 'done') return null;
    if (state.get(m) === 'open') return [...path.slice(path.indexOf(m)), m];
    state.set(m, 'open');
    path.push(m);
    for (const next of graph.get(m) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(m, 'done');
    return null;
  };
  for (const m of graph.keys()) {
    const cycle = visit(m);
    if (cycle) return cycle;
  }
  return null;
}

describe('simulator module structure', () => {
  it('has no import cycle (type-only imports count)', () => {
    const graph = new Map(modules(SRC).map((m) => [m, importsOf(m)]));
    expect(graph.size).toBeGreaterThan(20);
    const cycle = findCycle(graph);
    expect(cycle?.map((m) => relative(SRC, m)) ?? null).toBeNull();
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
  });
});
