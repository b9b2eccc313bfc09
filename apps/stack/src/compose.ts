/**
 * The stack composed: storage prepared, the core built, the in-process simulator attached, the
 * sandboxes' host mounted (main.ts listens on it; tests compose it the same way).
 */
import { hostname, networkInterfaces } from 'node:os';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp, useSandboxHost, type Config } from '@fleet/core';
import { prepareDatabase } from '@fleet/core/storage';
import { loadDemoPreset, type Engine } from '@fleet/simulator';
import { RedisSandboxDirectory } from './sandbox-directory.js';
import { Sandboxes, sandboxesDir } from './sandboxes.js';
import { provideScenarioRunner, simulatorPace, startSimulator, type StackConfig } from './stack.js';

export interface ComposedStack {
  readonly app: FastifyInstance;
  readonly sim: Engine | null;
  readonly sandboxes: Sandboxes | null;
  readonly db: { close(): Promise<void> };
  /** What ends before the core closes: the simulator stops, the sandboxes go. */
  stopAttached(): Promise<void>;
  /** Stops the simulator, removes the sandboxes, closes the core, then storage. */
  close(): Promise<void>;
}

/**
 * The address other instances reach this one at when INSTANCE_URL is not set: its listening port, on
 * its HOST, or when it listens on every interface on its first external IPv4 address (a container's
 * address on a compose network, where replicas of one service cannot be given addresses one by one).
 */
function instanceUrl(host: string, app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | null;
  if (address === null) throw new Error('the stack is not listening yet');
  let name = host;
  if (host === '0.0.0.0' || host === '::') {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i !== undefined && i.family === 'IPv4' && !i.internal);
    name = external?.address ?? hostname();
  }
  return `http://${name.includes(':') ? `[${name}]` : name}:${address.port}`;
}

export async function composeStack(config: Config, stack: StackConfig, options: { logger?: FastifyServerOptions['logger'] } = {}): Promise<ComposedStack> {
  const db = await prepareDatabase(config);
  const pace = simulatorPace(stack);
  // Sandboxes: whole stacks under /sandboxes/<id>, made over the control plane (sandboxes.ts).
  let app: FastifyInstance | null = null;
  const sandboxes = config.MOCK_ENDPOINTS
    ? new Sandboxes({
        config,
        dir: stack.SANDBOX_DIR ?? sandboxesDir(config.DATABASE_URL),
        max: stack.SANDBOX_MAX,
        pace,
        minuteMs: stack.SANDBOX_MINUTE_MS,
        log: () => {
          if (app === null) throw new Error('the stack is not built yet');
          return app.log;
        },
        // Several instances share a Redis: each finds there the sandboxes the others hold.
        directory: config.REDIS_URL
          ? {
              // Its warnings in the stack's log once the core is built (its Redis connects before).
              redis: new RedisSandboxDirectory(config.REDIS_URL, config.REDIS_PREFIX, {
                warn: (o, m) => (app === null ? console.warn(m, o) : app.log.warn(o, m)),
              }),
              ownUrl: () => {
                if (app === null) throw new Error('the stack is not built yet');
                return stack.INSTANCE_URL ?? instanceUrl(config.HOST, app);
              },
            }
          : null,
      })
    : null;
  await sandboxes?.start();
  app = await buildApp({
    config,
    db: db.prisma,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    ...(sandboxes ? { mounts: sandboxes } : {}),
  });
  if (config.MOCK_ENDPOINTS) provideScenarioRunner(app);
  if (sandboxes) useSandboxHost(app, sandboxes);
  const sim =
    stack.SIMULATOR === 'inprocess'
      ? startSimulator(app, {
          seed: stack.SIM_SEED ?? config.SEED,
          speed: pace.speed,
          demo: loadDemoPreset(stack.SIM_DEMO),
          timings: pace.timings,
        })
      : null;
  if (stack.SIM_FLEET_SIZE > 0) {
    const r = await app.services.fleet.generate({ size: stack.SIM_FLEET_SIZE });
    app.log.info(r, 'generated simulated units');
  }
  const built = app;
  const stopAttached = async () => {
    sim?.stop();
    await sandboxes?.close();
  };
  return {
    app: built,
    sim,
    sandboxes,
    db,
    stopAttached,
    async close() {
      await stopAttached();
      await built.close();
      await db.close();
    },
  };
}
