/**
 * The control plane's sandboxes (`sandbox.*`): whole stacks made inside the running one, each under
 * `/sandboxes/<id>` (contracts/sandbox.ts). The core only carries the calls: the stack's composition
 * root makes and removes them (apps/stack/src/sandboxes.ts) and hands its host in with
 * `useSandboxHost`. A core without one (the core alone, or a sandbox's own core) refuses them.
 */
import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { SandboxCreateInput, SandboxIdInput, type SandboxView } from '@fleet/contracts';
import { operator, t } from './control-plane-trpc.js';

/** Why a sandbox was not made: the limit (`limit`) or a bad request the schema could not tell (`invalid`). */
export class SandboxRefusal extends Error {
  constructor(
    readonly reason: 'limit' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'SandboxRefusal';
  }
}

export interface SandboxHost {
  create(input: SandboxCreateInput, createdBy: string): Promise<SandboxView>;
  /** The live ones (of every instance of the deployment), oldest first. */
  list(): Promise<SandboxView[]>;
  /** Whether there was one to remove (on whichever instance holds it). */
  remove(id: string): Promise<boolean>;
}

const hosts = new WeakMap<FastifyInstance, SandboxHost>();

/** The stack's sandboxes, made and removed through this core's control plane. */
export function useSandboxHost(app: FastifyInstance, host: SandboxHost): void {
  hosts.set(app, host);
}

function hostOf(app: FastifyInstance): SandboxHost {
  const host = hosts.get(app);
  if (!host) {
    const message = app.config.PUBLIC_BASE === '' ? 'This stack makes no sandboxes' : 'Sandboxes are made on the stack, not inside a sandbox';
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message });
  }
  return host;
}

export const sandboxRouter = t.router({
  /** A new sandbox: its own storage, fleet, simulator, clock, chaos and sessions, under its base. */
  create: operator.input(SandboxCreateInput).mutation(async ({ ctx, input }) => {
    const host = hostOf(ctx.app);
    try {
      return await host.create(input, ctx.user.username);
    } catch (e) {
      if (e instanceof SandboxRefusal) throw new TRPCError({ code: e.reason === 'limit' ? 'CONFLICT' : 'BAD_REQUEST', message: e.message, cause: e });
      throw e;
    }
  }),
  /** The live sandboxes, oldest first. */
  list: operator.query(async ({ ctx }) => (await hosts.get(ctx.app)?.list()) ?? []),
  /** Removes one at once: its sockets close, its storage and simulator go; its base answers 404 after. */
  remove: operator.input(SandboxIdInput).mutation(async ({ ctx, input }) => {
    if (!(await hostOf(ctx.app).remove(input.id))) throw new TRPCError({ code: 'NOT_FOUND', message: 'No sandbox with this id' });
    return { removed: input.id };
  }),
});

export const SANDBOX_PROCEDURES = ['sandbox.create', 'sandbox.list', 'sandbox.remove'] as const;
