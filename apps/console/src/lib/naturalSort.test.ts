import { describe, expect, it } from 'vitest';
import { naturalCompare, naturalSortBy } from './naturalSort';

describe('natural order', () => {
  it('orders numbers by value, letters case-insensitively', () => {
    expect(['MMH-1-CH10', 'MMH-1-CH2', 'mmh-1-ch1', 'MMH-10-CH1', 'MMH-2-CH1'].sort(naturalCompare)).toEqual([
      'mmh-1-ch1',
      'MMH-1-CH2',
      'MMH-1-CH10',
      'MMH-2-CH1',
      'MMH-10-CH1',
    ]);
  });

  it('sorts items by their text and keeps equal ones in order', () => {
    const items = [
      { n: 'CH10', i: 0 },
      { n: 'CH2', i: 1 },
      { n: 'ch2', i: 2 },
    ];
    expect(naturalSortBy(items, (x) => x.n).map((x) => x.i)).toEqual([1, 2, 0]);
  });
});
