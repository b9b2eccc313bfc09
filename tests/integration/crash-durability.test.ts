/**
 * Crash durability, short version of tests/durability/crash.ts (same code): the stack started as a
 * separate process the README's way, writes of every kind from several clients, SIGKILL at a random
 * moment, restart on the same database — no acknowledged write lost, nothing half-written, the API
 * equal to the rows. Two rounds per provider (PostgreSQL with DATABASE_URL_PG). After the last round the
 * run records an acknowledged write that was never sent and checks again, to show the check sees a loss.
 */
import { describe, expect, it } from 'vitest';
import { runCrashDurability } from '../durability/run.js';
import { pgUrl, providers } from '../support/stack.js';

// Each round restarts the stack through pnpm and tsx: several seconds on a busy machine.
const TIMEOUT_MS = 240_000;

describe.each(providers())('crash durability on %s', (provider) => {
  it(
    'keeps every acknowledged write, whole, over SIGKILL and restart, and reports a planted one that was lost',
    async () => {
      const s = await runCrashDurability({ provider, rounds: 2, clients: 10, killWindowMs: [400, 1500], seed: 7, pgAdminUrl: pgUrl(), selfCheck: true });
      expect(s.problems).toEqual([]);
      expect(s.lost).toBe(0);
      expect(s.inconsistencies).toBe(0);
      // The rounds wrote something of every kind before the kill.
      expect(s.acknowledged).toBeGreaterThan(s.clients);
      expect(s.killMomentsMs).toHaveLength(2);
      // The check itself: a write recorded as acknowledged but never sent is reported lost, and nothing else.
      expect(s.selfCheck).toEqual({
        planted: 1,
        lost: 1,
        problems: [expect.stringMatching(/^LOST unit .* name: stored .*, acknowledged "dx-planted-r3-0"/)],
      });
    },
    TIMEOUT_MS,
  );
});
