/** The centre's entries: one per subject and topic, counted, newest first, bounded; late notices dropped; read state and filters. */
import { describe, expect, it } from 'vitest';
import { addNotices, CENTRE_CAPACITY, EMPTY_CENTRE, markAllRead, markRead, matches, NO_FILTER, unitOf, unreadCount } from './centreState';
import type { Notice } from './notices';

const online = (unitId: string, at: number): Notice => ({ kind: 'statusChange', change: 'offlineToOnline', unitId, at });
const offline = (unitId: string, at: number): Notice => ({ kind: 'statusChange', change: 'onlineToOffline', unitId, at });
const alert = (unitId: string, level: 'critical' | 'warning', at: number): Notice => ({
  kind: 'alert',
  level,
  alertType: 'battery',
  message: 'Battery low',
  unitId,
  serverId: null,
  channelId: null,
  sound: false,
  at,
});

describe('the centre’s entries', () => {
  it('keeps one entry per unit’s status: the latest, moved to the top, unread, counted', () => {
    let state = addNotices(EMPTY_CENTRE, [online('U1', 1), online('U2', 2)]);
    state = markAllRead(state);
    state = addNotices(state, [offline('U1', 3)]);
    expect(state.entries.map((e) => [unitOf(e.notice), e.kind, e.count, e.read])).toEqual([
      ['U1', 'offline', 2, false],
      ['U2', 'online', 1, true],
    ]);
    expect(state.entries[0]!.severity).toBe('warning');
  });

  it('drops a notice older than the entry of its subject (late or out of order)', () => {
    const state = addNotices(EMPTY_CENTRE, [offline('U1', 10)]);
    expect(addNotices(state, [online('U1', 5)])).toBe(state);
    // In one batch, the order of the events' times decides, not of arrival.
    const batch = addNotices(EMPTY_CENTRE, [offline('U1', 10), online('U1', 5)]);
    expect(batch.entries.map((e) => [e.kind, e.count])).toEqual([['offline', 2]]);
  });

  it('keeps alerts of one unit apart by level, and a unit’s alert apart from its status', () => {
    const state = addNotices(EMPTY_CENTRE, [alert('U1', 'warning', 1), alert('U1', 'critical', 2), online('U1', 3), alert('U1', 'critical', 4)]);
    expect(state.entries.map((e) => [e.kind, e.severity, e.count])).toEqual([
      ['alert', 'critical', 2],
      ['online', 'info', 1],
      ['alert', 'warning', 1],
    ]);
  });

  it(`holds at most ${CENTRE_CAPACITY} entries, the oldest leaving first`, () => {
    const notices = Array.from({ length: CENTRE_CAPACITY + 50 }, (_, i) => online(`U${i}`, i));
    const state = addNotices(EMPTY_CENTRE, notices);
    expect(state.entries).toHaveLength(CENTRE_CAPACITY);
    expect(state.entries[0]!.notice.at).toBe(CENTRE_CAPACITY + 49);
    expect(state.entries.at(-1)!.notice.at).toBe(50);
    expect(addNotices(state, [online('U9999', 10_000)], undefined, CENTRE_CAPACITY).entries).toHaveLength(CENTRE_CAPACITY);
  });

  it('remembers the unit’s name as the console knew it when the notice came', () => {
    const state = addNotices(EMPTY_CENTRE, [online('U1', 1)], (id) => (id === 'U1' ? 'Camera_north' : null));
    expect(addNotices(state, [offline('U1', 2)]).entries[0]!.nameAtArrival).toBe('Camera_north');
  });

  it('marks one read, and all those a filter selects; filters by unit, kind, severity and unread', () => {
    const state = addNotices(EMPTY_CENTRE, [online('U1', 1), offline('U2', 2), alert('U2', 'critical', 3)]);
    expect(unreadCount(state)).toBe(3);
    const one = markRead(state, state.entries[2]!.id);
    expect(unreadCount(one)).toBe(2);
    expect(markRead(one, state.entries[2]!.id)).toBe(one);
    const u2 = { ...NO_FILTER, unitId: 'U2' };
    expect(state.entries.filter((e) => matches(e, u2)).map((e) => e.kind)).toEqual(['alert', 'offline']);
    expect(state.entries.filter((e) => matches(e, { ...NO_FILTER, kind: 'online' }))).toHaveLength(1);
    expect(state.entries.filter((e) => matches(e, { ...NO_FILTER, severity: 'critical' }))).toHaveLength(1);
    const read = markAllRead(state, (e) => matches(e, u2));
    expect(unreadCount(read)).toBe(1);
    expect(read.entries.filter((e) => matches(e, { ...NO_FILTER, unreadOnly: true })).map((e) => unitOf(e.notice))).toEqual(['U1']);
  });
});
