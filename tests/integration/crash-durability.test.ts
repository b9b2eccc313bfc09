/**
 * Crash durability, short version of tests/durability/crash.ts (same code): the stack started as a
 * separate process the README's way, writes of every kind from several clients, SIGKILL at a random
 * moment, restart on the same database — no acknowledged write lost, nothing half-written, the API
 * equal to the rows. Two rounds per provider (PostgreSQL with DATABASE_URL_PG). A last case plants
 * an acknowledged write that was never sent, to show the check sees a loss.
 */
import { describe, expect, it } from 'vitest';
import { runCrashDurability } from '../durability/run.js';
import { covers, pgUrl, providers } from '../support/stack.js';

// Each round restarts the stack through pnpm and tsx: several seconds on a busy machine.
const TIMEOUT_MS = 240_000;

describe.each(providers())('crash durability on %s', (provider) => {
  it(
    'keeps every acknowledged write, whole, over SIGKILL and restart',
    async () => {
      const s = await runCrashDurability({ provider, rounds: 2, clients: 10, killWindowMs: [400, 1500], seed: 7, pgAdminUrl: pgUrl() });
      expect(s.problems).toEqual([]);
      expect(s.lost).toBe(0);
      expect(s.inconsistencies).toBe(0);
      // The rounds wrote something of every kind before the kill.
      expect(s.acknowledged).toBeGreaterThan(s.clients);
      expect(s.killMomentsMs).toHaveLength(2);
    },
    TIMEOUT_MS,
  );
});

describe.runIf(covers('sqlite'))('crash durability check', () => {
  it(
    'reports an acknowledged write that is not stored as lost',
    async () => {
      const s = await runCrashDurability({ provider: 'sqlite', rounds: 1, clients: 4, killWindowMs: [300, 600], seed: 3, plantLost: 1 });
      expect(s.lost).toBe(1);
      expect(s.problems).toEqual([expect.stringMatching(/^round 1: LOST unit .* name: stored .*, acknowledged "dx-planted-r1-0"/)]);
    },
    TIMEOUT_MS,
  );
});
