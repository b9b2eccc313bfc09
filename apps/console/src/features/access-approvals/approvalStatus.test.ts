import { describe, expect, it } from 'vitest';
import { shownStatus } from './approvalStatus';

describe('shown access approval status', () => {
  const expiresAt = '2026-11-23T12:00:00.000Z';
  const at = (iso: string) => new Date(iso).getTime();

  it('reads an active approval expired once its time is up, and keeps the others as stored', () => {
    expect(shownStatus({ status: 'active', expiresAt }, at('2026-11-23T11:59:59Z'))).toBe('active');
    expect(shownStatus({ status: 'active', expiresAt }, at('2026-11-23T12:00:00Z'))).toBe('expired');
    expect(shownStatus({ status: 'used', expiresAt }, at('2026-11-23T13:00:00Z'))).toBe('used');
    expect(shownStatus({ status: 'expired', expiresAt }, at('2026-11-23T11:00:00Z'))).toBe('expired');
  });
});
