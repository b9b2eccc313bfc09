import { describe, expect, it } from 'vitest';
import { countChannels } from '@fleet/domain';
import {
  activeChannelFilterCount,
  DEFAULT_CHANNEL_FILTERS,
  filterChannels,
  filtersForChannelCounter,
  isCounterActive,
  parseChannelFilters,
  serializeChannelFilters,
} from './channelFilters';
import { makeChannel } from '../../test-utils/channels';

const idle = makeChannel({ channelId: 'a', channelName: 'Studio_A' });
const live = makeChannel({
  channelId: 'b',
  status: 'collecting',
  busy: true,
  allocatedToUnitAlias: 'Truck-7',
  type: 'output',
  isOutput: true,
  hasCdn: true,
  cdnName: 'YouTube',
});
const down = makeChannel({
  channelId: 'c',
  status: 'unavailable',
  offline: true,
  online: false,
  type: 'input',
  isInput: true,
  hasSdi: true,
  groupIds: ['grp-2'],
  inventoryIds: ['inv-2'],
});
const sdiOut = makeChannel({ channelId: 'd', status: 'PlayStoredFile', type: 'output', isOutput: true, hasSdi: true, hasSmpte: true, isSharing: true });
const all = [idle, live, down, sdiOut];
const ids = (list: readonly { channelId: string }[]) => list.map((c) => c.channelId);

describe('channel filters (spec 001 §3 channels list filters)', () => {
  it('lets everything through by default', () => {
    expect(filterChannels(all, DEFAULT_CHANNEL_FILTERS)).toBe(all);
    expect(activeChannelFilterCount(DEFAULT_CHANNEL_FILTERS)).toBe(0);
  });

  it('filters by status, type, marks, scope and search together', () => {
    expect(ids(filterChannels(all, { ...DEFAULT_CHANNEL_FILTERS, statuses: ['collecting', 'idle'] }))).toEqual(['a', 'b']);
    expect(ids(filterChannels(all, { ...DEFAULT_CHANNEL_FILTERS, types: ['output'] }))).toEqual(['b', 'd']);
    expect(ids(filterChannels(all, { ...DEFAULT_CHANNEL_FILTERS, marks: ['sdi', 'output'] }))).toEqual(['d']);
    expect(ids(filterChannels(all, { ...DEFAULT_CHANNEL_FILTERS, scope: 'group:grp-2' }))).toEqual(['c']);
    expect(ids(filterChannels(all, { ...DEFAULT_CHANNEL_FILTERS, scope: 'inventory:inv-1' }))).toEqual(['a', 'b', 'd']);
    expect(ids(filterChannels(all, { ...DEFAULT_CHANNEL_FILTERS, text: ' truck ' }))).toEqual(['b']);
    expect(ids(filterChannels(all, { ...DEFAULT_CHANNEL_FILTERS, text: 'studio', types: ['output'] }))).toEqual([]);
  });

  it('a status counter selects every status of its class; clicking it again clears it', () => {
    const busy = filtersForChannelCounter(DEFAULT_CHANNEL_FILTERS, 'busy');
    expect(busy.statuses).toEqual(['collecting', 'online', 'PlayStoredFile', 'connecting', 'upgrading']);
    expect(isCounterActive(busy, 'busy')).toBe(true);
    expect(ids(filterChannels(all, busy))).toEqual(['b', 'd']);
    const offline = filtersForChannelCounter(DEFAULT_CHANNEL_FILTERS, 'offline');
    // "unavailable (treated as offline)"
    expect(ids(filterChannels(all, offline))).toEqual(['c']);
    expect(filtersForChannelCounter(busy, 'busy').statuses).toEqual([]);
  });

  it('a mark counter filters on the mark, and agrees with the count', () => {
    const counters = countChannels(all);
    for (const mark of ['sdi', 'smpte', 'cdn', 'preview', 'share', 'output', 'input'] as const) {
      const shown = filterChannels(all, filtersForChannelCounter(DEFAULT_CHANNEL_FILTERS, mark));
      expect(shown).toHaveLength(counters[mark]);
    }
    expect(counters).toMatchObject({
      busy: 2,
      idle: 1,
      offline: 1,
      sdi: 2,
      smpte: 1,
      cdn: 1,
      preview: 1,
      share: 1,
      output: 2,
      input: 1,
      studio: 0,
      distributor: 0,
    });
  });

  it('stored filters round-trip, and junk falls back to the defaults', () => {
    const filters = { text: 'x', statuses: ['idle'], types: ['input'], marks: ['cdn'], scope: 'group:g1' } as const;
    expect(parseChannelFilters(JSON.parse(JSON.stringify(serializeChannelFilters(filters))))).toEqual(filters);
    expect(parseChannelFilters({ statuses: ['bogus', 'idle', 'idle'], types: 4, marks: ['x'], scope: 'everything' })).toEqual({
      ...DEFAULT_CHANNEL_FILTERS,
      statuses: ['idle'],
    });
    expect(parseChannelFilters(null)).toEqual(DEFAULT_CHANNEL_FILTERS);
  });
});
