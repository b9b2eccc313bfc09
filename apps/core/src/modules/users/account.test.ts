import { describe, expect, it } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import { expiryState } from './account.js';

const DAY = 86_400_000;
const now = Date.parse('2026-05-01T00:00:00Z');

describe('expiryState: what the console says of the password’s expiry', () => {
  it('says nothing expires without an expiry date', () => {
    expect(expiryState(null, null, now)).toEqual({ expiresAt: null, warningDays: TIMINGS.passwordExpiryWarningDays, expiring: false, dismissed: false });
  });

  it('warns within the warning days, not before', () => {
    const days = TIMINGS.passwordExpiryWarningDays;
    expect(expiryState(new Date(now + days * DAY), null, now).expiring).toBe(true);
    expect(expiryState(new Date(now + days * DAY + 1), null, now).expiring).toBe(false);
  });

  it('counts a dismissal only for the same expiry date', () => {
    const at = new Date(now + DAY);
    expect(expiryState(at, at.toISOString(), now).dismissed).toBe(true);
    expect(expiryState(at, new Date(now + 2 * DAY).toISOString(), now).dismissed).toBe(false);
  });
});
