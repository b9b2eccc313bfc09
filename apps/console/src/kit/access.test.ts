import { describe, expect, it } from 'vitest';
import { canApply, canCall } from './access';

describe('who may make a call', () => {
  it('follows the catalogue roles of the call', () => {
    expect(canCall(['luc_regular'], 'createP2pLink')).toBe(true);
    expect(canCall(['luc_read'], 'createP2pLink')).toBe(false);
    expect(canCall(['luc_regular'], 'createAdminInventory')).toBe(false);
    expect(canCall(['super_user'], 'createAdminInventory')).toBe(true);
  });

  it('a write from a modal also needs the apply-button roles (not read-only accounts)', () => {
    expect(canCall(['luc_read'], 'getUnit')).toBe(true);
    expect(canApply(['luc_read'], 'getUnit')).toBe(false);
    expect(canApply(['luc_regular'], 'renameDevice')).toBe(canCall(['luc_regular'], 'renameDevice'));
  });
});
