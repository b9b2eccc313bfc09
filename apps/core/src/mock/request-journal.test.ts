import { describe, expect, it } from 'vitest';
import { TestClock } from '../platform/clock.js';
import { RequestJournal, journalSessionId } from './request-journal.js';

const staff = { username: 'super_user', global: true, sessionId: 'staff-session' };
const operator = { username: 'luc_regular', global: false, sessionId: 'operator-session' };

function journal(size = 3) {
  const clock = new TestClock();
  const j = new RequestJournal(size, clock);
  const record = (path: string, user = operator, status = 200) =>
    j.record({ at: clock.now(), method: 'GET', path, callId: null, status, durationMs: 1, user: user.username, sessionId: user.sessionId });
  return { j, clock, record };
}

describe('the request journal', () => {
  it('keeps the last N requests, newest first, and shows a short session id instead of the stored one', () => {
    const { j, record } = journal(3);
    for (const path of ['/api/a', '/api/b', '/api/c', '/api/d']) record(path);
    const listed = j.list({}, staff);
    expect(listed.map((e) => e.path)).toEqual(['/api/d', '/api/c', '/api/b']);
    expect(listed[0]!.session).toBe(journalSessionId('operator-session'));
    expect(JSON.stringify(listed)).not.toContain('operator-session');
  });

  it('filters by path pattern and status class, and shows a user only their own requests', () => {
    const { j, record } = journal(10);
    record('/api/v2/units/LU800-0001');
    record('/api/v2/units/LU800-0002/stream', staff, 409);
    record('/api/groups');
    expect(j.list({ path: '/api/v2/units/*' }, staff).map((e) => e.path)).toEqual(['/api/v2/units/LU800-0002/stream', '/api/v2/units/LU800-0001']);
    expect(j.list({ path: '/api/v2/units' }, staff)).toEqual([]);
    expect(j.list({ status: '4xx' }, staff).map((e) => e.status)).toEqual([409]);
    expect(j.list({}, operator).map((e) => e.path)).toEqual(['/api/groups', '/api/v2/units/LU800-0001']);
    expect(j.list({ session: 'mine' }, staff)).toHaveLength(1);
  });

  it('wait answers the first matching request that arrives later, or null when the time is up', async () => {
    const { j, record } = journal(10);
    record('/api/groups');
    const waiting = j.wait({ path: '/api/groups' }, staff, 10_000);
    record('/api/other');
    record('/api/groups', staff);
    expect(await waiting).toMatchObject({ path: '/api/groups', user: 'super_user', seq: 3 });
    // Already there when the filter says where to start.
    expect(await j.wait({ path: '/api/groups', after: 0 }, staff, 0)).toMatchObject({ seq: 1 });
    expect(await j.wait({ path: '/api/never' }, staff, 20)).toBeNull();
  });
});
