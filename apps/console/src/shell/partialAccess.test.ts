import { describe, expect, it } from 'vitest';
import type { Role } from '@fleet/contracts';
import { partialAccess, partialAccessDismissKey } from './partialAccess';

const news = { id: 'inv-news', name: 'News' };
const sports = { id: 'inv-sports', name: 'Sports' };
const groups = [{ inventoryId: 'inv-news' }, { inventoryId: 'inv-news' }];
const input = (roles: Role[], inventories = [news, sports], visibleGroups: { inventoryId: string }[] | undefined = groups) => ({
  roles,
  inventories,
  visibleGroups,
});

describe('Partial Access rule', () => {
  it('applies to a console user with an inventory that offers them no group, naming it', () => {
    expect(partialAccess(input(['luc_regular']))).toEqual({ kind: 'emptyInventories', inventories: ['Sports'] });
    expect(partialAccess(input(['luc_admin']))).toEqual({ kind: 'emptyInventories', inventories: ['Sports'] });
  });

  it('does not apply when every inventory offers a group', () => {
    expect(partialAccess(input(['luc_regular'], [news]))).toBeNull();
  });

  it('applies to a console user without any inventory', () => {
    expect(partialAccess(input(['luc_read'], []))).toEqual({ kind: 'noInventory' });
  });

  it('never applies to super user and staff (they see everything) nor to users without console access', () => {
    expect(partialAccess(input(['super_user']))).toBeNull();
    expect(partialAccess(input(['staff'], []))).toBeNull();
    expect(partialAccess(input(['luc_vr_viewer']))).toBeNull();
  });

  it('claims nothing while the groups are loading', () => {
    expect(partialAccess({ roles: ['luc_regular'], inventories: [news, sports], visibleGroups: undefined })).toBeNull();
  });

  it('remembers the dismissal per user', () => {
    expect(partialAccessDismissKey('u1')).not.toBe(partialAccessDismissKey('u2'));
  });
});
