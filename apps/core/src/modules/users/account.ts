/**
 * The signed-in user's own account (spec 000 §2 user menu account and preferences; §5 new password rules; spec 001 §8 old password does not match; §6 password expiry within 14 days).
 *
 * Password change: the old password must match (422 OLD_PASSWORD_MISMATCH on `body.oldPassword`);
 * SSO and enterprise users' passwords are managed by their IT admin. The new password's expiry
 * restarts by the user's policy (as an admin's set does), and every other session of the user ends
 * at once, the caller's own stays.
 *
 * Expiry dismissal is remembered in the user's preferences (`passwordExpiryDismissed`, the expiry it
 * dismissed): it holds for that expiry only, so a new password warns again when its own expiry comes near.
 */
import { ERROR_CATALOGUE, PasswordExpiryPolicy, TIMINGS, type ChangeOwnPasswordBody, type PasswordChanged, type PasswordExpiry } from '@fleet/contracts';
import { hashPassword, transaction, verifyPassword } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError } from '../../errors.js';
import { parseOr } from '../../platform/storage/json-column.js';
import type { AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import type { UserService } from './users.js';
import { passwordExpiryFrom } from './user-accounts.js';
import { passwordParams } from '../../platform/auth.js';
import * as repo from './repository.js';
import { atVersion } from '../../platform/versioned-write.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export class AccountService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly users: Pick<UserService, 'preferences' | 'updatePreferences'>,
  ) {}

  async passwordExpiry(user: AuthUser, now = this.deps.businessClock.now()): Promise<PasswordExpiry> {
    const row = await repo.findUserColumns(this.deps.db, user.id, { passwordExpiresAt: true });
    if (!row) throw new AppError('NOT_FOUND');
    const prefs = await this.users.preferences(user.id);
    return expiryState(row.passwordExpiresAt, prefs.passwordExpiryDismissed ?? null, now);
  }

  async dismissPasswordExpiry(user: AuthUser): Promise<PasswordExpiry> {
    const row = await repo.findUserColumns(this.deps.db, user.id, { passwordExpiresAt: true });
    if (!row) throw new AppError('NOT_FOUND');
    const expiresAt = row.passwordExpiresAt?.toISOString() ?? null;
    // Nothing to dismiss for a password that never expires: the preferences stay as they are.
    if (expiresAt !== null) await this.users.updatePreferences(user.id, { passwordExpiryDismissed: expiresAt });
    return expiryState(row.passwordExpiresAt, expiresAt, this.deps.businessClock.now());
  }

  async changePassword(user: AuthUser, body: ChangeOwnPasswordBody): Promise<PasswordChanged> {
    const row = await repo.findUserPassword(this.deps.db, user.id);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.sso || row.enterprise) throw new AppError('USER_MANAGED_BY_IT_ADMIN');
    if (!(await verifyPassword(body.oldPassword, row.passwordHash))) {
      throw new AppError('OLD_PASSWORD_MISMATCH', [{ path: 'body.oldPassword', message: ERROR_CATALOGUE.OLD_PASSWORD_MISMATCH.message }]);
    }
    const passwordHash = await hashPassword(body.password, { params: passwordParams(this.deps.config) });
    const passwordExpiresAt = passwordExpiryFrom(parseOr(PasswordExpiryPolicy, row.passwordExpiryPolicy, 'never'), this.deps.businessClock.date());
    const others = await repo.findSessionIdsOfUser(this.deps.db, user.id, user.sessionId);
    const ended = await transaction(this.deps.db, async (tx) => {
      // Against the row read above: a password changed meanwhile (another session) is not overwritten.
      await atVersion(repo.updateUserAtVersion(tx, user.id, row.version, { passwordHash, passwordExpiresAt }));
      return repo.deleteSessions(tx, others);
    });
    return { passwordExpiry: expiryState(passwordExpiresAt, null, this.deps.businessClock.now()), endedSessions: ended };
  }
}

/** The expiry state: within the 14-day window (or past), and whether this very expiry was dismissed. */
export function expiryState(expiresAt: Date | null, dismissedFor: string | null, now: number): PasswordExpiry {
  const iso = expiresAt?.toISOString() ?? null;
  const warningDays = TIMINGS.passwordExpiryWarningDays;
  return {
    expiresAt: iso,
    warningDays,
    expiring: expiresAt !== null && expiresAt.getTime() - now <= warningDays * DAY_MS,
    dismissed: iso !== null && dismissedFor === iso,
  };
}

export const accountCalls = callsOf<AccountService>()({
  changeOwnPassword: (s, { body }, user) => s.changePassword(user, body),
  getOwnPasswordExpiry: (s, _input, user) => s.passwordExpiry(user),
  dismissOwnPasswordExpiry: (s, _input, user) => s.dismissPasswordExpiry(user),
});
