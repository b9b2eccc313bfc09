import { describe, expect, it } from 'vitest';
import { countTrialHour, expiriesBetween, managedServiceState, startTrial, trialRuleOf } from './service-state.js';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const DAY = 24 * 3600_000;
const iso = (t: number) => new Date(t).toISOString();
const smart = trialRuleOf('smart_plan');
const graphics = trialRuleOf('graphics');

describe('managedServiceState', () => {
  it('reads a service never configured as not enabled, with no trial to start', () => {
    expect(managedServiceState(undefined, NOW, smart)).toMatchObject({ state: 'notEnabled', usable: false, trialAvailable: false });
  });

  it('reads status enabled as enabled, and a purchased trial as purchased', () => {
    expect(managedServiceState({ status: 'enabled' }, NOW, smart)).toMatchObject({ state: 'enabled', usable: true });
    expect(managedServiceState({ status: 'disabled', trialState: 'purchasedService' }, NOW, smart)).toMatchObject({ state: 'purchased', usable: true });
  });

  it('reads a service past its expiry, or marked expired, as expired', () => {
    expect(managedServiceState({ status: 'enabled', expiresAt: iso(NOW - 1) }, NOW, smart)).toMatchObject({ state: 'expired', usable: false });
    expect(managedServiceState({ trialState: 'purchasedService', expiresAt: iso(NOW - 1) }, NOW, smart)).toMatchObject({
      state: 'expired',
      trialState: 'expiredService',
    });
    expect(managedServiceState({ status: 'expired' }, NOW, smart).state).toBe('expired');
    expect(managedServiceState({ status: 'enabled', expiresAt: iso(NOW + 1) }, NOW, smart).state).toBe('enabled');
  });

  it('offers a 30-day trial that must be started, except graphics whose trial starts on use', () => {
    expect(managedServiceState({ status: 'disabled', trialState: 'enabledTrial' }, NOW, smart)).toMatchObject({
      state: 'notEnabled',
      usable: false,
      trialAvailable: true,
    });
    expect(managedServiceState({ trialState: 'enabledTrial' }, NOW, graphics)).toMatchObject({
      state: 'onTrial',
      usable: true,
      trialHoursLeft: 10,
      trialAvailable: true,
    });
  });

  it('flips an active trial to trial expired when its end passes, with no write', () => {
    const record = { trialState: 'activeTrial', trialStartedAt: iso(NOW - 29 * DAY), trialEndsAt: iso(NOW + 1000) };
    expect(managedServiceState(record, NOW, smart)).toMatchObject({ state: 'onTrial', usable: true, trialState: 'activeTrial' });
    expect(managedServiceState(record, NOW + 1000, smart)).toMatchObject({ state: 'trialExpired', usable: false, trialState: 'expiredTrial' });
  });

  it('ends the graphics trial after 10 hours of use even within its 30 days', () => {
    const record = { trialState: 'activeTrial', trialEndsAt: iso(NOW + 20 * DAY), usedHours: 10 };
    expect(managedServiceState(record, NOW, graphics)).toMatchObject({ state: 'trialExpired', trialHoursLeft: 0 });
    expect(managedServiceState({ ...record, usedHours: 9 }, NOW, graphics)).toMatchObject({ state: 'onTrial', trialHoursLeft: 1, trialHoursUsed: 9 });
  });

  it('reads a service counted in data or time at or over its quota as over usage', () => {
    const record = { status: 'enabled', usageKind: 'data', quota: 500 };
    expect(managedServiceState(record, NOW, smart, 499.9).state).toBe('enabled');
    expect(managedServiceState(record, NOW, smart, 500)).toMatchObject({ state: 'overUsage', usable: false });
    expect(managedServiceState({ ...record, usageKind: 'na' }, NOW, smart, 900).state).toBe('enabled');
    expect(managedServiceState(record, NOW, smart, null).state).toBe('enabled');
  });
});

describe('startTrial', () => {
  it('starts an offered trial once, ending 30 days later', () => {
    const started = startTrial({ trialState: 'enabledTrial' }, NOW, smart);
    expect(started).toMatchObject({ trialState: 'activeTrial', trialStartedAt: iso(NOW), trialEndsAt: iso(NOW + 30 * DAY) });
    expect(startTrial(typeof started === 'string' ? undefined : started, NOW + 1, smart)).toBe('alreadyStarted');
    expect(startTrial({ trialState: 'expiredTrial' }, NOW, smart)).toBe('alreadyStarted');
  });

  it('refuses a service with no trial offered, or already enabled', () => {
    expect(startTrial(undefined, NOW, smart)).toBe('notOffered');
    expect(startTrial({ status: 'disabled' }, NOW, smart)).toBe('notOffered');
    expect(startTrial({ status: 'enabled', trialState: 'enabledTrial' }, NOW, smart)).toBe('notOffered');
  });
});

describe('countTrialHour', () => {
  it('starts the graphics trial at the first session and counts an hour per session', () => {
    const first = countTrialHour({ trialState: 'enabledTrial' }, NOW, graphics);
    expect(first).toMatchObject({ trialState: 'activeTrial', usedHours: 1, trialEndsAt: iso(NOW + 30 * DAY) });
    expect(countTrialHour(first ?? undefined, NOW + 1, graphics)).toMatchObject({ usedHours: 2, trialEndsAt: iso(NOW + 30 * DAY) });
  });

  it('counts nothing off a trial or for trials in days only', () => {
    expect(countTrialHour({ status: 'enabled' }, NOW, graphics)).toBeNull();
    expect(countTrialHour({ trialState: 'activeTrial', trialEndsAt: iso(NOW + DAY) }, NOW, smart)).toBeNull();
  });
});

describe('expiriesBetween', () => {
  it('finds a trial end or expiry in the half-open window', () => {
    expect(expiriesBetween({ trialEndsAt: iso(NOW) }, NOW - 1000, NOW)).toBe(true);
    expect(expiriesBetween({ expiresAt: iso(NOW) }, NOW, NOW + 1000)).toBe(false);
    expect(expiriesBetween(undefined, 0, NOW)).toBe(false);
  });
});
