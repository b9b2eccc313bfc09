/**
 * Sessions: an opaque random token in an httpOnly cookie; the database keeps only its SHA-256, so
 * a leaked database does not leak live sessions. Resolved sessions (the user, roles and scope) are
 * kept in memory until the session expires; the read model drops them when the user's row, roles,
 * inventories or groups or the session change (on this instance or another), and after a minute
 * in any case, so a missed invalidation cannot outlive that.
 *
 * Log-in (SECURITY.md "Log-in and sessions"): failed attempts are counted per account and address
 * (login-failures.ts; a locked-out account or address gets 429 with Retry-After); an unknown or
 * inactive user costs the same scrypt work as a wrong password and gets the same answer; a hash
 * weaker than the current parameters is stored again on a successful log-in; a log-in that comes
 * with a session cookie ends that session (a fresh id every time). Expired sessions are deleted
 * every SESSION_PURGE_INTERVAL_S.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Role as RoleSchema, type Role } from '@fleet/contracts';
import { dummyPasswordHash, hashPassword, needsRehash, PASSWORD_HASH_PARAMS, verifyPassword, type Db, type ScryptParams } from '@fleet/db';
import { AppError } from '../errors.js';
import type { Clock, ClockTimer } from './clock.js';
import type { Config } from '../env.js';
import { isGlobal, type AuthUser } from './access.js';
import type { ServiceLogger } from './logger.js';
import { LoginFailures } from './login-failures.js';

const CACHE_MS = 60_000;
/** Tokens whose stored id is remembered, at most. */
const KNOWN_TOKENS = 10_000;
/** Expired sessions deleted per statement by the purge. */
const PURGE_BATCH = 500;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 429: the account or the address is locked out; `retryAfterS` is the Retry-After header. */
export class LoginThrottledError extends AppError {
  readonly retryAfterS: number;
  constructor(lockedMs: number) {
    super('TOO_MANY_LOGIN_ATTEMPTS');
    this.retryAfterS = Math.max(1, Math.ceil(lockedMs / 1000));
  }
}

/** How passwords are checked and stored; a seam tests observe (the unknown-user path must hash too). */
export interface PasswordHashing {
  verify(password: string, stored: string): Promise<boolean>;
  hash(password: string): Promise<string>;
  needsRehash(stored: string): boolean;
  /** A hash with the current parameters that no password matches. */
  dummy(): string;
}

/** The parameters this core hashes passwords with: the current ones, or the cost `PASSWORD_HASH_N` sets (tests). */
export function passwordParams(config: Pick<Config, 'PASSWORD_HASH_N'>): ScryptParams {
  return config.PASSWORD_HASH_N === undefined ? PASSWORD_HASH_PARAMS : { N: config.PASSWORD_HASH_N, r: 8, p: 1 };
}

/** scrypt with `params` for new hashes, the dummy and the rehash rule. */
export function scryptHashing(params: ScryptParams = PASSWORD_HASH_PARAMS): PasswordHashing {
  return {
    verify: verifyPassword,
    hash: (password) => hashPassword(password, { params }),
    needsRehash: (stored) => needsRehash(stored, params),
    dummy: () => dummyPasswordHash(params),
  };
}

export interface LoginContext {
  /** The client's address (req.ip): failures are counted per address too. */
  address: string;
  /** The session token the request came with, if any: it ends when the log-in succeeds. */
  previousToken?: string | undefined;
}

type AuthConfig = Pick<
  Config,
  | 'SESSION_TTL_HOURS'
  | 'SESSION_PURGE_INTERVAL_S'
  | 'LOGIN_MAX_FAILURES_PER_ACCOUNT'
  | 'LOGIN_MAX_FAILURES_PER_ADDRESS'
  | 'LOGIN_FAILURE_WINDOW_S'
  | 'LOGIN_LOCKOUT_S'
  | 'REDIS_URL'
  | 'REDIS_PREFIX'
  | 'PASSWORD_HASH_N'
>;

