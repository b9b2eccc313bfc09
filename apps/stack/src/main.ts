/**
 * The whole local stack in one process: the core (storage, REST, /ws, console) with the device
 * simulator attached in-process through the device gateway. This is the composition root: neither
 * the core nor the simulator knows the other.
 *
 * Environment: everything the core reads (see apps/core/src/env.ts), plus
 *   SIMULATOR   inprocess (default) | off   — off: devices attach over /gateway only
 *   SIM_SEED    seed of the simulated fleet's randomness (default: SEED)
 *   SIM_SPEED   clock factor, 1 = real time (default 1)
 *   SIM_DEMO    demo preset: off | calm | lively (default) | breaking-news (simulator/demos)
 *   SIM_AUTONOMY      share of units acting on their own (default: the preset's)
 *   SIM_FLEET_SIZE    extra generated units (ids SIM-…) mixed over the type groups (default 0)
 *   SIM_TELEMETRY_MS  telemetry interval of the simulated devices (default 5000)
 *   SIM_OUTAGES       true | false — false: no outages or link drops by themselves (default: the preset's)
 */
import { buildApp, exitOnUnsafeSecrets, loadConfig, serveUntilSignal } from '@fleet/core';
import { exitOnBusyDatabase, prepareDatabase } from '@fleet/core/storage';
import { loadDemoPreset } from '@fleet/simulator';
import { loadStackConfig, provideScenarioRunner, startSimulator } from './stack.js';

const config = loadConfig();
exitOnUnsafeSecrets(config);
const stack = loadStackConfig();
const db = await prepareDatabase(config).catch(exitOnBusyDatabase);
const app = await buildApp({ config, db: db.prisma });
if (config.MOCK_ENDPOINTS) provideScenarioRunner(app);
const sim =
  stack.SIMULATOR === 'inprocess'
    ? startSimulator(app, {
        seed: stack.SIM_SEED ?? config.SEED,
        speed: stack.SIM_SPEED,
        demo: loadDemoPreset(stack.SIM_DEMO),
        timings: {
          ...(stack.SIM_AUTONOMY !== undefined ? { autonomyShare: stack.SIM_AUTONOMY } : {}),
          ...(stack.SIM_TELEMETRY_MS ? { telemetryIntervalMs: stack.SIM_TELEMETRY_MS } : {}),
          ...(stack.SIM_OUTAGES === false ? { meanTimeBetweenOutagesMs: 0, spontaneousLinkEvents: false } : {}),
        },
      })
    : null;
if (stack.SIM_FLEET_SIZE > 0) {
  const r = await app.services.fleet.generate({ size: stack.SIM_FLEET_SIZE });
  app.log.info(r, 'generated simulated units');
}

await serveUntilSignal(app, db, config, () => sim?.stop());
app.log.info(`console and core at http://${config.HOST}:${config.PORT}/ (simulator: ${stack.SIMULATOR}${sim ? `, demo: ${stack.SIM_DEMO}` : ''})`);
