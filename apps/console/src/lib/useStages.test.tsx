import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStages } from './useStages';

describe('useStages', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows one stage more per task until all are shown, once ready', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ ready }) => useStages(3, ready), { initialProps: { ready: false } });
    expect(result.current).toBe(1);
    act(() => vi.runOnlyPendingTimers());
    expect(result.current).toBe(1);
    rerender({ ready: true });
    expect(result.current).toBe(1);
    act(() => vi.runOnlyPendingTimers());
    expect(result.current).toBe(2);
    act(() => vi.runOnlyPendingTimers());
    expect(result.current).toBe(3);
    act(() => vi.runOnlyPendingTimers());
    expect(result.current).toBe(3);
    // Not ready any more: what was shown stays.
    rerender({ ready: false });
    expect(result.current).toBe(3);
  });
});
