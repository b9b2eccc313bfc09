/**
 * The whole local stack in one process: the core (storage, REST, /ws, console) with the device
 * simulator attached in-process through the device gateway, and the sandboxes made on request
 * (sandboxes.ts). This is the composition root (compose.ts): neither the core nor the simulator
 * knows the other.
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
 *   SANDBOX_MAX       how many sandboxes may live at once (default 16; 0: none)
 *   SANDBOX_DIR       where their files live (default: `<database file>.sandboxes`, emptied at start)
 *   INSTANCE_URL      with several instances (REDIS_URL): the address the others reach this one at
 *   HEAP_COMPACT_MINUTES  least minutes between two compactions of the JS heap (default 10; 0: none)
 */
import { exitOnUnsafeSecrets, loadConfig, serveUntilSignal } from '@fleet/core';
import { exitOnBusyDatabase } from '@fleet/core/storage';
import { composeStack } from './compose.js';
import { DEFAULT_COMPACTION, startHeapCompaction } from './heap-compaction.js';
import { loadStackConfig } from './stack.js';

const config = loadConfig();
exitOnUnsafeSecrets(config);
const stack = loadStackConfig();
const composed = await composeStack(config, stack).catch(exitOnBusyDatabase);
const { app, sim } = composed;
const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
const compactor =
  stack.HEAP_COMPACT_MINUTES > 0
    ? startHeapCompaction({ ...DEFAULT_COMPACTION, intervalMs: stack.HEAP_COMPACT_MINUTES * 60_000 }, ({ before, after, pauseMs }) =>
        app.log.info(
          { oldSpaceMiB: { before: mib(before.committed), after: mib(after.committed), live: mib(after.used) }, pauseMs: Math.round(pauseMs) },
          'heap compacted',
        ),
      )
    : null;
await serveUntilSignal(app, composed.db, config, async () => {
  compactor?.stop();
  await composed.stopAttached();
});
app.log.info(`console and core at http://${config.HOST}:${config.PORT}/ (simulator: ${stack.SIMULATOR}${sim ? `, demo: ${stack.SIM_DEMO}` : ''})`);
