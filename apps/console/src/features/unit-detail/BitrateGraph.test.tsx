/** The unit detail's bitrate graph: a time axis to scale over the samples' timestamps, and its range choice (5 min, 30 min, all points). */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test-utils/render';
import { BitrateGraph } from './LivePicture';

const MINUTE = 60_000;
const END = Date.UTC(2026, 10, 27, 10, 0, 0);

/** Samples at these minutes before the end (oldest first). */
const samplesAt = (minutesBefore: readonly number[]) => minutesBefore.map((m, i) => ({ t: END - m * MINUTE, kbps: 1000 + i * 100 }));

/** The x of each point of the drawn line (recharts draws a linear curve as "M x,y L x,y ..."). */
function lineXs(): number[] {
  const path = document.querySelector('[data-testid="unit-detail-bitrate-chart"] .recharts-area-curve');
  const d = path?.getAttribute('d') ?? '';
  return [...d.matchAll(/[ML]\s*([\d.]+)[ ,]/g)].map((match) => Number(match[1]));
}

describe('BitrateGraph', () => {
  // jsdom lays nothing out: the chart's container answers a size, so the chart draws its points.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: 600,
      bottom: 180,
      width: 600,
      height: 180,
      toJSON: () => ({}),
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the last 5 minutes first, then 30 minutes or every point as chosen, the axis ending at the newest sample', async () => {
    const user = userEvent.setup();
    await renderWithApp(<BitrateGraph samples={samplesAt([40, 25, 12, 4, 2, 1, 0])} totalBitrate={0} />, { realtime: false });
    const chart = await screen.findByTestId('unit-detail-bitrate-chart');
    expect(screen.getByTestId('unit-detail-bitrate-range')).toHaveAttribute('data-range', '5m');
    expect(chart).toHaveAttribute('data-shown', '4');
    expect(Number(chart.getAttribute('data-to'))).toBe(END);
    expect(Number(chart.getAttribute('data-from'))).toBe(END - 5 * MINUTE);

    await user.click(screen.getByRole('radio', { name: 'Last 30 min' }));
    await waitFor(() => expect(screen.getByTestId('unit-detail-bitrate-chart')).toHaveAttribute('data-shown', '6'));
    expect(Number(screen.getByTestId('unit-detail-bitrate-chart').getAttribute('data-from'))).toBe(END - 30 * MINUTE);

    await user.click(screen.getByRole('radio', { name: 'All points' }));
    await waitFor(() => expect(screen.getByTestId('unit-detail-bitrate-chart')).toHaveAttribute('data-shown', '7'));
    expect(Number(screen.getByTestId('unit-detail-bitrate-chart').getAttribute('data-from'))).toBe(END - 40 * MINUTE);
    // The newest value stays in view whatever the range.
    expect(screen.getByTestId('unit-detail-bitrate-value')).toHaveTextContent('1.6 Mbps');
  });

  it('places the points by their time: a gap in the samples is a gap on the axis', async () => {
    // Three samples a minute apart, then one 20 minutes later: on a category axis they would sit evenly.
    await renderWithApp(<BitrateGraph samples={samplesAt([23, 22, 21, 1])} totalBitrate={0} initialRange="all" />, { realtime: false });
    await screen.findByTestId('unit-detail-bitrate-chart');
    await waitFor(() => expect(lineXs()).toHaveLength(4));
    const [a, b, c, d] = lineXs() as [number, number, number, number];
    const perMinute = b - a;
    expect(perMinute).toBeGreaterThan(0);
    expect(c - b).toBeCloseTo(perMinute, 1);
    expect(d - c).toBeCloseTo(20 * perMinute, 0);
  });

  it('says so before the first sample', async () => {
    await renderWithApp(<BitrateGraph samples={[]} totalBitrate={0} />, { realtime: false });
    expect(screen.getByText('No bitrate samples yet')).toBeVisible();
    expect(screen.queryByTestId('unit-detail-bitrate-chart')).toBeNull();
  });
});
