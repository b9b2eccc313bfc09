import { describe, expect, it } from 'vitest';
import type { UserAccount, UserAccountPage } from '@fleet/contracts';
import { applyUserEvent } from './userCache';

const user = (id: string, version: number, firstName = 'Ada'): UserAccount => ({
  id, username: id, email: null, firstName, lastName: 'Lovelace', userType: 'luc_regular', roles: ['luc_regular'], userLabel: null, active: true,
  sso: false, enterprise: false, managedExternally: false, onDemandActivation: false, receiveUpdates: false, passwordExpiryPolicy: 'never',
  passwordExpiresAt: null, inventories: [], groupCount: 0, lastLoginAt: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', version,
});
const page: UserAccountPage = { items: [user('a', 1), user('b', 1)], total: 2, offset: 0, limit: 50 };

describe('user list cache', () => {
  it('replaces a held row with a newer one, ignores an older one', () => {
    expect(applyUserEvent(page, { type: 'user.changed', user: user('a', 2, 'Grace'), at: 1 }).page.items[0]?.firstName).toBe('Grace');
    expect(applyUserEvent(page, { type: 'user.changed', user: user('a', 0, 'Old'), at: 1 }).page).toBe(page);
  });

  it('drops a removed row and counts one fewer', () => {
    const { page: next } = applyUserEvent(page, { type: 'user.removed', userId: 'b', at: 1 });
    expect([next.items.map((u) => u.id), next.total]).toEqual([['a'], 1]);
  });

  it('says when a user cannot be placed on the page (read it again)', () => {
    expect(applyUserEvent(page, { type: 'user.changed', user: user('c', 1), at: 1 })).toEqual({ page, placed: false });
  });
});
