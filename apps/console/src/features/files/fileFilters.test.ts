import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  channelOptions,
  DEFAULT_FILES_FILTERS,
  filesFiltersToJson,
  filterFiles,
  parseFilesFilters,
  resolveGroupId,
  unitOptions,
} from './fileFilters';
import { makeChannelFile } from '../../test-utils/files';

const NOW = Date.parse('2024-05-10T12:00:00Z');
const files = [
  makeChannelFile({ id: 'a', fileName: 'Morning_News.mp4', channelId: 'CH1', channelName: 'Hub-CH1', lastModified: '2024-05-10T11:00:00Z' }),
  makeChannelFile({
    id: 'b',
    fileName: 'sport.mov',
    channelId: 'CH2',
    channelName: 'Hub-CH2',
    isTransferring: true,
    progress: 40,
    lastModified: '2024-05-05T11:00:00Z',
    fileId: { channel: 'CH2', unit: 'LU2', name: 'sport.mov' },
    luName: 'unit_two',
  }),
  makeChannelFile({ id: 'c', fileName: 'archive.mkv', channelId: 'CH1', lastModified: '2024-03-01T11:00:00Z' }),
  makeChannelFile({ id: 'd', fileName: 'undated.mp4', lastModified: null }),
];
const ids = (list: readonly { id: string }[]) => list.map((f) => f.id);

describe('parseFilesFilters', () => {
  it.each([
    [undefined, DEFAULT_FILES_FILTERS],
    [null, DEFAULT_FILES_FILTERS],
    [[1, 2], DEFAULT_FILES_FILTERS],
    [{ date: 'forever', transfer: 7, search: 3 }, DEFAULT_FILES_FILTERS],
    [
      { groupId: 'g1', channelId: '', unitId: 'LU1', search: 'x', date: '7d', transfer: 'complete' },
      { groupId: 'g1', channelId: null, unitId: 'LU1', search: 'x', date: '7d', transfer: 'complete' },
    ],
  ])('%j → %j', (raw, expected) => {
    expect(parseFilesFilters(raw)).toEqual(expected);
  });

  it('round-trips through the stored JSON', () => {
    const f = { ...DEFAULT_FILES_FILTERS, groupId: 'g', search: 'abc', date: '30d' as const, transfer: 'transferring' as const };
    expect(parseFilesFilters(filesFiltersToJson(f))).toEqual(f);
  });

  it('defaults the date filter to all (spec 000 §9)', () => {
    expect(DEFAULT_FILES_FILTERS.date).toBe('all');
  });
});

describe('filterFiles', () => {
  it('returns the same array without filters', () => {
    expect(filterFiles(files, DEFAULT_FILES_FILTERS, NOW)).toBe(files);
    expect(activeFilterCount({ ...DEFAULT_FILES_FILTERS, groupId: 'g' })).toBe(0);
  });
  it.each([
    [{ channelId: 'CH1' }, ['a', 'c', 'd']],
    [{ unitId: 'LU2' }, ['b']],
    [{ search: '  news ' }, ['a']],
    [{ search: 'MP4' }, ['a', 'd']],
    [{ transfer: 'transferring' }, ['b']],
    [{ transfer: 'complete' }, ['a', 'c', 'd']],
    [{ date: '24h' }, ['a']],
    [{ date: '7d' }, ['a', 'b']],
    [{ date: '30d' }, ['a', 'b']],
    [{ channelId: 'CH1', date: '30d' }, ['a']],
  ] as const)('%j → %j', (patch, expected) => {
    const f = { ...DEFAULT_FILES_FILTERS, ...patch };
    expect(activeFilterCount(f)).toBe(Object.keys(patch).length);
    expect(ids(filterFiles(files, f, NOW))).toEqual(expected);
  });
});

describe('options', () => {
  it('lists each channel and unit once, by name', () => {
    expect(channelOptions(files)).toEqual([
      { value: 'CH1', label: 'Hub-CH1' },
      { value: 'CH2', label: 'Hub-CH2' },
    ]);
    expect(unitOptions(files)).toEqual([
      { value: 'LU1', label: 'unit_one' },
      { value: 'LU2', label: 'unit_two' },
    ]);
  });
});

describe('resolveGroupId', () => {
  const groups = [{ id: 'g1' }, { id: 'g2' }];
  it.each([
    ['g2', 'g1', 'g2'],
    ['gone', 'g2', 'g2'],
    [null, 'gone', 'g1'],
    [null, undefined, 'g1'],
  ] as const)('chosen %s, preferred %s → %s', (chosen, preferred, expected) => {
    expect(resolveGroupId(chosen, preferred, groups)).toBe(expected);
  });
  it('is null without groups', () => expect(resolveGroupId('g1', 'g1', [])).toBeNull());
});
