/**
 * The bitrate graph (spec 000 §9: refresh 5000 ms, up to 360 points) with @mantine/charts. Loaded
 * lazily: the chart library stays out of the list's first route.
 */
import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { formatBitrate } from '@fleet/domain';
import type { BitratePoint } from './detailRules';

export interface BitrateChartProps {
  readonly points: readonly BitratePoint[];
}

export default function BitrateChart({ points }: BitrateChartProps) {
  const { t, i18n } = useTranslation();
  const format = (kbps: number) => {
    const formatted = formatBitrate(kbps);
    if (formatted === null) return '';
    return formatted.unit === 'Mbps'
      ? t('unitDetail.camera.bitrate.mbps', { value: formatted.value })
      : t('unitDetail.camera.bitrate.kbps', { value: formatted.value });
  };
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const data = points.map((point) => ({ time: time.format(point.t), kbps: point.kbps }));
  return (
    <AreaChart
      h={180}
      data={data}
      dataKey="time"
      series={[{ name: 'kbps', label: t('unitDetail.camera.bitrate.title'), color: 'blue.6' }]}
      curveType="monotone"
      withDots={false}
      valueFormatter={format}
      tickLine="y"
      gridAxis="y"
      yAxisProps={{ width: 80 }}
    />
  );
}
