/**
 * The control plane's tRPC base (mock only): its context (the app, the signed-in user, the session),
 * the procedure builders by access — `authed` (a session) and `operator` (super user or support
 * staff, who run the mock) — and the way to the simulator's shards. The control plane
 * (control-plane.ts) and its sub-routers in files of their own (chaos.ts) build on it.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { ERROR_CATALOGUE, GLOBAL_SCOPE_ROLES, MOCK_AUTH, hasAnyRole, type ControlRequest, type ShardStatus } from '@fleet/contracts';
import type { AuthUser } from '../platform/access.js';
import { scenarioRunsOf } from './scenario-runs.js';

export async function createContext(app: FastifyInstance, { req }: CreateFastifyContextOptions) {
  return { app, user: await app.currentUser(req), session: req.cookies[MOCK_AUTH.sessionCookie] };
}
/** `session`: the caller's session token, for the control-plane operations made through the core's own calls. */
export type Context = { app: FastifyInstance; user: AuthUser | null; session?: string | undefined };

/** Whether a failure came from storage (Prisma or its driver): its wording never reaches a client. */
function fromStorage(cause: unknown): boolean {
  for (let e = cause, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (/^(Prisma|DriverAdapter)/.test(e.name) || /^(Prisma|DriverAdapter)/.test(e.constructor.name)) return true;
  }
  return false;
}

/**
 * What a procedure needs (its plain HTTP route and OpenAPI document read it: control-plane-http.ts):
 * nothing, a session, or a user who runs the mock (super user or support staff).
 */
export interface ControlMeta {
  access?: 'public' | 'session' | 'staff';
}

export const t = initTRPC
  .context<Context>()
  .meta<ControlMeta>()
  .create({
    // Never a stack trace, whatever NODE_ENV says (tRPC adds one unless NODE_ENV is production).
    isDev: false,
    // An unexpected failure answers the catalogue's "Generic Error"; what happened is logged (app.ts).
    errorFormatter: ({ shape, error }) => {
      if (error.code !== 'INTERNAL_SERVER_ERROR' && !fromStorage(error.cause)) return shape;
      const { stack: _stack, ...data } = shape.data;
      return { ...shape, message: ERROR_CATALOGUE.GENERIC.message, data };
    },
  });
export const authed = t.procedure.meta({ access: 'session' }).use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Authentication required' });
  // The client driving a scenario is still there (a run whose client goes quiet ends: scenario-runs.ts).
  runsOf(ctx.app).touch(ctx.session);
  return next({ ctx: { ...ctx, user: ctx.user } });
});
/** Changing the simulation: super user or support staff. */
export const operator = authed.meta({ access: 'staff' }).use(({ ctx, next }) => {
  if (!hasAnyRole(ctx.user.roles, GLOBAL_SCOPE_ROLES)) throw new TRPCError({ code: 'FORBIDDEN', message: 'Not available for your user type' });
  return next();
});

/** The app's scenario runs and the clock they borrow (scenario-runs.ts). */
export const runsOf = (app: FastifyInstance) => scenarioRunsOf(app, control);

/** Forward to the shards; at least one must answer. */
export async function control(app: FastifyInstance, request: ControlRequest, unitId?: string): Promise<ShardStatus[]> {
  if (app.services.gateway.shardCount() === 0) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'No simulator shard is attached' });
  const replies = await app.services.gateway.control(request, unitId);
  if (replies.length === 0) {
    throw unitId === undefined
      ? new TRPCError({ code: 'TIMEOUT', message: 'Configuration not sent, retry' })
      : new TRPCError({ code: 'NOT_FOUND', message: `No shard runs unit ${unitId}` });
  }
  return replies;
}
