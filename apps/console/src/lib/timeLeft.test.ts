import { describe, expect, it } from 'vitest';
import { minutesLeft, msUntilNextChange } from './timeLeft';

const END = '2026-11-28T19:00:00.000Z';
const at = (msBefore: number) => Date.parse(END) - msBefore;

describe('time left until an end', () => {
  it('counts whole minutes rounded up, and nothing once it has ended', () => {
    expect(minutesLeft(END, at(42 * 60_000))).toBe(42);
    expect(minutesLeft(END, at(41 * 60_000 + 1))).toBe(42);
    expect(minutesLeft(END, at(90_000))).toBe(2);
    expect(minutesLeft(END, at(1))).toBe(1);
    expect(minutesLeft(END, at(0))).toBe(0);
    expect(minutesLeft(END, at(-60_000))).toBe(0);
    expect(minutesLeft('not a date', at(60_000))).toBe(0);
  });

  it('moves on exactly when the minute shown changes, and stops at the end', () => {
    // 90 s left shows "2 min" until 60 s are left: 30 s from now.
    expect(msUntilNextChange(END, at(90_000))).toBe(30_000);
    expect(minutesLeft(END, at(90_000) + 30_000)).toBe(1);
    // On a whole minute: the next change is a minute on.
    expect(msUntilNextChange(END, at(60_000))).toBe(60_000);
    expect(msUntilNextChange(END, at(0))).toBeNull();
    expect(msUntilNextChange(END, at(-5))).toBeNull();
  });
});