export class AuthService {
  private readonly cache = new Map<string, { user: AuthUser; until: number }>();
  /** Tokens of sessions resolved before → their stored ids. */
  private readonly known = new Map<string, string>();
  private readonly ttlMs: number;
  private readonly failures: LoginFailures;
  /** Verified against when the user is unknown or inactive (made once: the current parameters). */
  private readonly dummyHash: string;
  private readonly purgeTimer: ClockTimer;
  private purging: Promise<void> | null = null;
  /** How passwords are checked and stored (tests observe `verify`: the unknown-user path must do the work too). */
  readonly passwords: PasswordHashing;

  constructor(
    private readonly db: Db,
    config: AuthConfig,
    private readonly log: ServiceLogger,
    /** Session expiries, the purge's interval and the log-in counters' windows run on it. */
    private readonly clock: Clock,
    passwords: PasswordHashing = scryptHashing(passwordParams(config)),
  ) {
    // This instance's own copy: a test may watch its methods without touching other instances.
    this.passwords = { ...passwords };
    this.ttlMs = config.SESSION_TTL_HOURS * 3600_000;
    this.failures = new LoginFailures(config, config.REDIS_URL ? { url: config.REDIS_URL, prefix: config.REDIS_PREFIX } : null, log, clock);
    this.dummyHash = passwords.dummy();
    this.purgeTimer = clock.setInterval(() => void this.purgeExpired(), config.SESSION_PURGE_INTERVAL_S * 1000).unref();
  }

  async login(username: string, password: string, context: LoginContext): Promise<{ token: string; user: AuthUser; expiresAt: Date }> {
    const locked = await this.failures.begin(username, context.address);
    if (locked > 0) throw new LoginThrottledError(locked);
    const u = await this.db.user.findUnique({ where: { username }, select: { id: true, passwordHash: true, active: true, updatedAt: true } });
    // Same work and same answer for an unknown user, an inactive account and a wrong password.
    const known = u !== null && u.active;
    const matches = await this.passwords.verify(password, known ? u.passwordHash : this.dummyHash);
    if (!known || !matches) {
      const lockedNow = await this.failures.failed(username, context.address);
      if (lockedNow > 0) throw new LoginThrottledError(lockedNow);
      throw new AppError('INVALID_CREDENTIALS');
    }
    await this.failures.succeeded(username, context.address);
    if (this.passwords.needsRehash(u.passwordHash)) await this.rehash(u, password);
    // A fresh session id at every log-in; the session the request came with ends.
    if (context.previousToken) await this.logout(context.previousToken);
    const token = randomBytes(32).toString('base64url');
    const createdAt = this.clock.date();
    const expiresAt = new Date(createdAt.getTime() + this.ttlMs);
    await this.db.session.create({ data: { id: hashToken(token), userId: u.id, expiresAt, createdAt } });
    const user = await this.loadUser(u.id);
    if (!user) throw new AppError('INVALID_CREDENTIALS');
    return { token, user, expiresAt };
  }

  /**
   * A session for a user without a password (mock only: a replay runs a recorded REST write as the
   * user who made it, mock/replays.ts). Null when the user is unknown or inactive. End it with
   * {@link logout}.
   */
  async openSession(userId: string): Promise<string | null> {
    const u = await this.db.user.findUnique({ where: { id: userId }, select: { id: true, active: true } });
    if (!u || !u.active) return null;
    const token = randomBytes(32).toString('base64url');
    const createdAt = this.clock.date();
    await this.db.session.create({ data: { id: hashToken(token), userId: u.id, expiresAt: new Date(createdAt.getTime() + this.ttlMs), createdAt } });
    return token;
  }

  /** Stops the purge timer and the log-in counters' Redis connection. */
  async close(): Promise<void> {
    this.clock.clearInterval(this.purgeTimer);
    await this.purging;
    await this.failures.close();
  }

  /** Deletes expired sessions (every SESSION_PURGE_INTERVAL_S; by id, so caches drop exactly those). */
  purgeExpired(): Promise<void> {
    this.purging ??= (async () => {
      try {
        for (;;) {
          const rows = await this.db.session.findMany({ where: { expiresAt: { lte: this.clock.date() } }, select: { id: true }, take: PURGE_BATCH });
          if (rows.length === 0) return;
          await this.db.session.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
          if (rows.length < PURGE_BATCH) return;
        }
      } catch (err) {
        this.log.warn({ err }, 'expired sessions could not be purged (tried again at the next interval)');
      } finally {
        this.purging = null;
      }
    })();
    return this.purging;
  }

