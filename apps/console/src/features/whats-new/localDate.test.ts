import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './localDate';

describe('expiry date field', () => {
  it('round-trips an ISO date through the local-time field value to the minute', () => {
    const iso = '2026-11-23T18:30:00.000Z';
    const local = toLocalInput(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe(iso);
  });

  it('leaves what it cannot read for the core to refuse, and an unreadable date empty', () => {
    expect(fromLocalInput('tomorrow')).toBe('tomorrow');
    expect(toLocalInput('not a date')).toBe('');
  });
});
