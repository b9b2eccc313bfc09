import { describe, expect, it } from 'vitest';
import { channelOptionFilter } from './ChannelIdInput';

const names = new Map([
  ['MMH-0001-CH1', 'Newsroom_Desk'],
  ['MMH-0001-CH2', 'Studio_B'],
  ['MMH-0002-CH1', 'Metro_Live'],
]);
const options = [...names.keys()].map((value) => ({ value, label: value }));
const search = (text: string, limit = 50) => channelOptionFilter(names)({ options, search: text, limit }).map((o) => ('value' in o ? o.value : ''));

describe('channel suggestions of the unit area', () => {
  it('match the channel name or its id, case-insensitively, in list order', () => {
    expect(search('studio')).toEqual(['MMH-0001-CH2']);
    expect(search('mmh-0001')).toEqual(['MMH-0001-CH1', 'MMH-0001-CH2']);
    expect(search('  LIVE ')).toEqual(['MMH-0002-CH1']);
    expect(search('nothing-like-it')).toEqual([]);
  });

  it('offer every channel for an empty search, at most the limit', () => {
    expect(search('')).toHaveLength(3);
    expect(search('', 2)).toEqual(['MMH-0001-CH1', 'MMH-0001-CH2']);
  });
});
