/**
 * The console's Simulator panel calls the control plane (apps/core/src/mock/control-plane.ts) through a type-only mirror
 * (apps/console/src/features/simulator/controlPlaneRouter.ts: importing AppRouter would drag the
 * server into the console's typecheck). This holds the mirror to the real router: every procedure
 * the panel calls exists in the core's router, is the same kind (query or mutation) and takes the same contract schema.
 */
import { describe, expect, it } from 'vitest';
import { appRouter } from '@fleet/core/trpc';
import { controlPlaneRouter } from '../../apps/console/src/features/simulator/controlPlaneRouter.js';

interface ProcedureDef {
  readonly type: string;
  readonly inputs: readonly unknown[];
}

function procedures(router: { _def: { procedures: object } }): Map<string, ProcedureDef> {
  const entries = Object.entries(router._def.procedures as Record<string, { _def: ProcedureDef }>);
  return new Map(entries.map(([path, procedure]) => [path, procedure._def]));
}

describe("the console's control-plane mirror", () => {
  const real = procedures(appRouter);
  const mirror = procedures(controlPlaneRouter);

  it('names only procedures the core serves, of the same kind', () => {
    const wrong = [...mirror]
      .filter(([path, def]) => real.get(path)?.type !== def.type)
      .map(([path, def]) => `${path} (${def.type}; core: ${real.get(path)?.type ?? 'missing'})`);
    expect(wrong).toEqual([]);
    expect(mirror.size).toBeGreaterThan(10);
  });

  it('takes the same input schema as the core (the contract objects themselves)', () => {
    const differing = [...mirror].filter(([path, def]) => {
      const core = real.get(path);
      if (!core) return true;
      // The core validates with at most one input schema per procedure; the mirror uses the same contract object.
      return def.inputs.length !== core.inputs.length || def.inputs.some((schema, i) => schema !== core.inputs[i]);
    });
    expect(differing.map(([path]) => path)).toEqual([]);
  });
});
