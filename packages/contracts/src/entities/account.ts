/**
 * The signed-in user's own account (spec 000 §2 user menu account and preferences; §5 new password rules; spec 001 §8 old password does not match; §6 password expiry within 14 days).
 */
import { z } from 'zod';
import { VALIDATION } from '../messages.js';
import { statesRules } from '../validation.js';
import { NewPassword, PASSWORDS_MATCH_RULE, passwordsMatch } from './users.js';

/**
 * PUT users/current/password: the caller changes their own password. The old one must match
 * ("Old password does not match"); the new one follows spec 001 §5 and both entries must match.
 */
export const ChangeOwnPasswordBody = z
  .object({
    oldPassword: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(1024, VALIDATION.maxChars(1024)),
    password: NewPassword,
    passwordConfirmation: z.string().max(1024),
  })
  .strict()
  .superRefine(passwordsMatch)
  .meta(statesRules(PASSWORDS_MATCH_RULE));
export type ChangeOwnPasswordBody = z.infer<typeof ChangeOwnPasswordBody>;

/**
 * The caller's password expiry (spec 000 §6, §9: a password within 14 days of expiry sends the user
 * to the change page unless dismissed). `dismissed` holds for this expiry only: a new password (a
 * new expiry) warns again when it comes near.
 */
export const PasswordExpiry = z.object({
  /** When the password expires; null when the user's policy is never. */
  expiresAt: z.string().nullable(),
  /** The warning window in days (14). */
  warningDays: z.number().int().positive(),
  /** The password expires within the window (or has expired). */
  expiring: z.boolean(),
  /** The user chose to keep this password for now: the console does not send them to the change page. */
  dismissed: z.boolean(),
});
export type PasswordExpiry = z.infer<typeof PasswordExpiry>;

/** The answer to a password change: the new expiry, and how many of the user's other sessions were ended. */
export const PasswordChanged = z.object({
  passwordExpiry: PasswordExpiry,
  endedSessions: z.number().int().nonnegative(),
});
export type PasswordChanged = z.infer<typeof PasswordChanged>;
