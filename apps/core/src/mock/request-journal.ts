/**
 * The mock's request journal: the last `REQUEST_JOURNAL_SIZE` requests the core answered on its
 * API surfaces (the core prefix, `/mock/`, `/ws`, `/downloads`), each with its method, path
 * (never the query string: a signed link carries its signature there), catalogue call id, status,
 * duration, user, a short session id and time — never a body, a header or a cookie. Read through
 * the control plane (`journal.list`, `journal.wait`: control-plane.ts), so a QA test in any language
 * can verify what a client sent, or wait for it to be sent.
 *
 * Recorded by one `onResponse` hook, registered only with the mock endpoints on and a size above 0.
 * The journal's own reads are not recorded (a long poll would otherwise find itself).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DOWNLOADS_PATH } from '../modules/files/download-links.js';
import { GATEWAY, JOURNAL_LIST_LIMIT, JOURNAL_WAIT_MS, REALTIME, type JournalEntry, type JournalFilter } from '@fleet/contracts';
import type { Clock } from '../platform/clock.js';

/** An entry as it is kept: the stored session id is turned into the journal's short id only when read. */
interface Kept {
  seq: number;
  at: number;
  method: string;
  path: string;
  callId: string | null;
  status: number;
  durationMs: number;
  user: string | null;
  sessionId: string | null;
}

/** Who reads: support staff and super users read every entry; anyone else only their own user's. */
export interface JournalReader {
  username: string;
  global: boolean;
  sessionId?: string | undefined;
}

/** The journal's short id of a stored session id (itself a hash of the token): stable, and no way back to either. */
export function journalSessionId(sessionId: string): string {
  return createHash('sha256').update(`journal:${sessionId}`).digest('base64url').slice(0, 16);
}

/** `/api/v2/units/*` as a test of a whole path (`*`: any characters). */
function pathMatcher(pattern: string): (path: string) => boolean {
  if (!pattern.includes('*')) return (path) => path === pattern;
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return (path) => re.test(path);
}

type Test = (e: Kept) => boolean;

export class RequestJournal {
  private readonly ring: (Kept | undefined)[];
  private next = 0;
  private seq = 0;
  private readonly waiters = new Set<{ test: Test; resolve: (e: Kept | null) => void }>();

  constructor(
    readonly size: number,
    private readonly clock: Clock,
  ) {
    this.ring = new Array<Kept | undefined>(size);
  }

  /** The newest entry's number (0 before the first). */
  get last(): number {
    return this.seq;
  }

  record(entry: Omit<Kept, 'seq'>): void {
    const kept: Kept = { seq: ++this.seq, ...entry };
    this.ring[this.next] = kept;
    this.next = (this.next + 1) % this.size;
    for (const w of this.waiters) {
      if (!w.test(kept)) continue;
      this.waiters.delete(w);
      w.resolve(kept);
    }
  }

  /** The entries matching `filter` that `reader` may see, the newest first, at most `limit`. */
  list(filter: JournalFilter, reader: JournalReader, limit: number = JOURNAL_LIST_LIMIT.default): JournalEntry[] {
    const test = this.testOf(filter, reader);
    const out: JournalEntry[] = [];
    for (let i = 1; i <= this.size && out.length < limit; i++) {
      const e = this.ring[(this.next - i + this.size) % this.size];
      if (!e) break;
      if (test(e)) out.push(this.shown(e));
    }
    return out;
  }

  /**
   * The first entry matching `filter` that `reader` may see: one already kept when the filter names
   * where to start (`since` or `after`), else the first request answered from now on; null after `timeoutMs`.
   */
  async wait(filter: JournalFilter, reader: JournalReader, timeoutMs: number = JOURNAL_WAIT_MS.default): Promise<JournalEntry | null> {
    const test = this.testOf(filter.since === undefined && filter.after === undefined ? { ...filter, after: this.seq } : filter, reader);
    // The oldest match of those kept, first.
    for (let i = this.size; i >= 1; i--) {
      const e = this.ring[(this.next - i + this.size) % this.size];
      if (e && test(e)) return this.shown(e);
    }
    const kept = await new Promise<Kept | null>((resolve) => {
      const waiter = { test, resolve };
      const timer = this.clock.setTimeout(() => {
        this.waiters.delete(waiter);
        resolve(null);
      }, timeoutMs);
      waiter.resolve = (e) => {
        this.clock.clearTimeout(timer);
        resolve(e);
      };
      this.waiters.add(waiter);
    });
    return kept && this.shown(kept);
  }

