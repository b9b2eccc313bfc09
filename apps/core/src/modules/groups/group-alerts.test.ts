import { describe, expect, it } from 'vitest';
import { recipientState } from './group-alerts.js';

describe('recipientState: where an alert recipient’s verification stands', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it('is verified once verified, whatever the link’s time', () => {
    expect(recipientState({ verified: true, verificationExpiresAt: new Date(now - 1) }, now)).toBe('verified');
  });

  it('is pending while the link lasts, expired after it or without one', () => {
    expect(recipientState({ verified: false, verificationExpiresAt: new Date(now + 1) }, now)).toBe('pending');
    expect(recipientState({ verified: false, verificationExpiresAt: new Date(now) }, now)).toBe('expired');
    expect(recipientState({ verified: false, verificationExpiresAt: null }, now)).toBe('expired');
  });
});
