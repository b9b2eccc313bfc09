/**
 * Entry point of the core alone: reads config, opens storage, listens, shuts down gracefully.
 * Devices attach over /gateway (simulator shards). The full local stack with the in-process
 * simulator starts from apps/stack.
 */
import { buildApp } from './app.js';
import { loadConfig } from './env.js';
import { prepareDatabase } from './storage.js';

const config = loadConfig();
const db = await prepareDatabase(config);
const app = await buildApp({ config, db: db.prisma });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.HOST, port: config.PORT });
