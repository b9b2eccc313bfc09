import { describe, expect, it } from 'vitest';
import { nextListSort } from './listSort';

describe('nextListSort', () => {
  const view = { sortBy: 'name', sortDir: 'asc' as const, page: 3, search: 'x' };

  it('flips the sorted column and goes back to page 1, keeping the rest of the view', () => {
    expect(nextListSort(view, 'name')).toEqual({ sortBy: 'name', sortDir: 'desc', page: 1, search: 'x' });
    expect(nextListSort(nextListSort(view, 'name'), 'name')).toMatchObject({ sortDir: 'asc' });
  });

  it('sorts another column in its first direction', () => {
    expect(nextListSort({ ...view, sortDir: 'desc' as const }, 'status')).toMatchObject({ sortBy: 'status', sortDir: 'asc', page: 1 });
    expect(nextListSort(view, 'createdAt', 'desc')).toMatchObject({ sortBy: 'createdAt', sortDir: 'desc' });
  });
});
