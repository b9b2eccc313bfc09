import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { systemClock, type ClockControlInput, type ClockStatus } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import { answered, ControlPlane, refused } from '../../test-utils/controlPlane';
import { ClockSection, parseDuration, stepPercent } from './ClockSection';
import { mockTrpcUrl } from './trpc';

/** A fake core whose simulated clock obeys clock.set as a shard does; the inputs of clock.set are kept. */
function core(start: ClockStatus) {
  const sets: ClockControlInput[] = [];
  let clock = { ...start };
  const api = new FakeApi()
    .onRaw('GET', `${mockTrpcUrl()}/scenario.status`, () => answered({ scenario: null, clock, coreNow: clock.now }))
    .onRaw('POST', `${mockTrpcUrl()}/clock.set`, ({ body }) => {
      const input = body as ClockControlInput;
      sets.push(input);
      if (input.mode) clock = { ...clock, kind: input.mode.kind, factor: input.mode.kind === 'accelerated' ? input.mode.factor : 1 };
      if (input.advanceMs !== undefined) clock = { ...clock, now: clock.now + input.advanceMs };
      return answered([{ shardId: 's1', ...clock }]);
    });
  return { api, sets };
}

describe('Simulator panel: the clock', () => {
  let now: number;
  beforeEach(() => {
    now = systemClock.now();
  });

  it('pauses, steps by an hour, resumes at the speed it had and goes back to real time', async () => {
    const { api, sets } = core({ kind: 'accelerated', factor: 20, now });
    const { user } = await renderWithApp(
      <ControlPlane>
        <ClockSection />
      </ControlPlane>,
      { roles: ['super_user'], api },
    );
    expect(await screen.findByTestId('simulator-clock-factor')).toHaveTextContent('×20');
    expect(screen.getByTestId('simulator-clock-speed')).toHaveValue('20');

    await user.click(screen.getByTestId('simulator-clock-pause'));
    await waitFor(() => expect(screen.getByTestId('simulator-clock-kind')).toHaveTextContent('Mode: Paused'));

    const shown = () => Number(screen.getByTestId('simulator-clock-now').getAttribute('data-now'));
    await user.click(screen.getByTestId('simulator-clock-step-hour'));
    await waitFor(() => expect(shown()).toBe(now + 3_600_000));
    expect(screen.getByTestId('simulator-clock-offset')).toHaveTextContent('1 h ahead of real time');

    await user.click(screen.getByTestId('simulator-clock-resume'));
    await waitFor(() => expect(screen.getByTestId('simulator-clock-factor')).toHaveTextContent('×20'));
    await user.click(screen.getByTestId('simulator-clock-realtime'));
    await waitFor(() => expect(screen.getByTestId('simulator-clock-kind')).toHaveAttribute('data-kind', 'realtime'));
    // Real speed, not today's date: the panel says how to get the date back.
    expect(screen.getByTestId('simulator-clock-reset-hint')).toBeInTheDocument();
    expect(screen.getByTestId('simulator-clock-realtime')).toBeDisabled();

    expect(sets).toEqual([
      { mode: { kind: 'stepped' } },
      { advanceMs: 3_600_000 },
      { mode: { kind: 'accelerated', factor: 20 } },
      { mode: { kind: 'realtime' } },
    ]);
  });

  it('sets a speed up to ×100, a step of a running clock pauses it, and a refusal shows in the core’s words, in Chinese too', async () => {
    const { api, sets } = core({ kind: 'realtime', factor: 1, now });
    const { user } = await renderWithApp(
      <ControlPlane>
        <ClockSection />
      </ControlPlane>,
      { roles: ['super_user'], api, language: 'zh' },
    );
    expect(await screen.findByTestId('simulator-clock-kind')).toHaveTextContent('实时');
    await user.selectOptions(screen.getByTestId('simulator-clock-speed'), '100');
    await waitFor(() => expect(screen.getByTestId('simulator-clock-factor')).toHaveTextContent('×100'));
    await user.click(screen.getByTestId('simulator-clock-step-day'));
    await waitFor(() => expect(screen.getByTestId('simulator-clock-kind')).toHaveTextContent('已暂停'));
    expect(sets).toEqual([{ mode: { kind: 'accelerated', factor: 100 } }, { mode: { kind: 'stepped' }, advanceMs: 86_400_000 }]);

    api.onRaw('POST', `${mockTrpcUrl()}/clock.set`, () => refused(403, 'FORBIDDEN', 'Not available for your user type'));
    await user.click(screen.getByTestId('simulator-clock-step-minute'));
    expect(await screen.findByTestId('simulator-clock-set-error')).toHaveTextContent('Not available for your user type');
  });

  it('steps a paused clock by a typed duration, and says what it does not take', async () => {
    const { api, sets } = core({ kind: 'stepped', factor: 1, now });
    const { user } = await renderWithApp(
      <ControlPlane>
        <ClockSection />
      </ControlPlane>,
      { roles: ['super_user'], api },
    );
    const shown = () => Number(screen.getByTestId('simulator-clock-now').getAttribute('data-now'));
    expect(await screen.findByTestId('simulator-clock-kind')).toHaveTextContent('Mode: Paused');
    await user.type(screen.getByTestId('simulator-clock-step-input'), '2d');
    expect(screen.getByText('A duration from 1 s to 1 day, such as 90s, 15m, 2h or 1h30m')).toBeInTheDocument();
    expect(screen.getByTestId('simulator-clock-step')).toBeDisabled();
    await user.clear(screen.getByTestId('simulator-clock-step-input'));
    await user.type(screen.getByTestId('simulator-clock-step-input'), '1h30m{Enter}');
    await waitFor(() => expect(shown()).toBe(now + 5_400_000));
    expect(sets).toEqual([{ advanceMs: 5_400_000 }]);
  });

  it('reads typed durations', () => {
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('15')).toBe(900_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('1d')).toBe(86_400_000);
    expect(parseDuration('2d')).toBeNull();
    expect(parseDuration('0s')).toBeNull();
    expect(parseDuration('soon')).toBeNull();
  });
});

