import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RecordingComparison, RecordingSummary } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import { CompareSection } from './CompareSection';
import { answered, ControlPlane, refused } from '../../test-utils/controlPlane';
import { mockTrpcUrl } from './trpc';

function recording(id: string, name: string, active = false): RecordingSummary {
  return { id, name, source: 'mock', startedAt: Date.UTC(2030, 0, 1), durationMs: 5000, counts: { device: 3, request: 0, event: 7 }, bytes: 900, active };
}
const [a, b] = [recording('rec-a', 'before-fix'), recording('rec-b', 'after-fix')];

const list = (recordings: RecordingSummary[]) => new FakeApi().onRaw('GET', `${mockTrpcUrl()}/recording.list`, () => answered(recordings));

/** The inputs of the recording.compare calls made (tRPC sends a query's input in the URL). */
function compareInputs(spy: { mock: { calls: unknown[][] } }): unknown[] {
  return spy.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === `${mockTrpcUrl()}/recording.compare`)
    .map((url) => JSON.parse(url.searchParams.get('input') ?? 'null') as unknown);
}

describe('Simulator panel: compare recordings', () => {
  it('needs two finished recordings (the one being made does not count)', async () => {
    await renderWithApp(
      <ControlPlane>
        <CompareSection />
      </ControlPlane>,
      { roles: ['super_user'], api: list([a, recording('rec-live', 'live', true)]) },
    );
    expect(await screen.findByTestId('simulator-compare-need-two')).toHaveTextContent('Two finished recordings are needed to compare.');
    expect(screen.queryByTestId('simulator-compare-submit')).toBeNull();
  });

  it('compares the two recordings picked and names the first difference with both digests', async () => {
    const comparison: RecordingComparison = {
      identical: false,
      events: { a: 7, b: 8 },
      digests: { a: 'aaa111', b: 'bbb222' },
      difference: 'unit.telemetry of unitId:LU800-0001: the 3rd event differs at battery.percentage: 5 in rec-b, 6 in rec-a',
    };
    const api = list([a, b]).onRaw('GET', `${mockTrpcUrl()}/recording.compare`, () => answered(comparison));
    const { user } = await renderWithApp(
      <ControlPlane>
        <CompareSection />
      </ControlPlane>,
      { roles: ['super_user'], api },
    );
    const spy = vi.spyOn(globalThis, 'fetch');

    await user.selectOptions(await screen.findByTestId('simulator-compare-a'), b.id);
    await user.selectOptions(screen.getByTestId('simulator-compare-b'), a.id);
    await user.click(screen.getByTestId('simulator-compare-submit'));

    const result = await screen.findByTestId('simulator-compare-result');
    expect(result).toHaveAttribute('data-identical', 'false');
    expect(screen.getByTestId('simulator-compare-verdict')).toHaveTextContent('The event logs differ.');
    expect(screen.getByTestId('simulator-compare-differences')).toHaveTextContent(comparison.difference!);
    expect(screen.getByTestId('simulator-compare-digest-a')).toHaveTextContent('after-fix (rec-b): 7 events, digest aaa111');
    expect(screen.getByTestId('simulator-compare-digest-b')).toHaveTextContent('before-fix (rec-a): 8 events, digest bbb222');
    expect(compareInputs(spy)).toEqual([{ a: b.id, b: a.id }]);
  });

  it('says when the event logs are the same, in Chinese too', async () => {
    const same: RecordingComparison = { identical: true, events: { a: 7, b: 7 }, digests: { a: 'ccc', b: 'ccc' }, difference: null };
    const api = list([a, b]).onRaw('GET', `${mockTrpcUrl()}/recording.compare`, () => answered(same));
    const { user } = await renderWithApp(
      <ControlPlane>
        <CompareSection />
      </ControlPlane>,
      { roles: ['super_user'], api, language: 'zh' },
    );
    await user.click(await screen.findByTestId('simulator-compare-submit'));
    expect(await screen.findByTestId('simulator-compare-verdict')).toHaveTextContent('事件日志相同：7 和 7 个事件。');
    expect(screen.queryByTestId('simulator-compare-differences')).toBeNull();
  });

  it("shows the core's refusal in its words", async () => {
    const api = list([a, b]).onRaw('GET', `${mockTrpcUrl()}/recording.compare`, () => refused(404, 'NOT_FOUND', 'Not found'));
    const { user } = await renderWithApp(
      <ControlPlane>
        <CompareSection />
      </ControlPlane>,
      { roles: ['super_user'], api },
    );
    await user.click(await screen.findByTestId('simulator-compare-submit'));
    expect(await screen.findByTestId('simulator-compare-error')).toHaveTextContent('Not found');
    expect(screen.queryByTestId('simulator-compare-result')).toBeNull();
  });
});
