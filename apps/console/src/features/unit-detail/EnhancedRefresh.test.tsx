/**
 * Spec 000 §9 "Enhanced unit info and settings refresh: 60 s": the unit detail reads
 * v2/units/enhanced/{id} again every refreshIntervalMs the core answers (60 s), not sooner.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeDetail, makeUnitConfiguration } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import UnitDetailPanel from './UnitDetailPanel';

const UNIT = 'LU800-0001';

afterEach(() => {
  vi.useRealTimers();
});

describe('Unit detail: the enhanced unit info and settings refresh', () => {
  it('reads the enhanced unit again every 60 s', async () => {
    // The clock runs, and can be moved on: the refresh's interval starts as the panel mounts.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const unit = makeDetail({ uniqueId: UNIT });
    const api = new FakeApi()
      .on('getUnit', unit)
      .on('getUnitEnhanced', { ...unit, configuration: makeUnitConfiguration({ unitUniqueId: UNIT }), refreshIntervalMs: TIMINGS.enhancedUnitRefreshMs })
      .on('getDeviceLocation', { uniqueId: UNIT, location: null, live: false });
    const { settled } = await renderWithApp(<UnitDetailPanel unitId={UNIT} onClose={() => undefined} />, {
      roles: ['luc_read'],
      route: `/list?unit=${UNIT}`,
      api,
    });
    await screen.findByTestId('unit-detail-name');
    await settled();
    await act(() => vi.advanceTimersByTimeAsync(0));
    const first = api.calls('getUnitEnhanced').length;
    expect(first).toBeGreaterThanOrEqual(1);

    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.enhancedUnitRefreshMs - 5000));
    expect(api.calls('getUnitEnhanced')).toHaveLength(first);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(api.calls('getUnitEnhanced')).toHaveLength(first + 1);
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.enhancedUnitRefreshMs));
    expect(api.calls('getUnitEnhanced')).toHaveLength(first + 2);
  }, 20_000);
});
