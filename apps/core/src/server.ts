/**
 * Entry point of the core alone: reads config, opens storage, listens, shuts down gracefully.
 * Devices attach over /gateway (simulator shards). The full local stack with the in-process
 * simulator starts from apps/stack.
 */
import { loadConfig } from './env.js';
import { exitOnUnsafeSecrets } from './start-checks.js';

const config = loadConfig();
exitOnUnsafeSecrets(config);
// The app, storage and their dependencies load once the configuration is known to be usable: a refused
// start says why at once, without loading the whole core first.
const [{ buildApp }, { exitOnBusyDatabase, prepareDatabase }, { serveUntilSignal }] = await Promise.all([
  import('./app.js'),
  import('./storage.js'),
  import('./serve.js'),
]);
const db = await prepareDatabase(config).catch(exitOnBusyDatabase);
const app = await buildApp({ config, db: db.prisma });

await serveUntilSignal(app, db, config);
