import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYSTEM_ENTITY_KINDS, type RealtimeEvent, type SystemEntityKind } from '@fleet/contracts';
import { systemClock } from './clock.js';
import { kindsOf, SystemEntitiesFeed } from './system-entities-feed.js';

describe('kindsOf', () => {
  it('names the kinds of the models written, associations on both sides, nothing for other models, every kind for raw SQL', () => {
    expect([...kindsOf([{ model: 'Unit' }])]).toEqual(['unit']);
    expect([...kindsOf([{ model: 'UnitGroup' }, { model: 'Unit' }])]).toEqual(['unit', 'group']);
    expect([...kindsOf([{ model: 'Story' }, { model: 'Session' }, { model: 'UsageRecord' }])]).toEqual([]);
    expect([...kindsOf([{ model: null }])]).toEqual([...SYSTEM_ENTITY_KINDS]);
  });
});

describe('SystemEntitiesFeed', () => {
  const published: { topics: readonly string[]; event: RealtimeEvent }[] = [];
  const feed = new SystemEntitiesFeed({ publish: (topics, event) => published.push({ topics, event }) }, systemClock, 1000);
  const kinds = () => published.map((p) => (p.event.type === 'systemEntities.changed' ? p.event.kinds : []));
  const note = (...k: SystemEntityKind[]) => feed.note(new Set(k));

  beforeEach(() => {
    vi.useFakeTimers();
    published.length = 0;
  });
  afterEach(() => {
    feed.close();
    vi.useRealTimers();
  });

  it('announces the first write at once on the admin topic, folds the rest of the interval into one event at its end, then stops', () => {
    note('unit');
    expect(published).toEqual([{ topics: ['system:entities'], event: { type: 'systemEntities.changed', kinds: ['unit'], at: expect.any(Number) } }]);
    note('group');
    note('unit', 'inventory');
    vi.advanceTimersByTime(999);
    expect(kinds()).toEqual([['unit']]);
    vi.advanceTimersByTime(1);
    expect(kinds()).toEqual([['unit'], ['inventory', 'group', 'unit']]);
    vi.advanceTimersByTime(5000);
    expect(kinds()).toHaveLength(2);
    note('server');
    expect(kinds()).toEqual([['unit'], ['inventory', 'group', 'unit'], ['server']]);
  });

  it('announces nothing for a write of no kind, and drops what is folded when closed', () => {
    note();
    expect(published).toEqual([]);
    note('user');
    note('user');
    feed.close();
    vi.advanceTimersByTime(5000);
    expect(kinds()).toEqual([['user']]);
  });
});
