import { describe, expect, it } from 'vitest';
import type { RemoteAction, UnitSummary } from '@fleet/contracts';
import { accessState, actionableUnits, activeAccessOf, durationParts, remainingMs } from './remoteActionsLogic';

const NOW = Date.parse('2026-01-01T12:00:00.000Z');
const action = (id: string, over: Partial<RemoteAction> = {}): RemoteAction => ({
  id,
  deviceType: 'unit',
  deviceId: 'LU800-0001',
  deviceName: 'Cam 1',
  inventoryIds: ['inv-global'],
  action: 'reboot',
  reason: '',
  status: 'running',
  result: {},
  requestedBy: 'luc_partner',
  supportAccess: null,
  createdAt: '2026-01-01T11:00:00.000Z',
  updatedAt: '2026-01-01T11:00:00.000Z',
  version: 0,
  ...over,
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
    const actions = [
      action('old', { action: 'supportAccess', supportAccess: { ...access, expiresAt: new Date(NOW - 1).toISOString() } }),
      action('new', { action: 'supportAccess', supportAccess: access }),
    ];
    expect(activeAccessOf(actions, 'LU800-0001', NOW)?.id).toBe('x');
    expect(activeAccessOf(actions, 'SOLO-0001', NOW)).toBeNull();
  });
});

describe('actionableUnits', () => {
  it("keeps the units of the partner's inventories only", () => {
    const units = [
      { uniqueId: 'a', inventoryIds: ['inv-global'] },
      { uniqueId: 'b', inventoryIds: ['inv-metro'] },
    ] as UnitSummary[];
    expect(actionableUnits(units, ['inv-global']).map((u) => u.uniqueId)).toEqual(['a']);
  });
});
