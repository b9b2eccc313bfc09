import { describe, expect, it } from 'vitest';
import type { ManagedService, ManagedServiceList } from '@fleet/contracts';
import { adminChange, applyManagedServiceEvent, trialDaysLeft } from './serviceView';

const service = (over: Partial<ManagedService> = {}): ManagedService => ({
  inventoryId: 'inv-1',
  serviceName: 'smart_plan',
  status: 'disabled',
  trialState: 'activeTrial',
  state: 'onTrial',
  usable: true,
  trialAvailable: false,
  trialStartedAt: null,
  trialEndsAt: '2026-01-11T00:00:00.000Z',
  trialHoursUsed: null,
  trialHoursLeft: null,
  expiresAt: null,
  usageKind: 'na',
  quota: null,
  used: null,
  planType: null,
  version: 2,
  ...over,
});
const list = (items: ManagedService[]): ManagedServiceList => ({ inventoryId: 'inv-1', items });
const changed = (s: ManagedService) => ({ type: 'managedService.changed' as const, service: s, at: 0 });

describe('applyManagedServiceEvent', () => {
  it('replaces the card, also at the same version (a trial running out writes nothing)', () => {
    const before = list([service(), service({ serviceName: 'graphics' })]);
    const after = applyManagedServiceEvent(before, changed(service({ state: 'trialExpired', usable: false })));
    expect(after.items[0]?.state).toBe('trialExpired');
    expect(after.items[1]).toBe(before.items[1]);
  });

  it('ignores an older version, another inventory, and a repeat of what it shows', () => {
    const before = list([service()]);
    expect(applyManagedServiceEvent(before, changed(service({ version: 1, state: 'expired' })))).toBe(before);
    expect(applyManagedServiceEvent(before, changed(service({ inventoryId: 'inv-2', state: 'expired' })))).toBe(before);
    expect(applyManagedServiceEvent(before, changed(service()))).toBe(before);
  });
});

describe('trialDaysLeft', () => {
  it('counts a part day as a day, and nothing off a running trial', () => {
    const now = Date.parse('2026-01-01T12:00:00.000Z');
    expect(trialDaysLeft(service(), now)).toBe(10);
    expect(trialDaysLeft(service({ state: 'trialExpired' }), now)).toBeNull();
    expect(trialDaysLeft(service({ trialEndsAt: null }), now)).toBeNull();
  });
});

describe('adminChange', () => {
  it('sends each action over the card version; offering a trial and disabling reset the trial', () => {
    expect(adminChange('enable', { version: 3 })).toEqual({ version: 3, status: 'enabled' });
    expect(adminChange('disable', { version: 3 })).toEqual({ version: 3, status: 'disabled', trialState: null });
    expect(adminChange('offerTrial', { version: 3 })).toMatchObject({ trialState: 'enabledTrial' });
    expect(adminChange('purchase', { version: 3 })).toMatchObject({ trialState: 'purchasedService' });
  });
});
