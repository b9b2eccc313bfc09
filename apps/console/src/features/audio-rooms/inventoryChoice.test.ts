import { describe, expect, it } from 'vitest';
import { resolveInventoryId } from './inventoryChoice';

const mine = [{ id: 'a' }, { id: 'b' }];

describe('resolveInventoryId', () => {
  it('takes the picked inventory, else the preferred one, else the first, among the user’s own', () => {
    expect(resolveInventoryId('b', 'a', mine)).toBe('b');
    expect(resolveInventoryId(null, 'b', mine)).toBe('b');
    expect(resolveInventoryId('x', 'y', mine)).toBe('a');
    expect(resolveInventoryId(null, null, [])).toBeNull();
  });
});
