/**
 * The @mantine/charts charts the console draws, each a region of its own (RegionBoundary, kind
 * `chart`, one line): a series it cannot draw (a value of another kind in an answer) fails the chart
 * alone, its title and the page stay. Imported by the lazily loaded chart modules only, so the chart
 * library stays out of the other routes.
 */
import { AreaChart as MantineAreaChart, BarChart as MantineBarChart } from '@mantine/charts';
import type { AreaChartProps, BarChartProps } from '@mantine/charts';
import { RegionBoundary } from './RegionBoundary';

export function AreaChart(props: AreaChartProps) {
  return (
    <RegionBoundary kind="chart" compact>
      <MantineAreaChart {...props} />
    </RegionBoundary>
  );
}

export function BarChart(props: BarChartProps) {
  return (
    <RegionBoundary kind="chart" compact>
      <MantineBarChart {...props} />
    </RegionBoundary>
  );
}
