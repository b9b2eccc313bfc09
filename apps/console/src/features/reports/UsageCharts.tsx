/**
 * The /reports charts (@mantine/charts): usage of one kind over the period's days, and the units
 * that used the most. Loaded lazily: the chart library stays out of the other routes.
 */
import '@mantine/charts/styles.css';
import { BarChart } from '../../components/Charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UsageReport } from '@fleet/contracts';
import { dailySeries, topUnits, type UsageKind } from './reportFormat';

const TOP_UNITS = 10;

export default function UsageCharts({ report, kind }: { readonly report: UsageReport; readonly kind: UsageKind }) {
  const { t } = useTranslation();
  const unit = kind === 'data' ? t('reports.units.gb') : t('reports.units.hours');
  const label = kind === 'data' ? t('reports.kinds.data') : t('reports.kinds.time');
  const format = (value: number) => `${value} ${unit}`;
  const top = topUnits(report, kind, TOP_UNITS);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Stack gap={4} data-testid="reports-chart-days">
        <Text fw={500}>{t('reports.charts.days', { kind: label })}</Text>
        <BarChart
          h={220}
          data={dailySeries(report, kind)}
          dataKey="day"
          series={[{ name: 'value', label, color: kind === 'data' ? 'blue.6' : 'teal.6' }]}
          valueFormatter={format}
          tickLine="y"
          gridAxis="y"
          yAxisProps={{ width: 70 }}
        />
      </Stack>
      <Stack gap={4} data-testid="reports-chart-units">
        <Text fw={500}>{t('reports.charts.units', { kind: label })}</Text>
        {top.length === 0 ? (
          <Text c="dimmed" data-testid="reports-chart-units-empty">
            {t('reports.nothingUsed')}
          </Text>
        ) : (
          <BarChart
            h={220}
            data={top}
            dataKey="unit"
            orientation="vertical"
            series={[{ name: 'value', label, color: kind === 'data' ? 'blue.6' : 'teal.6' }]}
            valueFormatter={format}
            yAxisProps={{ width: 110 }}
          />
        )}
      </Stack>
    </SimpleGrid>
  );
}
