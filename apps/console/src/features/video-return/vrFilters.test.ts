import { describe, expect, it } from 'vitest';
import {
  activeVrFilterCount,
  countVrChannels,
  DEFAULT_VR_FILTERS,
  filterVrChannels,
  isStatusFilterActive,
  parseVrFilters,
  serializeVrFilters,
  toggleStatusFilter,
} from './vrFilters';
import { vrChannel } from '../../test-utils/vrChannels';

const channels = [
  vrChannel('A', { name: 'Studio-A', status: 'idle', serialNumber: 'SN-77' }),
  vrChannel('B', {
    name: 'Field-B',
    status: 'inputConnected',
    configuration: { inputType: 'srt', url: 'srt://x:9000', passphrase: null, destinationPort: 9000, latency: 500 },
  }),
  vrChannel('C', { name: 'Metro-C', status: 'offline', description: 'rooftop' }),
];

describe('video return filters', () => {
  it('reads saved filters back and ignores what it does not understand', () => {
    const filters = { groupId: 'grp-2', statuses: ['offline'], inputTypes: ['srt'], search: 'x' } as const;
    expect(parseVrFilters(serializeVrFilters(filters))).toEqual(filters);
    expect(parseVrFilters({ statuses: ['bogus', 'idle'], inputTypes: 'srt', groupId: 3 })).toEqual({ ...DEFAULT_VR_FILTERS, statuses: ['idle'] });
    expect(parseVrFilters(null)).toBe(DEFAULT_VR_FILTERS);
    expect(parseVrFilters(['idle'])).toBe(DEFAULT_VR_FILTERS);
  });

  it('filters by status, input type and a search over name, id, serial and description', () => {
    expect(filterVrChannels(channels, DEFAULT_VR_FILTERS)).toBe(channels);
    expect(filterVrChannels(channels, { ...DEFAULT_VR_FILTERS, statuses: ['offline', 'idle'] }).map((c) => c.uniqueId)).toEqual(['A', 'C']);
    expect(filterVrChannels(channels, { ...DEFAULT_VR_FILTERS, inputTypes: ['srt'] }).map((c) => c.uniqueId)).toEqual(['B']);
    expect(filterVrChannels(channels, { ...DEFAULT_VR_FILTERS, search: 'sn-77' }).map((c) => c.uniqueId)).toEqual(['A']);
    expect(filterVrChannels(channels, { ...DEFAULT_VR_FILTERS, search: ' ROOF ' }).map((c) => c.uniqueId)).toEqual(['C']);
    expect(activeVrFilterCount({ groupId: 'g', statuses: ['idle'], inputTypes: [], search: ' ' })).toBe(1);
  });

  it('a counter filters on its status alone, and clicked again shows every status', () => {
    const once = toggleStatusFilter(DEFAULT_VR_FILTERS, 'inputConnected');
    expect(once.statuses).toEqual(['inputConnected']);
    expect(isStatusFilterActive(once, 'inputConnected')).toBe(true);
    expect(toggleStatusFilter(once, 'inputConnected').statuses).toEqual([]);
    expect(toggleStatusFilter({ ...DEFAULT_VR_FILTERS, statuses: ['idle', 'offline'] }, 'idle').statuses).toEqual(['idle']);
  });

  it('counts the rows by the spec status words', () => {
    expect(countVrChannels(channels)).toEqual({ total: 3, idle: 1, inputConnected: 1, collecting: 0, offline: 1, connecting: 0 });
  });
});
