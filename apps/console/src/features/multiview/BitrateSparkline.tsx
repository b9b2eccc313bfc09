import { useTranslation } from 'react-i18next';
import { sparklinePoints } from './multiviewState';

const WIDTH = 48;
const HEIGHT = 14;

/** The unit's recent bitrates as a line (a few points of SVG: no chart library per tile). */
export function BitrateSparkline({ unitId, samples }: { unitId: string; samples: readonly number[] }) {
  const { t } = useTranslation();
  return (
    <svg
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={t('multiview.feeds.sparkline', { count: samples.length })}
      data-testid={`multiview-tile-sparkline-${unitId}`}
      data-samples={samples.length}
      style={{ flex: '0 0 auto', overflow: 'visible' }}
    >
      {samples.length > 1 && (
        <polyline points={sparklinePoints(samples, WIDTH, HEIGHT)} fill="none" stroke="var(--mantine-color-blue-6)" strokeWidth={1.5} strokeLinejoin="round" />
      )}
    </svg>
  );
}
