import { describe, expect, it } from 'vitest';
import { groupModeOf } from './alert-configuration.js';

describe('groupModeOf: the alerts mode a group follows', () => {
  it('is automatic for a group without a configuration of its own', () => {
    expect(groupModeOf(null)).toBe('automatic');
  });

  it('reads the stored mode, and a configuration without a readable one is manual', () => {
    expect(groupModeOf({ settings: { groupMode: 'group' } })).toBe('group');
    expect(groupModeOf({ settings: { groupMode: 'automatic' } })).toBe('automatic');
    expect(groupModeOf({ settings: {} })).toBe('manual');
    expect(groupModeOf({ settings: { groupMode: 'sometimes' } })).toBe('manual');
  });
});
