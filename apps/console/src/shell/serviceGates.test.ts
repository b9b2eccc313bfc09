import { describe, expect, it } from 'vitest';
import { MANAGED_SERVICES, type ManagedService, type ManagedServiceName, type ServicesStatus } from '@fleet/contracts';
import { applyServiceChange, featureGates, NO_GATES, SERVICE_OF_FEATURE, type GatedFeature, type ManagedServiceChanged } from './serviceGates';

const FEATURES = Object.keys(SERVICE_OF_FEATURE) as GatedFeature[];

function status(off: readonly ManagedServiceName[], inventoryId = 'inv-1'): ServicesStatus {
  const services = MANAGED_SERVICES.map((serviceName) => ({
    serviceName,
    state: off.includes(serviceName) ? ('notEnabled' as const) : ('enabled' as const),
    usable: !off.includes(serviceName),
  }));
  return {
    inventoryId,
    services,
    activeFeatures: services.filter((s) => s.usable).map((s) => s.serviceName),
    hasGraphics: !off.includes('graphics'),
    hasSmartPlan: !off.includes('smart_plan'),
    hasGoPlan: !off.includes('go_plan'),
    cacheMs: 1_800_000,
    at: '2026-01-01T00:00:00.000Z',
  };
}

function changed(serviceName: ManagedServiceName, usable: boolean, inventoryId = 'inv-1'): ManagedServiceChanged {
  const service: ManagedService = {
    inventoryId,
    serviceName,
    status: usable ? 'enabled' : 'disabled',
    trialState: null,
    state: usable ? 'enabled' : 'notEnabled',
    usable,
    trialAvailable: false,
    trialStartedAt: null,
    trialEndsAt: null,
    trialHoursUsed: null,
    trialHoursLeft: null,
    expiresAt: null,
    usageKind: 'na',
    quota: null,
    used: null,
    planType: null,
    version: 3,
  };
  return { type: 'managedService.changed', service, at: 0 };
}

const offFeatures = (s: ServicesStatus | undefined) => FEATURES.filter((f) => featureGates(s)(f));

describe('featureGates', () => {
  it.each([
    ['no answer (loading, or the call failed)', undefined, []],
    ['every service usable', status([]), []],
    ['graphics off', status(['graphics']), ['myGraphics']],
    ['web audio connect off', status(['web_aud_connect']), ['audioConnect']],
    ['audio IFB off', status(['audio_ifb']), ['ifb']],
    ['services that gate no feature off', status(['smart_plan', 'alerts_adv']), []],
    ['every service off', status(MANAGED_SERVICES), ['myGraphics', 'audioConnect', 'ifb']],
  ] as const)('%s', (_name, answer, off) => {
    expect(offFeatures(answer)).toEqual(off);
  });

  it('leaves a feature whose service the answer does not name as it is', () => {
    const partial = { ...status([]), services: [] };
    expect(offFeatures(partial)).toEqual([]);
    expect(NO_GATES('myGraphics')).toBe(false);
  });
});

describe('applyServiceChange', () => {
  it('turns a service off and on again, with the summaries following', () => {
    const before = status([]);
    const off = applyServiceChange(before, changed('graphics', false));
    expect(offFeatures(off)).toEqual(['myGraphics']);
    expect(off).toMatchObject({ hasGraphics: false, hasGoPlan: true });
    expect(off.activeFeatures).not.toContain('graphics');
    expect(off.services.find((s) => s.serviceName === 'graphics')).toEqual({ serviceName: 'graphics', state: 'notEnabled', usable: false });
    const on = applyServiceChange(off, changed('graphics', true));
    expect(offFeatures(on)).toEqual([]);
    expect(on.hasGraphics).toBe(true);
    expect(on.activeFeatures).toEqual(before.activeFeatures);
  });

  it('keeps the same answer for a repeated event and for another inventory', () => {
    const before = status(['audio_ifb']);
    expect(applyServiceChange(before, changed('audio_ifb', false))).toBe(before);
    expect(applyServiceChange(before, changed('audio_ifb', true, 'inv-2'))).toBe(before);
  });

  it('adds a service the answer did not list', () => {
    const before = { ...status([]), services: [] };
    const after = applyServiceChange(before, changed('smart_plan', true));
    expect(after.services).toEqual([{ serviceName: 'smart_plan', state: 'enabled', usable: true }]);
    expect(after).toMatchObject({ hasSmartPlan: true, activeFeatures: ['smart_plan'] });
  });
});
