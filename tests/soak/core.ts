/**
 * The soak's server process: the whole local stack exactly as `apps/stack/src/main.ts` starts it
 * (`pnpm --filter @fleet/stack start` runs it from the sources; scripts/start.sh runs it bundled in
 * the production folder): configuration from the
 * environment, storage prepared (migrations, the demo seed on an empty database), `buildApp`, the
 * in-process simulator with the stack's settings (SIM_*), `serveUntilSignal`.
 *
 * The only difference from that entry (and from `apps/core/src/server.ts`, which is the same start
 * without the simulator): before listening it adds one route, `GET /soak/metrics`, so that the soak
 * can read what only the process itself knows, without changing apps/ (the process runs with
 * `--expose-gc` for it; nothing else calls gc):
 *
 *   { memory: process.memoryUsage() after two full collections (the live heap, not garbage not yet
 *             collected: without them heapUsed swings by tens of MiB between samples),
 *     eventLoopDelayMs: { p50, p99, max, mean }   — a perf_hooks monitorEventLoopDelay histogram
 *                                                   (10 ms resolution) since the previous read,
 *                                                   read before the collections and reset after
 *                                                   them, so their pause is not counted,
 *     hub: { clients, history: { topics, events, bytes }, stats: { published, delivered, … } } }
 *
 * The environment (DATABASE_URL, HOST, PORT, SEED_ON_BOOT, ...) is set by the soak (run.ts). Once
 * listening it writes `READY {"url": …}` on stdout; SIGTERM closes the app and storage as the stack
 * does. The soak drops the database afterwards.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp, loadConfig, serveUntilSignal } from '@fleet/core';
import { prepareDatabase } from '@fleet/core/storage';
import { loadDemoPreset } from '@fleet/simulator';
import { loadStackConfig, startSimulator } from '@fleet/stack';

const config = loadConfig();
const stack = loadStackConfig();
const db = await prepareDatabase(config);
const app = await buildApp({ config, db: db.prisma });
const sim =
  stack.SIMULATOR === 'inprocess'
    ? startSimulator(app, {
        seed: stack.SIM_SEED ?? config.SEED,
        speed: stack.SIM_SPEED,
        demo: loadDemoPreset(stack.SIM_DEMO),
        timings: {
          ...(stack.SIM_AUTONOMY !== undefined ? { autonomyShare: stack.SIM_AUTONOMY } : {}),
          ...(stack.SIM_TELEMETRY_MS ? { telemetryIntervalMs: stack.SIM_TELEMETRY_MS } : {}),
        },
      })
    : null;
if (stack.SIM_FLEET_SIZE > 0) await app.services.fleet.generate({ size: stack.SIM_FLEET_SIZE });

// ── the soak's addition ──
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const ms = (ns: number) => Math.round(ns / 1e4) / 100;
const gc = (globalThis as { gc?: () => void }).gc;
app.get('/soak/metrics', async () => {
  const delay = { p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max), mean: ms(loopDelay.mean) };
  gc?.();
  gc?.();
  const memory = process.memoryUsage();
  loopDelay.reset();
  const hub = app.services.hub;
  return {
    memory,
    collected: gc !== undefined,
    eventLoopDelayMs: delay,
    hub: { clients: hub.clientCount(), history: hub.historySize(), stats: { ...hub.stats } },
  };
});

await serveUntilSignal(app, db, config, () => sim?.stop());
process.stdout.write(`READY ${JSON.stringify({ url: `http://${config.HOST}:${config.PORT}` })}\n`);
