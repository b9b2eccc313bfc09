import { describe, expect, it } from 'vitest';
import { isMockAnswer, probeMock } from './useMockCapabilities';

describe('the mock capability probe', () => {
  it('says mock when the control plane answers { mock: true }', async () => {
    expect(await probeMock(async () => ({ mock: true, controlPlane: ['fleet.status'] }))).toBe(true);
  });

  it('says not mock when the call fails, as against a real core without /mock/trpc', async () => {
    expect(
      await probeMock(async () => {
        throw new Error('Unexpected token < in JSON');
      }),
    ).toBe(false);
  });

  it('says not mock for any other answer', () => {
    expect(isMockAnswer({ mock: false })).toBe(false);
    expect(isMockAnswer('<!doctype html>')).toBe(false);
    expect(isMockAnswer(null)).toBe(false);
  });
});
