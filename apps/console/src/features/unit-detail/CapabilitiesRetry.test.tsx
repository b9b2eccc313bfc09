/**
 * Spec 000 §8 "A failed capabilities fetch sets empty capabilities and allows retry", through the
 * retry timer of spec 001 §4 with its §9 defaults (5 runs, 1000 ms apart): the unit detail reads
 * the capabilities again by itself until a read succeeds, and after the fifth failure offers the
 * retry by hand.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { makeDetail, makeUnitConfiguration } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import UnitDetailPanel from './UnitDetailPanel';

const UNIT = 'LU800-0001';
const INTERVAL = TIMINGS.retryTimerDefaultIntervalMs;

/**
 * The unit's core; the capabilities read fails `failures` times, then answers. The first read is
 * held until `release` (so that the retry timer starts under the test's fake clock).
 */
function core(failures: number): { api: FakeApi; release: () => void } {
  const unit = makeDetail({ uniqueId: UNIT });
  let reads = 0;
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const api = new FakeApi()
    .on('getUnit', unit)
    .on('getUnitEnhanced', { ...unit, configuration: makeUnitConfiguration({ unitUniqueId: UNIT }), refreshIntervalMs: 60_000 })
    .on('getDeviceLocation', { uniqueId: UNIT, location: null, live: false })
    .on('getUnitCapabilities', async () => {
      reads += 1;
      if (reads === 1) await held;
      return reads <= failures ? apiError('GENERIC') : { capabilities: { multiCamera: true } };
    });
  return { api, release };
}

async function openWithFailingCapabilities({ api, release }: { api: FakeApi; release: () => void }) {
  await renderWithApp(<UnitDetailPanel unitId={UNIT} onClose={() => undefined} />, {
    roles: ['luc_regular'],
    route: `/list?unit=${UNIT}&tab=camera`,
    api,
    // Without /ws: a read on its way at the subscription's acknowledgement is sent again, which
    // would replace the held first read (and start the retry timer off the fake clock).
    realtime: false,
  });
  await screen.findByTestId('unit-detail-name');
  vi.useFakeTimers();
  release();
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(screen.getByTestId('unit-detail-capabilities-error')).toBeVisible();
  return api;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Unit detail: the capabilities read retried by the retry timer', () => {
  it('reads again every 1000 ms while it fails and stops at the first success, the failure notice gone', async () => {
    const api = await openWithFailingCapabilities(core(3));
    expect(api.calls('getUnitCapabilities')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(INTERVAL));
    expect(api.calls('getUnitCapabilities')).toHaveLength(2);
    expect(screen.getByTestId('unit-detail-capabilities-retrying')).toHaveTextContent('Trying again (1 of 5)');
    await act(() => vi.advanceTimersByTimeAsync(INTERVAL));
    expect(screen.getByTestId('unit-detail-capabilities-retrying')).toHaveTextContent('Trying again (2 of 5)');
    await act(() => vi.advanceTimersByTimeAsync(INTERVAL));
    expect(api.calls('getUnitCapabilities')).toHaveLength(4);
    expect(screen.queryByTestId('unit-detail-capabilities-error')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(10 * INTERVAL));
    expect(api.calls('getUnitCapabilities')).toHaveLength(4);
  });

  it('gives up after 5 runs and leaves the retry by hand, which reads again', async () => {
    const api = await openWithFailingCapabilities(core(6));

    await act(() => vi.advanceTimersByTimeAsync(5 * INTERVAL));
    expect(api.calls('getUnitCapabilities')).toHaveLength(6);
    expect(screen.queryByTestId('unit-detail-capabilities-retrying')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10 * INTERVAL));
    expect(api.calls('getUnitCapabilities')).toHaveLength(6);

    vi.useRealTimers();
    fireEvent.click(screen.getByTestId('unit-detail-capabilities-retry'));
    await waitFor(() => expect(screen.queryByTestId('unit-detail-capabilities-error')).not.toBeInTheDocument());
    expect(api.calls('getUnitCapabilities')).toHaveLength(7);
  });
});