describe('Simulator panel: a long step', () => {
  it('shows how far the step got while it runs, and cancels it where it got to', async () => {
    const now = systemClock.now();
    const day = 86_400_000;
    let clock: ClockStatus = { kind: 'stepped', factor: 1, now, step: null };
    let answerSet: ((v: { status: number; body: unknown }) => void) | null = null;
    let cancels = 0;
    const api = new FakeApi()
      .onRaw('GET', `${mockTrpcUrl()}/scenario.status`, () => answered({ scenario: null, clock, coreNow: clock.now }))
      .onRaw('POST', `${mockTrpcUrl()}/clock.set`, () => {
        // The step runs on the shards: a quarter of the way there, and the answer comes when it ends.
        clock = { ...clock, now: now + day / 4, step: { from: now, to: now + day } };
        return new Promise<{ status: number; body: unknown }>((resolve) => {
          answerSet = resolve;
        });
      })
      .onRaw('POST', `${mockTrpcUrl()}/clock.cancel`, () => {
        cancels++;
        clock = { ...clock, step: null };
        answerSet?.(answered([{ shardId: 's1', ...clock }]));
        return answered([{ shardId: 's1', ...clock }]);
      });
    const { user } = await renderWithApp(
      <ControlPlane>
        <ClockSection />
      </ControlPlane>,
      { roles: ['super_user'], api },
    );
    await user.click(await screen.findByTestId('simulator-clock-step-day'));
    const stepping = await screen.findByTestId('simulator-clock-stepping');
    expect(stepping).toHaveTextContent('25 %');
    expect(screen.getByRole('progressbar', { name: 'Step progress' })).toHaveAttribute('aria-valuenow', '25');
    await user.click(screen.getByTestId('simulator-clock-cancel'));
    await waitFor(() => expect(screen.queryByTestId('simulator-clock-stepping')).not.toBeInTheDocument());
    expect(cancels).toBe(1);
    expect(Number(screen.getByTestId('simulator-clock-now').getAttribute('data-now'))).toBe(now + day / 4);
  });

  it('says how far a step got in whole percent', () => {
    expect(stepPercent(150, { from: 100, to: 300 })).toBe(25);
    expect(stepPercent(300, { from: 100, to: 300 })).toBe(100);
    expect(stepPercent(100, { from: 100, to: 100 })).toBe(100);
  });
});
