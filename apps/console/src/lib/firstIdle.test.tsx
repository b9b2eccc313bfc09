import { describe, expect, it, vi } from 'vitest';

describe('firstIdle', () => {
  it('resolves once, the same promise for every caller', async () => {
    vi.resetModules();
    const { firstIdle } = await import('./firstIdle');
    const first = firstIdle();
    expect(firstIdle()).toBe(first);
    await expect(first).resolves.toBeUndefined();
  });
});
