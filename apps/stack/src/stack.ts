import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createInProcessLink, Engine, type EngineOptions } from '@fleet/simulator';

const StackConfig = z.object({
  SIMULATOR: z.enum(['inprocess', 'off']).default('inprocess'),
  SIM_SEED: z.coerce.number().int().optional(),
  SIM_SPEED: z.coerce.number().positive().default(1),
});
export type StackConfig = z.infer<typeof StackConfig>;

export function loadStackConfig(env: Record<string, string | undefined> = process.env): StackConfig {
  const r = StackConfig.safeParse(env);
  if (!r.success) throw new Error(`Invalid configuration:\n${r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  return r.data;
}

/** Attach an in-process simulator shard to a built core. */
export function startSimulator(
  app: FastifyInstance,
  opts: { seed: number; speed?: number; timings?: EngineOptions['timings']; clock?: EngineOptions['clock'] },
): Engine {
  const link = createInProcessLink();
  const engine = new Engine({
    seed: opts.seed,
    clock: opts.clock ?? (opts.speed && opts.speed !== 1 ? { kind: 'accelerated', factor: opts.speed } : { kind: 'realtime' }),
    ...(opts.timings ? { timings: opts.timings } : {}),
  });
  engine.attach(link.device);
  app.services.gateway.attach(link.core, { trusted: true });
  return engine;
}
