import { describe, expect, it } from 'vitest';
import { tabOf } from './modalTabs';

describe('group modal tab from the address', () => {
  it('opens the named tab, the general tab for none or an unknown one', () => {
    expect(tabOf('alerts')).toBe('alerts');
    expect(tabOf('invitations')).toBe('invitations');
    expect(tabOf(null)).toBe('general');
    expect(tabOf('nope')).toBe('general');
  });
});
