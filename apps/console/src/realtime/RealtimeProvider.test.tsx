/**
 * The realtime provider as the shell runs it (spec 001 §7): the connection state in the header,
 * reconnects, the websocket error after the maximum reconnects in the live list, and recovery.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import UnitListPage from '../features/units/UnitList.page';
import { RealtimeStatusIndicator } from '../shell/RealtimeStatusIndicator';
import { FakeApi } from '../test-utils/fakeApi';
import { makeUnit, startedStreaming } from '../test-utils/fixtures';
import { endpointKey } from '../api/hooks';
import type { UnitSummary } from '@fleet/contracts';
import { renderWithApp } from '../test-utils/render';
import { DEFAULT_MAX_RECONNECTS } from './RealtimeClient';
import { loadLiveTable } from '../live/load';

// The live table is loaded with the first event, as in the app; loaded once here, so the fake timers below wait on no import.
beforeAll(async () => {
  await loadLiveTable();
});

/** One reconnect attempt: the interval plus its jitter (±10 %). */
const ATTEMPT_MS = TIMINGS.wsReconnectIntervalMs * 1.1 + 10;

function status(): string | null {
  return screen.getByTestId('realtime-status').getAttribute('data-status');
}

async function renderLiveList() {
  const api = new FakeApi().on('fetchDevices', [makeUnit({ uniqueId: 'LU800-0001', name: 'Camera_north' })]);
  const rendered = await renderWithApp(
    <>
      <RealtimeStatusIndicator />
      <UnitListPage />
    </>,
    { api },
  );
  await screen.findByTestId('unit-row-LU800-0001');
  await rendered.settled();
  return rendered;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the /ws connection', () => {
  it('shows Live, then Connection lost while it reconnects, and Live again once it is back', async () => {
    const { socket } = await renderLiveList();
    expect(status()).toBe('open');
    expect(screen.getByTestId('realtime-status')).toHaveTextContent('Live');

    vi.useFakeTimers();
    await socket.drop();
    expect(status()).toBe('reconnecting');
    expect(screen.getByTestId('realtime-status')).toHaveTextContent('Connection lost');

    await act(() => vi.advanceTimersByTimeAsync(ATTEMPT_MS));
    expect(status()).toBe('open');
    expect(socket.connectionCount).toBe(2);
  });

  it('turns the live list into the websocket error after the maximum reconnects, and recovers when the core is back', async () => {
    const { socket } = await renderLiveList();

    vi.useFakeTimers();
    socket.down = true;
    await socket.drop();
    for (let attempt = 1; attempt < DEFAULT_MAX_RECONNECTS; attempt += 1) await act(() => vi.advanceTimersByTimeAsync(ATTEMPT_MS));

    expect(status()).toBe('error');
    expect(screen.getByTestId('units-error')).toHaveAttribute('data-reason', 'websocket');
    expect(screen.getByTestId('units-error')).toHaveTextContent(`after ${DEFAULT_MAX_RECONNECTS} attempts to reconnect`);
    expect(screen.getByTestId('toasts')).toHaveTextContent('Live updates are not available. The console keeps trying to reconnect.');
    expect(screen.queryByTestId('unit-row-LU800-0001')).not.toBeInTheDocument();

    socket.down = false;
    await act(() => vi.advanceTimersByTimeAsync(ATTEMPT_MS));
    vi.useRealTimers();
    await waitFor(() => expect(status()).toBe('open'));
    expect(await screen.findByTestId('unit-row-LU800-0001')).toBeVisible();
  });
});

