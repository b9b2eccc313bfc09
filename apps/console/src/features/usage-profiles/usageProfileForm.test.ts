import { describe, expect, it } from 'vitest';
import { VALIDATION, type UsageProfile } from '@fleet/contracts';
import { formErrors, initialValues, quotaLabel, toBody } from './usageProfileForm';

const profile = (id: string, name: string): UsageProfile => ({
  id,
  name,
  type: 'hours',
  quotaPerMonth: 100,
  resetDay: 15,
  isDefault: false,
  inventoryId: 'inv',
  unitCount: 0,
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const ok = { name: 'Field', type: 'data' as const, quotaPerMonth: '10', resetDay: '1' };

describe('usage profile form', () => {
  it('starts from the profile (or empty, reset on the 1st) and sends numbers', () => {
    expect(initialValues(profile('1', 'Desk'))).toEqual({ name: 'Desk', type: 'hours', quotaPerMonth: '100', resetDay: '15' });
    expect(initialValues(null)).toEqual({ name: '', type: 'data', quotaPerMonth: '', resetDay: '1' });
    expect(toBody({ name: ' Field ', type: 'data', quotaPerMonth: '12', resetDay: '3' })).toEqual({
      name: 'Field',
      type: 'data',
      quotaPerMonth: 12,
      resetDay: 3,
    });
  });

  it('words the §5 rules as the spec does: reset day required and 1-31, quota, a unique name', () => {
    expect(formErrors(ok, [], null)).toEqual({});
    expect(formErrors({ ...ok, resetDay: '' }, [], null)).toEqual({ resetDay: VALIDATION.required });
    expect(formErrors({ ...ok, resetDay: '0' }, [], null)).toEqual({ resetDay: VALIDATION.minValue(1) });
    expect(formErrors({ ...ok, resetDay: '32' }, [], null)).toEqual({ resetDay: VALIDATION.maxValue(31) });
    expect(formErrors({ ...ok, quotaPerMonth: '0' }, [], null)).toEqual({ quotaPerMonth: VALIDATION.minValue(1) });
    expect(formErrors({ ...ok, name: '  ' }, [], null)).toEqual({ name: VALIDATION.required });
    expect(formErrors({ ...ok, name: 'desk' }, [profile('1', 'Desk')], null)).toEqual({ name: VALIDATION.nameUnique });
    // Its own name is not taken.
    expect(formErrors({ ...ok, name: 'Desk' }, [profile('1', 'Desk')], '1')).toEqual({});
  });

  it('shows quotas with their unit', () => {
    expect(quotaLabel({ type: 'data', quotaPerMonth: 500 }, { gb: 'GB', hours: 'h' })).toBe('500 GB');
    expect(quotaLabel({ type: 'hours', quotaPerMonth: 100 }, { gb: 'GB', hours: 'h' })).toBe('100 h');
  });
});
