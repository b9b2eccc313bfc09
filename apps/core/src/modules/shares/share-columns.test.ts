import { describe, expect, it } from 'vitest';
import { publisherSources } from './share-columns.js';

describe('what a publisher shares, as stored', () => {
  it('keeps the channel and video return ids, dropping entries that are not ids', () => {
    expect(publisherSources.read({ channelIds: ['c1', '', 7, 'c2'], vrChannelIds: ['v1'] })).toEqual({ channelIds: ['c1', 'c2'], vrChannelIds: ['v1'] });
  });

  it('reads a missing or unreadable column as sharing nothing', () => {
    expect(publisherSources.read({})).toEqual({ channelIds: [], vrChannelIds: [] });
    expect(publisherSources.read('c1,c2')).toEqual({ channelIds: [], vrChannelIds: [] });
  });
});
