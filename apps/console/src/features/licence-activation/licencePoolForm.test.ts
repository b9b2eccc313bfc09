import { describe, expect, it } from 'vitest';
import { VALIDATION, type LicencePoolEntry } from '@fleet/contracts';
import { checkLicencePool, licencePoolBody, withPoolTotal } from './licencePoolForm';

const pool: LicencePoolEntry[] = [
  { serviceName: 'sla', total: 3, used: 2, available: 1 },
  { serviceName: 'hevc', total: 0, used: 0, available: 0 },
];

describe('licencePoolForm', () => {
  it('sends the total as a number', () => {
    expect(licencePoolBody({ serviceName: 'sla', total: ' 5 ' })).toEqual({ serviceName: 'sla', total: 5 });
  });

  it('needs a licence and a total, in the spec words', () => {
    const errors = checkLicencePool(pool)({ serviceName: null, total: '' });
    expect(errors.serviceName).toBe(VALIDATION.required);
    expect(errors.total).toBe(VALIDATION.required);
  });

  it('refuses a total below the licences in use, as the core words it', () => {
    expect(checkLicencePool(pool)({ serviceName: 'sla', total: '1' }).total).toBe(VALIDATION.minValue(2));
    expect(checkLicencePool(pool)({ serviceName: 'sla', total: '2' })).toEqual({});
    expect(checkLicencePool(pool)({ serviceName: 'hevc', total: '0' })).toEqual({});
  });

  it('refuses a total that is not a whole number or above the maximum', () => {
    expect(checkLicencePool(pool)({ serviceName: 'hevc', total: '1.5' }).total).toBeDefined();
    expect(checkLicencePool(pool)({ serviceName: 'hevc', total: '100001' }).total).toBeDefined();
  });

  it('puts the chosen licence current total in the form, and leaves other changes alone', () => {
    expect(withPoolTotal(pool, { serviceName: 'sla' })).toEqual({ serviceName: 'sla', total: '3' });
    expect(withPoolTotal(pool, { total: '9' })).toEqual({ total: '9' });
    expect(withPoolTotal(pool, { serviceName: null })).toEqual({ serviceName: null });
    expect(withPoolTotal(pool, { serviceName: 'sla', total: '7' })).toEqual({ serviceName: 'sla', total: '7' });
  });
});
