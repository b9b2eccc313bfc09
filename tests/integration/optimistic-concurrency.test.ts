/**
 * Optimistic concurrency through the HTTP surface, on real SQLite and PostgreSQL: two writers send
 * the same version of one object at the same time, with different values. Exactly one wins (its
 * success answer carries the next version), the other gets 409 CONFLICT with the spec's message,
 * and what is stored is the winner's value under the winner's version — never a mix, never both.
 * Several rounds per call, so both arrival orders and interleavings get their chance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providers, startTestStack, type TestStack } from '../support/stack.js';

const ROUNDS = 6;
const CONFLICT = { code: 'CONFLICT', message: 'The item was changed by someone else, please reload and try again' };

describe.each(providers())('optimistic concurrency over HTTP on %s', (provider) => {
  let s: TestStack;
  const cookies = new Map<string, string>();
  beforeAll(async () => {
    s = await startTestStack({ provider, simulator: false }); // no device is involved
    for (const role of ['luc_regular', 'luc_admin']) cookies.set(role, await s.login(role));
  });
  afterAll(async () => s?.close());

  const call = (method: 'GET' | 'PUT', url: string, cookie: string, payload?: object) =>
    s.app.inject({ method, url: `/api${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

  interface Race {
    /** Who writes (both writers are the same user: two tabs of one console). */
    role: string;
    /** The stored version and value, read from the core. */
    read(cookie: string): Promise<{ version: number; value: string }>;
    /** One writer's request: this value under this version. */
    write(cookie: string, version: number, value: string): ReturnType<typeof call>;
  }

  const RACES: Record<string, Race> = {
    'a unit rename (PUT devices/update)': {
      role: 'luc_regular',
      read: async (cookie) => {
        const u = (await call('GET', '/v2/units/LU800-0002', cookie)).json();
        return { version: u.version, value: u.name };
      },
      write: (cookie, version, value) => call('PUT', '/devices/update', cookie, { id: 'LU800-0002', name: value, version }),
    },
    'a story edit (PUT v2/inventories/{id}/stories/{storyId})': {
      role: 'luc_regular',
      read: async (cookie) => {
        const st = (await call('GET', '/v2/inventories/inv-global/stories/sty-2', cookie)).json();
        return { version: st.version, value: st.slugline };
      },
      write: (cookie, version, value) => call('PUT', '/v2/inventories/inv-global/stories/sty-2', cookie, { version, slugline: value }),
    },
    'an admin unit update (PUT v2/admin/units/{id})': {
      role: 'luc_admin',
      read: async (cookie) => {
        const u = (await call('GET', '/v2/admin/units/LU800-0003', cookie)).json();
        return { version: u.version, value: u.comment };
      },
      write: (cookie, version, value) => call('PUT', '/v2/admin/units/LU800-0003', cookie, { comment: value, version }),
    },
  };

  it.each(Object.keys(RACES))('%s: one of two concurrent writers wins, the other gets 409, the winner’s value is stored', async (name) => {
    const race = RACES[name]!;
    const cookie = cookies.get(race.role)!;
    const wins = { A: 0, B: 0 };
    for (let round = 1; round <= ROUNDS; round++) {
      const before = await race.read(cookie);
      const values = { A: `Race-${round}-A`, B: `Race-${round}-B` } as const;
      const [a, b] = await Promise.all([race.write(cookie, before.version, values.A), race.write(cookie, before.version, values.B)]);
      const answers = [
        { who: 'A', res: a },
        { who: 'B', res: b },
      ] as const;
      const winners = answers.filter((x) => x.res.statusCode === 200);
      const losers = answers.filter((x) => x.res.statusCode !== 200);
      expect(
        winners.map((x) => x.who),
        `round ${round}: ${a.statusCode} ${a.body.slice(0, 200)} / ${b.statusCode} ${b.body.slice(0, 200)}`,
      ).toHaveLength(1);
      const winner = winners[0]!;
      const loser = losers[0]!;
      expect(loser.res.statusCode, loser.res.body).toBe(409);
      expect(loser.res.json().error).toEqual(CONFLICT);
      expect(winner.res.json().version).toBe(before.version + 1);
      wins[winner.who]++;
      // Stored: the winner's value under the winner's version.
      expect(await race.read(cookie)).toEqual({ version: before.version + 1, value: values[winner.who] });
    }
    expect(wins.A + wins.B).toBe(ROUNDS);
  });

  // A writer that sends no version asked for no check: concurrent renames of one unit all land
  // (found by the soak: the core used to update under the version it had just read, so a rename
  // landing in between made the other answer 409).
  it('renames without a version never conflict: every one of eight concurrent renames is applied', async () => {
    const cookie = cookies.get('luc_regular')!;
    const before = (await call('GET', '/v2/units/LU800-0002', cookie)).json() as { version: number };
    const names = Array.from({ length: 8 }, (_, i) => `Unversioned-${i}`);
    const answers = await Promise.all(names.map((name) => call('PUT', '/devices/update', cookie, { id: 'LU800-0002', name })));
    expect(
      answers.map((a) => a.statusCode),
      answers.map((a) => a.body.slice(0, 120)).join(' | '),
    ).toEqual(names.map(() => 200));
    const after = (await call('GET', '/v2/units/LU800-0002', cookie)).json() as { version: number; name: string };
    expect(after.version).toBe(before.version + names.length);
    expect(names).toContain(after.name);
  });

  it('admin unit updates without a version never conflict either', async () => {
    const cookie = cookies.get('luc_admin')!;
    const before = (await call('GET', '/v2/admin/units/LU800-0003', cookie)).json() as { version: number };
    const comments = Array.from({ length: 8 }, (_, i) => `unversioned ${i}`);
    const answers = await Promise.all(comments.map((comment) => call('PUT', '/v2/admin/units/LU800-0003', cookie, { comment })));
    expect(
      answers.map((a) => a.statusCode),
      answers.map((a) => a.body.slice(0, 120)).join(' | '),
    ).toEqual(comments.map(() => 200));
    const after = (await call('GET', '/v2/admin/units/LU800-0003', cookie)).json() as { version: number; comment: string };
    expect(after.version).toBe(before.version + comments.length);
    expect(comments).toContain(after.comment);
  });
});
