/**
 * `migrateDeploy` in a worker thread of its own (migrateDeployInWorker): the WASM schema engine
 * keeps its module state — its memory grown to tens of MB by a first migration — for as long as
 * its thread lives, so a core that migrates at start does it here and keeps none of it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DatabaseBusyError, migrateDeploy } from './migrate.js';

const { url } = workerData as { url: string };
try {
  const result = await migrateDeploy(url);
  parentPort?.postMessage({ ok: true, result });
} catch (error) {
  parentPort?.postMessage({
    ok: false,
    busyFile: error instanceof DatabaseBusyError ? error.file : null,
    message: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
}
// A pending handle of the engine could hold the thread: it has answered, it ends.
process.exit(0);
