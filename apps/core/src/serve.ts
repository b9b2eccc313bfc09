/**
 * Listen, and shut down gracefully on SIGINT/SIGTERM: stop what was attached (`beforeClose`), close
 * the app (realtime, gateway, pending device reports), then storage. Used by the core's own entry
 * point and by apps/stack.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from './env.js';

export async function serveUntilSignal(
  app: FastifyInstance,
  db: { close(): Promise<void> },
  config: Pick<Config, 'HOST' | 'PORT'>,
  beforeClose?: () => void | Promise<void>,
): Promise<void> {
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await beforeClose?.();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.HOST, port: config.PORT });
}
