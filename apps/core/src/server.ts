/**
 * Entry point of the core alone: reads config, opens storage, listens, shuts down gracefully.
 * Devices attach over /gateway (simulator shards). The full local stack with the in-process
 * simulator starts from apps/stack.
 */
import { buildApp } from './app.js';
import { loadConfig } from './env.js';
import { exitOnUnsafeSecrets } from './start-checks.js';
import { exitOnBusyDatabase, prepareDatabase } from './storage.js';
import { serveUntilSignal } from './serve.js';

const config = loadConfig();
exitOnUnsafeSecrets(config);
const db = await prepareDatabase(config).catch(exitOnBusyDatabase);
const app = await buildApp({ config, db: db.prisma });

await serveUntilSignal(app, db, config);
