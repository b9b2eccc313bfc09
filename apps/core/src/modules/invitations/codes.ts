/** Invitation codes and keys (spec 001 §9 ad-hoc periods, key regeneration): drawing one, and when it expires. */
import { randomInt } from 'node:crypto';
import { ADHOC_PERIOD_MS, PERMANENT_REGENERATION_MS, type AdhocPeriod, type PermanentKeyRegeneration } from '@fleet/contracts';

/** Plan type of a guest interview invitation (001 §3 plan types). */
export const GUEST_PLAN = 'ADHOC';
/** Invitation codes: 8 characters without look-alikes (0/O, 1/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

export function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export function isPeriod(v: string | null): v is AdhocPeriod {
  return v !== null && v in ADHOC_PERIOD_MS;
}

/** Tries at drawing a code no invitation and no other group's key holds before giving up. */
export const CODE_TRIES = 10;

/** Whether a permanent key's regeneration time has passed (001 §9 daily, weekly, monthly): it is then no longer the group's key. */
export function keyDue(p: { regeneration?: PermanentKeyRegeneration | undefined; keyCreatedAt?: string | undefined }, now: number): boolean {
  const every = PERMANENT_REGENERATION_MS[p.regeneration ?? 'never'];
  if (every === null || p.keyCreatedAt === undefined) return false;
  const created = Date.parse(p.keyCreatedAt);
  return !Number.isFinite(created) || created + every <= now;
}

/** Whether an ad-hoc code is past its period (001 §9 ad-hoc periods) since it was drawn. */
export function codeExpired(a: { period?: AdhocPeriod | undefined; codeCreatedAt?: string | null | undefined }, now: number): boolean {
  if (a.codeCreatedAt === undefined || a.codeCreatedAt === null) return false;
  const created = Date.parse(a.codeCreatedAt);
  return !Number.isFinite(created) || created + ADHOC_PERIOD_MS[a.period ?? '1d'] <= now;
}
