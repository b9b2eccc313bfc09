/**
 * Stale marking: with the realtime connection lost, the LIVE pill says so and a unit's live values
 * are greyed with the time they were last reported; an offline unit's values are marked too (its
 * status is not: "offline" is current). Live again, nothing is marked.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import UnitListPage from '../features/units/UnitList.page';
import { RealtimeStatusIndicator } from '../shell/RealtimeStatusIndicator';
import { FakeApi } from '../test-utils/fakeApi';
import { makeUnit } from '../test-utils/fixtures';
import { renderWithApp } from '../test-utils/render';

const ATTEMPT_MS = TIMINGS.wsReconnectIntervalMs * 1.1 + 10;
const LIVE = 'LU800-0001';
const OFF = 'LU800-0002';

async function renderList(language?: 'en' | 'zh') {
  const api = new FakeApi().on('fetchDevices', [
    makeUnit({ uniqueId: LIVE, name: 'Crew_1', status: 'streaming', applications: { video: { state: 'running' } }, totalBitrate: 5800 }),
    makeUnit({ uniqueId: OFF, name: 'Crew_2', status: 'offline', applications: {}, totalBitrate: 0 }),
  ]);
  const rendered = await renderWithApp(
    <>
      <RealtimeStatusIndicator />
      <UnitListPage />
    </>,
    { api, ...(language ? { language } : {}) },
  );
  await screen.findByTestId(`unit-row-${LIVE}`);
  await rendered.settled();
  return rendered;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('stale live values', () => {
  it('marks every live value of the list stale with the time last reported while the connection is lost, and live again after', async () => {
    const { socket } = await renderList();
    const pill = screen.getByTestId('realtime-status');
    expect(pill).toHaveTextContent('Live');
    expect(screen.getByTestId(`unit-live-status-${LIVE}`)).toHaveAttribute('data-stale', 'false');
    expect(screen.getByTestId(`unit-live-bitrate-${LIVE}`)).toHaveAttribute('data-stale', 'false');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    await socket.drop();
    expect(pill).toHaveTextContent('Connection lost');
    expect(pill).toHaveAttribute('data-lost', 'true');
    const status = screen.getByTestId(`unit-live-status-${LIVE}`);
    expect(status).toHaveAttribute('data-stale', 'connection');
    expect(within(status).getByText('Streaming')).toBeInTheDocument();
    expect(screen.getByTestId(`unit-live-status-${LIVE}-reported`)).toHaveTextContent(/^last reported \d\d:\d\d:\d\d$/);
    expect(screen.getByTestId(`unit-live-bitrate-${LIVE}`)).toHaveAttribute('data-stale', 'connection');
    expect(screen.getByTestId(`unit-live-bitrate-${LIVE}`)).toHaveAttribute('title', expect.stringMatching(/^last reported \d\d:\d\d:\d\d$/));
    expect(screen.getByTestId(`unit-live-battery-${LIVE}`)).toHaveAttribute('data-stale', 'connection');

    await act(() => vi.advanceTimersByTimeAsync(ATTEMPT_MS));
    vi.useRealTimers();
    await waitFor(() => expect(pill).toHaveTextContent('Live'));
    expect(pill).toHaveAttribute('data-lost', 'false');
    expect(screen.getByTestId(`unit-live-status-${LIVE}`)).toHaveAttribute('data-stale', 'false');
    expect(screen.queryByTestId(`unit-live-status-${LIVE}-reported`)).not.toBeInTheDocument();
  });

  it('marks an offline unit’s values, not its status, and gives the time it went offline once it was seen to', async () => {
    const { socket } = await renderList();
    expect(screen.getByTestId(`unit-live-bitrate-${OFF}`)).toHaveAttribute('data-stale', 'offline');
    expect(screen.getByTestId(`unit-live-bitrate-${OFF}`)).toHaveAttribute('title', 'not reporting');
    expect(screen.getByTestId(`unit-live-status-${OFF}`)).toHaveAttribute('data-stale', 'offline');
    expect(screen.queryByTestId(`unit-live-status-${OFF}-reported`)).not.toBeInTheDocument();

    await socket.emit({
      type: 'unit.status',
      unitId: LIVE,
      status: 'offline',
      previous: 'streaming',
      change: 'streamingToOffline',
      applications: {},
      totalBitrate: 0,
      at: 10,
    });
    await waitFor(() => expect(screen.getByTestId(`unit-live-bitrate-${LIVE}`)).toHaveAttribute('data-stale', 'offline'));
    expect(screen.getByTestId(`unit-live-bitrate-${LIVE}`)).toHaveTextContent('0');
    expect(screen.getByTestId(`unit-live-status-${LIVE}-reported`)).toHaveTextContent(/^last reported \d\d:\d\d:\d\d$/);
  });

  it('says it in Chinese too', async () => {
    const { socket } = await renderList('zh');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    await socket.drop();
    expect(screen.getByTestId('realtime-status')).toHaveTextContent('连接已断开');
    expect(screen.getByTestId(`unit-live-status-${LIVE}-reported`)).toHaveTextContent(/^最后报告于 \d\d:\d\d:\d\d$/);
  });
});
