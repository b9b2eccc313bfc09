import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockTrpcUrl } from '../features/simulator/trpc';
import { FakeApi } from '../test-utils/fakeApi';
import { answered } from '../test-utils/controlPlane';
import { renderWithApp } from '../test-utils/render';
import { RealtimeStatusIndicator, roughly } from './RealtimeStatusIndicator';

/** A core that is the mock (its probe answers) with the simulated clock in this mode. */
function mockWithClock(kind: 'realtime' | 'accelerated' | 'stepped', factor = 1, over: { aheadMs?: number; pace?: number } = {}): FakeApi {
  return new FakeApi()
    .onRaw('GET', `${mockTrpcUrl()}/capabilities`, () => answered({ mock: true, controlPlane: ['clock.get'] }))
    .onRaw('GET', `${mockTrpcUrl()}/clock.get`, () =>
      answered([{ shardId: 'in-process', kind, factor, now: Date.now() + (over.aheadMs ?? 0), ...(over.pace === undefined ? {} : { pace: over.pace }) }]),
    );
}

describe('the header pill and the simulated clock', () => {
  it('says "Simulated ×20" instead of Live while the mock runs its clock fast', async () => {
    await renderWithApp(<RealtimeStatusIndicator />, { api: mockWithClock('accelerated', 20) });
    const pill = await screen.findByText('Simulated ×20');
    expect(pill.closest('[data-testid="realtime-status"]')).toHaveAttribute('data-clock', 'accelerated');
  });

  it('says Paused while the clock is stepped by hand', async () => {
    await renderWithApp(<RealtimeStatusIndicator />, { api: mockWithClock('stepped') });
    expect(await screen.findByText('Paused')).toBeInTheDocument();
    expect(screen.getByTestId('realtime-status')).toHaveAttribute('data-clock', 'paused');
  });

  it('shows the speed of a scenario run that steps the clock at a pace, not Paused', async () => {
    await renderWithApp(<RealtimeStatusIndicator />, { api: mockWithClock('stepped', 1, { pace: 20 }) });
    const pill = await screen.findByText('Simulated ×20');
    expect(pill.closest('[data-testid="realtime-status"]')).toHaveAttribute('data-clock', 'accelerated');
  });

  it('says how far the clock is from real time while it runs at real speed on another date (after "+1 day" and "Back to real time")', async () => {
    await renderWithApp(<RealtimeStatusIndicator />, { api: mockWithClock('realtime', 1, { aheadMs: 26 * 3600_000 + 20 * 60_000 }) });
    const pill = await screen.findByText('Simulated +1 d 2 h');
    expect(pill.closest('[data-testid="realtime-status"]')).toHaveAttribute('data-clock', 'offset');
    expect(screen.getByTestId('realtime-status')).not.toHaveTextContent('Live');
  });

  it('says a day step that took a while as a day, and a short offset to the minute', () => {
    expect(roughly({ ahead: true, days: 0, hours: 23, minutes: 59 })).toEqual({ days: 1, hours: 0, minutes: 0 });
    expect(roughly({ ahead: true, days: 1, hours: 2, minutes: 20 })).toEqual({ days: 1, hours: 2, minutes: 0 });
    expect(roughly({ ahead: false, days: 0, hours: 3, minutes: 15 })).toEqual({ days: 0, hours: 3, minutes: 15 });
  });

  it('stays Live against a real core (no mock answers the probe), and against a mock in real time', async () => {
    const real = await renderWithApp(<RealtimeStatusIndicator />, { api: new FakeApi() });
    await real.settled();
    expect(screen.getByTestId('realtime-status')).toHaveTextContent('Live');
    expect(screen.getByTestId('realtime-status')).toHaveAttribute('data-clock', 'realtime');
    real.unmount();
    const mock = await renderWithApp(<RealtimeStatusIndicator />, { api: mockWithClock('realtime') });
    await mock.settled();
    expect(screen.getByTestId('realtime-status')).toHaveTextContent('Live');
  });
});
