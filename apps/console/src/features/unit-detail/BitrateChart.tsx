/**
 * The bitrate graph (spec 000 §9: refresh 5000 ms, up to 360 points) with @mantine/charts: a true
 * time axis (a numeric scale over the samples' timestamps, so a gap in the samples is a gap on the
 * axis) from the window's start to its newest sample. Loaded lazily: the chart library stays out of
 * the list's first route.
 */
import '@mantine/charts/styles.css';
import { AreaChart } from '../../components/Charts';
import { useTranslation } from 'react-i18next';
import { formatBitrate } from '@fleet/domain';
import { timeTicks } from './detailRules';
import type { BitrateWindow } from './detailRules';

export interface BitrateChartProps {
  readonly window: BitrateWindow;
}

export default function BitrateChart({ window: { points, from, to } }: BitrateChartProps) {
  const { t, i18n } = useTranslation();
  const format = (kbps: number) => {
    const formatted = formatBitrate(kbps);
    if (formatted === null) return '';
    return formatted.unit === 'Mbps'
      ? t('unitDetail.camera.bitrate.mbps', { value: formatted.value })
      : t('unitDetail.camera.bitrate.kbps', { value: formatted.value });
  };
  const seconds = to - from < 5 * 60_000;
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}) });
  const full = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return (
    <div
      role="img"
      aria-label={t('unitDetail.camera.bitrate.axis', { from: full.format(from), to: full.format(to) })}
      data-testid="unit-detail-bitrate-chart"
      data-from={from}
      data-to={to}
      data-shown={points.length}
    >
      <AreaChart
        h={180}
        data={points.map((point) => ({ t: point.t, kbps: point.kbps }))}
        dataKey="t"
        series={[{ name: 'kbps', label: t('unitDetail.camera.bitrate.title'), color: 'blue.6' }]}
        curveType="linear"
        withDots={false}
        valueFormatter={format}
        tickLine="xy"
        gridAxis="xy"
        xAxisProps={{
          type: 'number',
          scale: 'time',
          domain: [from, to],
          allowDataOverflow: true,
          ticks: timeTicks(from, to),
          tickFormatter: (value: number) => time.format(value),
        }}
        yAxisProps={{ width: 84, domain: [0, 'auto'] }}
        tooltipProps={{ labelFormatter: (value: unknown) => (typeof value === 'number' ? full.format(value) : '') }}
      />
    </div>
  );
}
