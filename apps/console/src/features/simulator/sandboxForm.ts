/** The Sandboxes section's create form as data: its fields, their defaults and the call they make (held to the contract's schema). */
import { SANDBOX, SandboxCreateInput, type DemoPresetName, type SandboxClock, type SandboxFleet } from '@fleet/contracts';

export interface SandboxFormState {
  readonly name: string;
  /** Empty: a random seed (the answer says which). */
  readonly seed: string | number;
  readonly fleet: SandboxFleet;
  readonly demo: DemoPresetName;
  /** Running at the stack's pace, or stepped: nothing happens until the clock is advanced (a reproducible test). */
  readonly clock: SandboxClock;
  readonly ttlMinutes: string | number;
}

export type SandboxField = 'name' | 'seed' | 'ttlMinutes';

/** A small fleet standing still for the default time: what a test wants. */
export const BLANK_SANDBOX_FORM: SandboxFormState = {
  name: '',
  seed: '',
  fleet: 'small',
  demo: 'off',
  clock: 'realtime',
  ttlMinutes: SANDBOX.defaultTtlMinutes,
};

/** The largest seed the contract takes. */
export const MAX_SEED = 2_147_483_647;

const number = (value: string | number): number | undefined => (value === '' ? undefined : Number(value));

/** The call to send, or the fields the contract refuses (an empty name or seed is left out: the core picks). */
export function checkSandboxForm(f: SandboxFormState): { input: SandboxCreateInput } | { problems: Set<SandboxField> } {
  const name = f.name.trim();
  const parsed = SandboxCreateInput.safeParse({
    ...(name === '' ? {} : { name }),
    ...(number(f.seed) === undefined ? {} : { seed: number(f.seed) }),
    fleet: f.fleet,
    demo: f.demo,
    // The default (real time) is left out, as the core's own default.
    ...(f.clock === 'realtime' ? {} : { clock: f.clock }),
    // An emptied field is a number the form does not hold: refused on the field, not replaced by the default.
    ttlMinutes: number(f.ttlMinutes) ?? Number.NaN,
  });
  if (parsed.success) return { input: parsed.data };
  const fields: readonly SandboxField[] = ['name', 'seed', 'ttlMinutes'];
  const problems = new Set(parsed.error.issues.map((issue) => fields.find((field) => field === issue.path[0])).filter((f) => f !== undefined));
  // A problem no field shows (cannot happen with the form's own choices) still blocks the send.
  if (problems.size === 0) problems.add('name');
  return { problems };
}
