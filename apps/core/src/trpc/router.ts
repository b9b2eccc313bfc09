/**
 * The mock's tRPC control plane (/mock/trpc). Mock only: the console probes `capabilities` and
 * shows simulator controls only when it answers. Fleet, scenario and clock control are forwarded
 * to the simulator through the device gateway.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { AuthUser } from '../services/access.js';

export async function createContext(app: FastifyInstance, { req }: CreateFastifyContextOptions) {
  return { app, user: await app.currentUser(req) };
}
type Context = { app: FastifyInstance; user: AuthUser | null };

const t = initTRPC.context<Context>().create();
const authed = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Authentication required' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const appRouter = t.router({
  /** The capability probe: present only on the mock. */
  capabilities: t.procedure.query(() => ({ mock: true as const, controlPlane: ['fleet.status'] })),
  fleet: t.router({
    status: authed.query(({ ctx }) => {
      const s = ctx.app.services;
      return {
        shards: s.gateway.shardCount(),
        gatewayMessages: s.gateway.stats.received,
        realtimeClients: s.hub.clientCount(),
        realtime: { ...s.hub.stats },
      };
    }),
  }),
});

export type AppRouter = typeof appRouter;