  /**
   * Stores the password again with the current parameters, unless it changed meanwhile. The row's
   * version, updatedAt and password expiry stay: nothing the user or an admin sees changed.
   */
  private async rehash(u: { id: string; passwordHash: string; updatedAt: Date }, password: string): Promise<void> {
    try {
      const passwordHash = await this.passwords.hash(password);
      await this.db.user.updateMany({ where: { id: u.id, passwordHash: u.passwordHash }, data: { passwordHash, updatedAt: u.updatedAt } });
    } catch (err) {
      this.log.warn({ err }, 'a password hash could not be upgraded (tried again at the next log-in)');
    }
  }

  async logout(token: string): Promise<void> {
    const id = hashToken(token);
    this.cache.delete(id);
    await this.db.session.deleteMany({ where: { id } });
  }

  /**
   * The user behind a token that resolved lately and is still cached, without a promise (the hot
   * path of every request); undefined when storage must be asked ({@link resolve}).
   */
  cached(token: string): AuthUser | undefined {
    const id = this.known.get(token);
    if (id === undefined) return undefined;
    const hit = this.cache.get(id);
    return hit && hit.until > this.clock.now() ? hit.user : undefined;
  }

  /** The user behind a session token, or null when it is unknown or expired. */
  async resolve(token: string): Promise<AuthUser | null> {
    // The stored id of a token that resolved before: no hash per request on the hot path.
    const id = this.known.get(token) ?? hashToken(token);
    const now = this.clock.now();
    const hit = this.cache.get(id);
    if (hit && hit.until > now) return hit.user;
    const s = await this.db.session.findUnique({ where: { id }, select: { userId: true, expiresAt: true } });
    if (!s || s.expiresAt.getTime() <= now) {
      this.cache.delete(id);
      return null;
    }
    const loaded = await this.loadUser(s.userId);
    // The session goes with the user: a password change ends the user's other sessions, not this one.
    const user = loaded && { ...loaded, sessionId: id };
    if (user) {
      this.cache.set(id, { user, until: Math.min(now + CACHE_MS, s.expiresAt.getTime()) });
      // Only tokens of live sessions are remembered, and only so many (a flood of sessions cannot grow it).
      if (this.known.size >= KNOWN_TOKENS) this.known.clear();
      this.known.set(token, id);
    }
    return user;
  }

  /** These users' sessions resolve from storage again (null: everyone's). */
  forgetUsers(userIds: readonly string[] | null): void {
    if (userIds === null) return this.cache.clear();
    const gone = new Set(userIds);
    for (const [id, hit] of this.cache) if (gone.has(hit.user.id)) this.cache.delete(id);
  }

  /** These sessions (by stored id) resolve from storage again (null: all). */
  forgetSessions(sessionIds: readonly string[] | null): void {
    if (sessionIds === null) return this.cache.clear();
    for (const id of sessionIds) this.cache.delete(id);
  }

  private loadUser(userId: string): Promise<AuthUser | null> {
    return loadActiveUser(this.db, { id: userId });
  }
}

/** An active user as a request of theirs carries them (roles, inventories, groups); null when unknown or inactive. */
export async function loadActiveUser(db: Db, where: { id: string } | { username: string }): Promise<AuthUser | null> {
  const u = await db.user.findUnique({
    where,
    select: {
      id: true,
      username: true,
      email: true,
      active: true,
      userType: true,
      roles: true,
      inventories: { select: { inventoryId: true } },
      groups: { select: { groupId: true } },
    },
  });
  if (!u || !u.active) return null;
  const roles = parseRoles(u.roles, u.userType);
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    roles,
    inventoryIds: u.inventories.map((i) => i.inventoryId),
    groupIds: u.groups.map((g) => g.groupId),
    global: isGlobal(roles),
  };
}

/** Roles are stored as a JSON array; unknown entries are dropped, the user type always counts. */
export function parseRoles(stored: unknown, userType: string): Role[] {
  const out = new Set<Role>();
  const primary = RoleSchema.safeParse(userType);
  if (primary.success) out.add(primary.data);
  if (Array.isArray(stored)) {
    for (const r of stored) {
      const p = RoleSchema.safeParse(r);
      if (p.success) out.add(p.data);
    }
  }
  return [...out];
}
