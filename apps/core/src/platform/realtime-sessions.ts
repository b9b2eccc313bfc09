/**
 * The open /ws connections of each session, so that a connection ends with its session at once
 * (ASVS V3.3 "session termination"):
 *
 * - at the session's expiry: a timer per connection at the `expiresAt` read from the session row
 *   when the connection opens (moved when the row changes);
 * - when the session row is deleted (log-out, a password change ending the user's other sessions,
 *   a deactivated or deleted user, the purge of expired sessions) or the user becomes inactive:
 *   the read model tells this instance about every such write — its own and, through the
 *   invalidation bus (Redis), every other instance's — and the sessions concerned are read again
 *   from storage in one query per 500 sessions; those that no longer resolve end.
 *
 * Ending a connection is the caller's business (`RealtimeConnection.end`: /ws closes it with
 * 4401 "session ended"). The per-session connection count backs the
 * REALTIME_MAX_CONNECTIONS_PER_SESSION cap (counted per instance).
 */
import type { Db } from '@fleet/db';
import type { Clock, ClockTimer } from './clock.js';

export interface RealtimeConnection {
  /** The session's stored id (`AuthUser.sessionId`). */
  readonly sessionId: string;
  readonly userId: string;
  /** The session ended: close the connection. Called at most once. */
  end(): void;
}

interface Held {
  readonly connection: RealtimeConnection;
  expiresAt: number;
  timer: ClockTimer | null;
  ended: boolean;
}

export interface RealtimeSessionsLogger {
  warn(obj: unknown, msg?: string): void;
}

/** Sessions per storage query when re-checking. */
const CHUNK = 500;
/** setTimeout's longest delay; a later expiry re-arms the timer on the way. */
const MAX_DELAY_MS = 2_147_483_647;

export class RealtimeSessions {
  private readonly bySession = new Map<string, Set<Held>>();
  private readonly held = new Map<RealtimeConnection, Held>();

  constructor(
    private readonly db: Db,
    private readonly log: RealtimeSessionsLogger,
    /** Session expiries are timed on it. */
    private readonly clock: Clock,
  ) {}

  /** Open connections of this session on this instance. */
  count(sessionId: string): number {
    return this.bySession.get(sessionId)?.size ?? 0;
  }

  /** Open connections on this instance. */
  size(): number {
    return this.held.size;
  }

  /**
   * Follow a connection: at most `max` per session (false: refused, not followed). Its session is
   * then read once for its expiry; a session already gone ends the connection at once.
   */
  async add(connection: RealtimeConnection, max: number): Promise<boolean> {
    let set = this.bySession.get(connection.sessionId);
    if ((set?.size ?? 0) >= max) return false;
    if (!set) {
      set = new Set();
      this.bySession.set(connection.sessionId, set);
    }
    // Followed before the read: an invalidation arriving meanwhile re-checks it too.
    const held: Held = { connection, expiresAt: Number.POSITIVE_INFINITY, timer: null, ended: false };
    set.add(held);
    this.held.set(connection, held);
    await this.recheck([connection.sessionId]);
    return true;
  }

  remove(connection: RealtimeConnection): void {
    const held = this.held.get(connection);
    if (!held) return;
    this.held.delete(connection);
    this.clock.clearTimeout(held.timer);
    const set = this.bySession.get(connection.sessionId);
    set?.delete(held);
    if (set?.size === 0) this.bySession.delete(connection.sessionId);
  }

  /** Sessions changed or were deleted (null: possibly any). */
  sessionsChanged(sessionIds: readonly string[] | null): Promise<void> {
    const ids = sessionIds === null ? [...this.bySession.keys()] : sessionIds.filter((id) => this.bySession.has(id));
    return this.recheck(ids);
  }

  /** Users changed (null: possibly any): their sessions are read again (active users only). */
  usersChanged(userIds: readonly string[] | null): Promise<void> {
    const users = userIds === null ? null : new Set(userIds);
    const ids = new Set<string>();
    for (const held of this.held.values()) if (users === null || users.has(held.connection.userId)) ids.add(held.connection.sessionId);
    return this.recheck([...ids]);
  }

  /** End every connection (shutdown): only stops the timers. */
  clear(): void {
    for (const held of this.held.values()) this.clock.clearTimeout(held.timer);
    this.held.clear();
    this.bySession.clear();
  }

  /** Read these sessions from storage; connections of those that no longer resolve end. */
  private async recheck(sessionIds: readonly string[]): Promise<void> {
    for (let i = 0; i < sessionIds.length; i += CHUNK) {
      const chunk = sessionIds.slice(i, i + CHUNK);
      let rows: { id: string; expiresAt: Date; user: { active: boolean } }[];
      try {
        rows = await this.db.session.findMany({
          where: { id: { in: chunk } },
          select: { id: true, expiresAt: true, user: { select: { active: true } } },
        });
      } catch (err) {
        // Storage unreachable: the connections stay; the next subscribe re-checks the session.
        this.log.warn({ err }, 'realtime: re-checking sessions failed');
        continue;
      }
      const live = new Map(rows.filter((r) => r.user.active).map((r) => [r.id, r.expiresAt.getTime()]));
      const now = this.clock.now();
      for (const id of chunk) {
        const expiresAt = live.get(id);
        for (const held of [...(this.bySession.get(id) ?? [])]) {
          if (expiresAt === undefined || expiresAt <= now) this.end(held);
          else if (expiresAt !== held.expiresAt) this.arm(held, expiresAt);
        }
      }
    }
  }

  private arm(held: Held, expiresAt: number): void {
    held.expiresAt = expiresAt;
    this.clock.clearTimeout(held.timer);
    const delay = Math.max(0, expiresAt - this.clock.now());
    held.timer = this.clock
      .setTimeout(
        () => {
          held.timer = null;
          if (this.clock.now() >= held.expiresAt) this.end(held);
          else this.arm(held, held.expiresAt);
        },
        Math.min(delay, MAX_DELAY_MS),
      )
      .unref();
  }

  private end(held: Held): void {
    if (held.ended) return;
    held.ended = true;
    this.remove(held.connection);
    held.connection.end();
  }
}