  /** Every pending wait answers null (the core is closing). */
  close(): void {
    for (const w of this.waiters) w.resolve(null);
    this.waiters.clear();
  }

  private shown(e: Kept): JournalEntry {
    return {
      seq: e.seq,
      time: new Date(e.at).toISOString(),
      method: e.method,
      path: e.path,
      callId: e.callId,
      status: e.status,
      durationMs: e.durationMs,
      user: e.user,
      session: e.sessionId === null ? null : journalSessionId(e.sessionId),
    };
  }

  private testOf(filter: JournalFilter, reader: JournalReader): Test {
    const tests: Test[] = [];
    if (!reader.global) tests.push((e) => e.user === reader.username);
    if (filter.method !== undefined) tests.push((e) => e.method === filter.method);
    if (filter.path !== undefined) {
      const matches = pathMatcher(filter.path);
      tests.push((e) => matches(e.path));
    }
    if (filter.callId !== undefined) tests.push((e) => e.callId === filter.callId);
    if (filter.status !== undefined) {
      const status = filter.status;
      tests.push(status.endsWith('xx') ? (e) => String(e.status)[0] === status[0] : (e) => String(e.status) === status);
    }
    if (filter.user !== undefined) tests.push((e) => e.user === filter.user);
    if (filter.session !== undefined) {
      const own = filter.session === 'mine';
      const mine = reader.sessionId ?? null;
      const session = filter.session;
      tests.push((e) => (own ? mine !== null && e.sessionId === mine : e.sessionId !== null && journalSessionId(e.sessionId) === session));
    }
    if (filter.since !== undefined) {
      const since = Date.parse(filter.since);
      tests.push((e) => e.at >= since);
    }
    if (filter.after !== undefined) {
      const after = filter.after;
      tests.push((e) => e.seq > after);
    }
    return (e) => tests.every((t) => t(e));
  }
}

const journals = new WeakMap<FastifyInstance, RequestJournal>();

/** The app's journal, or null when it keeps none (the mock endpoints off, or a size of 0). */
export function journalOf(app: FastifyInstance): RequestJournal | null {
  return journals.get(app) ?? null;
}

/** The paths the journal reads from: their own requests are not recorded. */
export const JOURNAL_READ_PATHS = ['/mock/trpc/journal.', '/mock/api/journal/'];

/** Records every answered request on the API surfaces (mock only: app.ts registers it with the mock endpoints). */
export const requestJournalPlugin = fp(
  async (app: FastifyInstance) => {
    const size = app.config.REQUEST_JOURNAL_SIZE;
    if (size <= 0) return;
    const clock = app.services.clock;
    const journal = new RequestJournal(size, clock);
    journals.set(app, journal);
    app.addHook('onClose', async () => journal.close());
    const recorded = [app.config.CORE_PREFIX, '/mock/', REALTIME.path, DOWNLOADS_PATH];
    const skipped = [...JOURNAL_READ_PATHS, GATEWAY.wsPath];
    app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const q = req.url.indexOf('?');
      const path = q === -1 ? req.url : req.url.slice(0, q);
      if (recorded.some((p) => path.startsWith(p)) && !skipped.some((p) => path.startsWith(p))) {
        const durationMs = Math.round(reply.elapsedTime * 1000) / 1000;
        // The user the request resolved (no storage is asked here: a request that never read its session has none).
        const user = req.authUser ?? app.knownUser(req) ?? null;
        journal.record({
          at: clock.now() - durationMs,
          method: req.method,
          path,
          callId: (req.routeOptions.config as { callId?: string }).callId ?? null,
          status: reply.statusCode,
          durationMs,
          user: user?.username ?? null,
          sessionId: user?.sessionId ?? null,
        });
      }
      done();
    });
  },
  { name: 'request-journal', dependencies: ['services', 'auth'] },
);
