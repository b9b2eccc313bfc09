/**
 * The control plane's chaos rules (`chaos.*`, mock only): add, list (each rule with its hit
 * count), remove, clear, and the catalogue's calls with the statuses an error rule may answer.
 * Reading needs a session (the console's header warns every user while a rule is active);
 * changing the rules needs super_user or staff, like the rest of the simulation. "Reset the
 * demo" clears them (control-plane.ts `demo.set`).
 */
import { TRPCError } from '@trpc/server';
import { ChaosRuleIdInput, ChaosRuleInput, type ChaosCall, type ChaosRule } from '@fleet/contracts';
import { authed, operator, t } from './control-plane-trpc.js';
import { chaosOf } from './chaos-http.js';
import { chaosCalls, ChaosRuleError } from './chaos-rules.js';

export const CHAOS_PROCEDURES = ['chaos.add', 'chaos.list', 'chaos.remove', 'chaos.clear', 'chaos.calls'] as const;

let calls: ChaosCall[] | null = null;

export const chaosRouter = t.router({
  /** Add a rule; refused (BAD_REQUEST) when it matches no call or asks a status a matched call does not document. */
  add: operator.input(ChaosRuleInput).mutation(({ ctx, input }): ChaosRule => {
    // A path given with the core's prefix (as a browser shows it) is the same pattern without it.
    const prefix = ctx.app.config.CORE_PREFIX;
    const path = input.surface === 'http' ? input.match.path : undefined;
    const rule = path?.startsWith(`${prefix}/`) ? { ...input, match: { ...input.match, path: path.slice(prefix.length) } } : input;
    try {
      return chaosOf(ctx.app).add(rule, ctx.user.username);
    } catch (e) {
      if (e instanceof ChaosRuleError) throw new TRPCError({ code: 'BAD_REQUEST', message: e.message, cause: e });
      throw e;
    }
  }),
  /** Every rule, in the order added, with its hit count and whether it still applies. */
  list: authed.query(({ ctx }): ChaosRule[] => chaosOf(ctx.app).list()),
  remove: operator.input(ChaosRuleIdInput).mutation(({ ctx, input }) => {
    if (!chaosOf(ctx.app).remove(input.id)) throw new TRPCError({ code: 'NOT_FOUND', message: `No chaos rule ${input.id}` });
    return { removed: true as const };
  }),
  clear: operator.mutation(({ ctx }) => ({ removed: chaosOf(ctx.app).clear() })),
  /** The catalogue's calls with the error statuses each documents (the Chaos form's choices). */
  calls: authed.query((): ChaosCall[] => (calls ??= chaosCalls())),
});
