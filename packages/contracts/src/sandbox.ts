/**
 * Sandboxes: whole stacks (storage, simulator, clock, chaos, sessions) made on demand inside one
 * running stack and reached under a path prefix, `/sandboxes/<id>`. Made and removed over the
 * stack's control plane (`sandbox.*`, staff and super_user); the console inside one reads its name
 * and end from runtime-config.json.
 */
import { z } from 'zod';
import { DemoPresetName } from './control.js';

export const SANDBOX = {
  /** Every sandbox's base is this prefix and its id. */
  pathPrefix: '/sandboxes',
  /**
   * A sandbox nobody removes ends after this long: a demo or a test run's worth, so one forgotten on
   * a shared server does not hold memory for days.
   */
  defaultTtlMinutes: 60,
  /** The longest life asked for: a working day's demo or QA session (and a night's soak run). */
  maxTtlMinutes: 24 * 60,
  /** How long a name may be. */
  maxNameLength: 64,
} as const;

/** A sandbox's id: lower-case letters and digits (it is a path segment). */
export const SandboxId = z.string().regex(/^[a-z0-9]{6,32}$/, 'Invalid sandbox id');

export const SandboxFleet = z.enum(['small', 'medium', 'large']);
export type SandboxFleet = z.infer<typeof SandboxFleet>;

/** A sandbox's simulated clock from the start: real time, or stepped (nothing happens until it is advanced). */
export const SandboxClock = z.enum(['realtime', 'stepped']);
export type SandboxClock = z.infer<typeof SandboxClock>;

export const SandboxCreateInput = z
  .object({
    /** What people see (the header, the panel's list); default: "Sandbox <id>". */
    name: z.string().trim().min(1).max(SANDBOX.maxNameLength).optional(),
    /** The seed of its fleet and its simulator; default: a random one (the answer says which). */
    seed: z.number().int().min(0).max(2_147_483_647).optional(),
    /** The seeded fleet's size; default: small. */
    fleet: SandboxFleet.optional(),
    /** The demo preset its fleet runs; default: off (nothing moves unless told: what a test wants). */
    demo: DemoPresetName.optional(),
    /**
     * Its simulator's clock from the start: real time (the default), or stepped — nothing happens until
     * the clock is advanced (`clock.set`), so two sandboxes of one seed given the same steps hold the
     * same fleet step by step.
     */
    clock: SandboxClock.optional(),
    /** Minutes until it removes itself; default SANDBOX.defaultTtlMinutes. */
    ttlMinutes: z.number().int().min(1).max(SANDBOX.maxTtlMinutes).optional(),
  })
  .strict();
export type SandboxCreateInput = z.infer<typeof SandboxCreateInput>;

export const SandboxIdInput = z.object({ id: SandboxId }).strict();

export const SandboxView = z.object({
  id: SandboxId,
  name: z.string(),
  /** Its path on this origin: `/sandboxes/<id>` (the console at `<base>/`, the API at `<base>/api`, …). */
  base: z.string(),
  seed: z.number().int(),
  fleet: SandboxFleet,
  demo: DemoPresetName,
  clock: z.enum(['realtime', 'stepped']),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type SandboxView = z.infer<typeof SandboxView>;

/** What runtime-config.json tells the console opened inside a sandbox. */
export const SandboxRuntimeInfo = z.object({ id: SandboxId, name: z.string(), expiresAt: z.string() });
export type SandboxRuntimeInfo = z.infer<typeof SandboxRuntimeInfo>;

/** The base of sandbox `id`. */
export const sandboxBase = (id: string): string => `${SANDBOX.pathPrefix}/${id}`;
