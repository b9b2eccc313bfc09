/**
 * The sweep lease over a real Redis (sweep-lease.ts): one holder at a time, consecutive spans that
 * meet whichever instance swept, a closing holder handing over at once and a silent one after its
 * lease ran out, nobody sweeping while Redis cannot be reached. Needs REDIS_URL_TEST.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalSweepLease, RedisSweepLease, type SweepLease } from '../src/platform/sweep-lease.js';

const redis = process.env.REDIS_URL_TEST;
if (!redis && process.env.REQUIRE_REDIS === '1') throw new Error('REDIS_URL_TEST is not set but REQUIRE_REDIS=1: start Redis with scripts/redis-up.sh');

const quiet = { warn: () => undefined };

/**
 * Claims at `now` until another holder's lease has run out (Redis expires it on its own clock, which a test
 * cannot step): a refused claim changes nothing, so polling is safe. Null after 5 s.
 */
async function claimOnceFree(lease: SweepLease, now: number): Promise<{ from: number; to: number } | null> {
  for (const end = Date.now() + 5000; ; ) {
    const span = await lease.claim(now);
    if (span || Date.now() > end) return span;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('LocalSweepLease', () => {
  it('sweeps every span from the last one, never backwards', async () => {
    const lease = new LocalSweepLease(1000);
    expect(await lease.claim(1500)).toEqual({ from: 1000, to: 1500 });
    expect(await lease.claim(2500)).toEqual({ from: 1500, to: 2500 });
    // A clock set back: an empty span, the mark stays.
    expect(await lease.claim(2000)).toEqual({ from: 2500, to: 2500 });
    expect(await lease.claim(3000)).toEqual({ from: 2500, to: 3000 });
  });
});

describe.skipIf(!redis)('RedisSweepLease', () => {
  const open: SweepLease[] = [];
  /** A lease of an instance started at 500 (ms since the epoch, as the claims below count). */
  const lease = (prefix: string, leaseMs = 60_000, url = redis!): RedisSweepLease => {
    const l = new RedisSweepLease(url, prefix, 'test', leaseMs, quiet, 500);
    open.push(l);
    return l;
  };
  const fresh = () => `fleet:test:${randomBytes(4).toString('hex')}`;
  afterEach(async () => {
    await Promise.all(open.splice(0).map((l) => l.close()));
  });

  it('gives the turn to one instance; spans meet across a hand-over on close', async () => {
    const prefix = fresh();
    const a = lease(prefix);
    const b = lease(prefix);
    // The first sweep of a deployment reaches back to the instance's start: what ran out meanwhile is announced.
    expect(await a.claim(1000)).toEqual({ from: 500, to: 1000 });
    expect(await b.claim(1500)).toBeNull();
    expect(await a.claim(2000)).toEqual({ from: 1000, to: 2000 });
    expect(await b.claim(2500)).toBeNull();
    await a.close();
    // B starts where A left off: nothing between 2000 and 3000 is lost, nothing before swept again.
    expect(await b.claim(3000)).toEqual({ from: 2000, to: 3000 });
    // Another instance's clock behind the mark: an empty span.
    expect(await b.claim(2800)).toEqual({ from: 3000, to: 3000 });
  });

  it('passes a silent holder’s turn on once its lease ran out', async () => {
    const prefix = fresh();
    const a = lease(prefix, 300);
    const b = lease(prefix, 300);
    expect(await a.claim(1000)).not.toBeNull();
    expect(await b.claim(1100)).toBeNull();
    expect(await claimOnceFree(b, 1200)).toEqual({ from: 1000, to: 1200 });
    // A later instance's start does not move the mark back.
    const c = new RedisSweepLease(redis!, prefix, 'test', 300, quiet, 100);
    open.push(c);
    expect(await claimOnceFree(c, 1300)).toEqual({ from: 1200, to: 1300 });
    expect(await a.claim(1400)).toBeNull();
  });

  it('does not sweep while Redis cannot be reached', async () => {
    const away = lease(fresh(), 60_000, 'redis://127.0.0.1:1');
    expect(await away.claim(1000)).toBeNull();
  });
});
