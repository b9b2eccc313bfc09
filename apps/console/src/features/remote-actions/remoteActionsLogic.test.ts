import { describe, expect, it } from 'vitest';
import type { RemoteAction, RemoteActionPage, UnitSummary } from '@fleet/contracts';
import { accessState, actionableUnits, activeAccessOf, applyRemoteActionChange, durationParts, remainingMs } from './remoteActionsLogic';

const NOW = Date.parse('2026-01-01T12:00:00.000Z');
const action = (id: string, over: Partial<RemoteAction> = {}): RemoteAction => ({
  id, deviceType: 'unit', deviceId: 'LU800-0001', deviceName: 'Cam 1', inventoryIds: ['inv-global'], action: 'reboot', reason: '',
  status: 'running', result: {}, requestedBy: 'luc_partner', supportAccess: null, createdAt: '2026-01-01T11:00:00.000Z',
  updatedAt: '2026-01-01T11:00:00.000Z', version: 0, ...over,
});
const page = (items: RemoteAction[], over: Partial<RemoteActionPage> = {}): RemoteActionPage => ({ items, total: items.length, offset: 0, limit: 2, ...over });

describe('applyRemoteActionChange', () => {
  it('replaces an action in place, but never with an older version', () => {
    const p = page([action('a', { version: 1 })]);
    expect(applyRemoteActionChange(p, action('a', { status: 'done', version: 2 })).items[0]?.status).toBe('done');
    expect(applyRemoteActionChange(p, action('a', { status: 'pending', version: 0 }))).toBe(p);
  });
  it('puts a new action on top of the first page, within its size, and counts it', () => {
    const next = applyRemoteActionChange(page([action('a'), action('b')]), action('c'));
    expect(next.items.map((a) => a.id)).toEqual(['c', 'a']);
    expect(next.total).toBe(3);
  });
  it('only counts a new action on a later page, and leaves pages of another device alone', () => {
    const later = page([action('a')], { offset: 2, total: 3 });
    expect(applyRemoteActionChange(later, action('c'))).toMatchObject({ items: [{ id: 'a' }], total: 4 });
    const other = page([action('a')]);
    expect(applyRemoteActionChange(other, action('c', { deviceId: 'SOLO-0001' }), 'LU800-0001')).toBe(other);
  });
  it("leaves a page filtered to one inventory alone when the new action's unit is not in it (the admin view's inventory filter)", () => {
    const filtered = page([action('a')]);
    expect(applyRemoteActionChange(filtered, action('c', { inventoryIds: ['inv-metro'] }), undefined, 'inv-global')).toBe(filtered);
    expect(applyRemoteActionChange(filtered, action('c'), undefined, 'inv-global').items.map((a) => a.id)).toEqual(['c', 'a']);
  });
});

describe('support access time', () => {
  const access = { id: 'x', status: 'active' as const, expiresAt: new Date(NOW + 8 * 3600_000).toISOString() };
  it('counts down from 8 hours and reads expired once over', () => {
    expect(remainingMs(access, NOW)).toBe(8 * 3600_000);
    expect(durationParts(remainingMs(access, NOW + 1000))).toEqual({ hours: 8, minutes: 0 });
    expect(durationParts(remainingMs(access, NOW + 61 * 60_000))).toEqual({ hours: 6, minutes: 59 });
    expect(accessState(access, NOW)).toBe('active');
    expect(accessState(access, NOW + 8 * 3600_000)).toBe('expired');
    expect(remainingMs({ ...access, status: 'expired' }, NOW)).toBe(0);
  });
  it('finds the running access of a unit among the known actions', () => {
    const actions = [action('old', { action: 'supportAccess', supportAccess: { ...access, expiresAt: new Date(NOW - 1).toISOString() } }), action('new', { action: 'supportAccess', supportAccess: access })];
    expect(activeAccessOf(actions, 'LU800-0001', NOW)?.id).toBe('x');
    expect(activeAccessOf(actions, 'SOLO-0001', NOW)).toBeNull();
  });
});

describe('actionableUnits', () => {
  it("keeps the units of the partner's inventories only", () => {
    const units = [{ uniqueId: 'a', inventoryIds: ['inv-global'] }, { uniqueId: 'b', inventoryIds: ['inv-metro'] }] as UnitSummary[];
    expect(actionableUnits(units, ['inv-global']).map((u) => u.uniqueId)).toEqual(['a']);
  });
});