describe('the device list after a device is added or removed (spec 001 §7)', () => {
  it('reads the list again 3 s after the last device.added or device.removed, once for a burst', async () => {
    const api = new FakeApi().on('fetchDevices', [makeUnit({ uniqueId: 'LU800-0001', name: 'Camera_north' })]);
    const { socket, settled } = await renderWithApp(<UnitListPage />, { api });
    await screen.findByTestId('unit-row-LU800-0001');
    await settled();
    const reads = api.calls('fetchDevices').length;

    vi.useFakeTimers();
    await socket.emit({ type: 'device.added', unitId: 'LU800-0002', at: 1 });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await socket.emit({ type: 'device.removed', unitId: 'LU800-0003', at: 2 });
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.deviceListRefreshDebounceMs - 1));
    expect(api.calls('fetchDevices')).toHaveLength(reads);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.calls('fetchDevices')).toHaveLength(reads + 1);
    await act(() => vi.advanceTimersByTimeAsync(10 * TIMINGS.deviceListRefreshDebounceMs));
    expect(api.calls('fetchDevices')).toHaveLength(reads + 1);
  });
});

describe('an event that arrives while its list is read again', () => {
  it('survives the read: the answer, taken before the change, does not undo it, and the list is not read twice', async () => {
    const idle = makeUnit({ uniqueId: 'LU800-0001', name: 'Camera_north', status: 'idle' });
    const api = new FakeApi().on('fetchDevices', [idle]);
    const { socket, settled, queryClient } = await renderWithApp(<UnitListPage />, { api });
    await screen.findByTestId('unit-row-LU800-0001');
    await settled();
    const reads = api.calls('fetchDevices').length;
    const cached = () => queryClient.getQueryData<UnitSummary[]>(endpointKey('fetchDevices', {}))?.map((unit) => unit.status);
    // The core answers the list as it was when the read began, and the answer lands later.
    let land = () => undefined as void;
    api.on('fetchDevices', () => new Promise((resolve) => (land = () => resolve([idle]))));

    // Another unit added: the list is read again after the debounce.
    vi.useFakeTimers();
    await socket.emit({ type: 'device.added', unitId: 'LU800-0002', at: 1 });
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.deviceListRefreshDebounceMs));
    vi.useRealTimers();
    expect(api.calls('fetchDevices')).toHaveLength(reads + 1);

    // The unit starts streaming while that read is on its way.
    await socket.emit(startedStreaming('LU800-0001'));
    await waitFor(() => expect(screen.getByTestId('unit-status-LU800-0001')).toHaveTextContent('streaming'));

    await act(async () => land());
    await settled();
    expect(cached()).toEqual(['streaming']);
    // The page shows the list at most every quarter second: a second later it still says streaming.
    vi.useFakeTimers();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    vi.useRealTimers();
    expect(screen.getByTestId('unit-status-LU800-0001')).toHaveTextContent('streaming');
    expect(screen.getByTestId('unit-row-LU800-0001')).toHaveAttribute('data-status', 'streaming');
    expect(api.calls('fetchDevices')).toHaveLength(reads + 1);
  });
});

describe('a read on its way when the subscription is acknowledged', () => {
  it('is sent again: its answer may have been taken before the core registered the subscription', async () => {
    const idle = makeUnit({ uniqueId: 'LU800-0001', name: 'Camera_north', status: 'idle' });
    let stored = idle;
    let land = () => undefined as void;
    // Each read answers the unit as stored when it began, when the test lets it land.
    const api = new FakeApi().on('fetchDevices', () => {
      const snapshot = stored;
      return new Promise((resolve) => (land = () => resolve([snapshot])));
    });
    const { socket, queryClient } = await renderWithApp(<UnitListPage />, { api, acknowledge: false });
    await waitFor(() => expect(api.calls('fetchDevices')).toHaveLength(1));
    await waitFor(() => expect(socket.topics.size).toBeGreaterThan(0));

    // The unit starts streaming before the core registered the subscription: no event tells the console.
    stored = { ...idle, status: 'streaming' };
    await socket.acknowledgeNow();
    await waitFor(() => expect(api.calls('fetchDevices')).toHaveLength(2));
    await act(async () => land());
    await waitFor(() => expect(queryClient.getQueryData<UnitSummary[]>(endpointKey('fetchDevices', {}))?.map((unit) => unit.status)).toEqual(['streaming']));
  });
});
