/**
 * Sessions: an opaque random token in an httpOnly cookie; the database keeps only its SHA-256, so
 * a leaked database does not leak live sessions. Resolved sessions (the user, roles and scope) are
 * kept in memory until the session expires; the read model drops them when the user's row, roles,
 * inventories or groups or the session change (on this instance or another), and after a minute
 * in any case, so a missed invalidation cannot outlive that.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Role as RoleSchema, type Role } from '@fleet/contracts';
import { verifyPassword, type Db } from '@fleet/db';
import { AppError } from '../errors.js';
import { isGlobal, type AuthUser } from './access.js';

const CACHE_MS = 60_000;
/** Tokens whose stored id is remembered, at most. */
const KNOWN_TOKENS = 10_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class AuthService {
  private readonly cache = new Map<string, { user: AuthUser; until: number }>();
  /** Tokens of sessions resolved before → their stored ids. */
  private readonly known = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  async login(username: string, password: string): Promise<{ token: string; user: AuthUser; expiresAt: Date }> {
    const u = await this.db.user.findUnique({ where: { username }, select: { id: true, passwordHash: true, active: true } });
    // Same answer for unknown user, wrong password and inactive account.
    if (!u || !u.active || !(await verifyPassword(password, u.passwordHash))) throw new AppError('INVALID_CREDENTIALS');
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.ttlMs);
    await this.db.session.create({ data: { id: hashToken(token), userId: u.id, expiresAt } });
    const user = await this.loadUser(u.id);
    if (!user) throw new AppError('INVALID_CREDENTIALS');
    return { token, user, expiresAt };
  }

  async logout(token: string): Promise<void> {
    const id = hashToken(token);
    this.cache.delete(id);
    await this.db.session.deleteMany({ where: { id } });
  }

  /** The user behind a session token, or null when it is unknown or expired. */
  async resolve(token: string): Promise<AuthUser | null> {
    // The stored id of a token that resolved before: no hash per request on the hot path.
    const id = this.known.get(token) ?? hashToken(token);
    const now = Date.now();
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

  private async loadUser(userId: string): Promise<AuthUser | null> {
    const u = await this.db.user.findUnique({
      where: { id: userId },
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
