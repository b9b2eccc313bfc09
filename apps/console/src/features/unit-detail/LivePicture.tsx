/**
 * The live picture of a unit, shown right under the detail's header, before its settings: the
 * bitrate graph over a chosen time range (the last 5 or 30 minutes, or every point kept; spec 000
 * §9: refreshed every 5000 ms, up to 360 points) and one row per link (ModemList).
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazy } from '../../lib/lazy';
import { Group, Loader, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '@fleet/contracts';
import type { UnitDetail, UnitModem, UnitStatus } from '@fleet/contracts';
import { StaleBlock, StaleValue } from '../../realtime/Liveness';
import { MutedText } from '../../kit/MutedText';
import { BitrateText } from './DetailHeader';
import { BITRATE_RANGES, bitrateSeries, bitrateWindow, modemRows } from './detailRules';
import type { BitrateRange } from './detailRules';
import { ModemList } from './ModemList';
import { Section } from './parts';

const BitrateChart = lazy(() => import('./BitrateChart'));

/** The value as it was at the last refresh: spec 000 §9 "Bandwidth graph: refresh 5000 ms". */
function useRefreshed<T>(value: T, intervalMs: number): T {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const [shown, setShown] = useState(value);
  useEffect(() => {
    const timer = setInterval(() => setShown(latest.current), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return shown;
}

const isRange = (value: string): value is BitrateRange => BITRATE_RANGES.some((range) => range === value);

export interface BitrateGraphProps {
  readonly samples: UnitDetail['bitrateSamples'];
  /** What the header shows before the first sample. */
  readonly totalBitrate: number;
  readonly initialRange?: BitrateRange;
  /** The unit whose newest value is marked stale while the connection is lost or the unit is offline. */
  readonly live?: { readonly unitId: string; readonly status: UnitStatus };
}

/** The bitrate graph with its range choice and the newest value. */
export function BitrateGraph({ samples, totalBitrate, initialRange = '5m', live }: BitrateGraphProps) {
  const { t } = useTranslation();
  const [range, setRange] = useState<BitrateRange>(initialRange);
  const points = bitrateSeries(samples);
  const window = bitrateWindow(points, range);
  return (
    <Section title={t('unitDetail.camera.bitrate.title')} testId="unit-detail-bitrate">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" data-testid="unit-detail-bitrate-points" data-points={points.length} data-last={points.at(-1)?.t ?? ''}>
          {live === undefined ? (
            <BitrateText kbps={points.at(-1)?.kbps ?? totalBitrate} testId="unit-detail-bitrate-value" />
          ) : (
            <StaleValue unitId={live.unitId} status={live.status} showTime testId="unit-detail-live-graph">
              <BitrateText kbps={points.at(-1)?.kbps ?? totalBitrate} testId="unit-detail-bitrate-value" />
            </StaleValue>
          )}
        </Group>
        <SegmentedControl
          size="xs"
          value={range}
          onChange={(value) => {
            if (isRange(value)) setRange(value);
          }}
          aria-label={t('unitDetail.camera.bitrate.range')}
          data={BITRATE_RANGES.map((value) => ({ value, label: t(`unitDetail.camera.bitrate.ranges.${value}`) }))}
          data-testid="unit-detail-bitrate-range"
          data-range={range}
        />
      </Group>
      {window === null ? (
        <MutedText>{t('unitDetail.camera.bitrate.empty')}</MutedText>
      ) : (
        <Suspense fallback={<Loader size="sm" aria-label={t('unitDetail.camera.bitrate.loading')} />}>
          <BitrateChart window={window} />
        </Suspense>
      )}
    </Section>
  );
}

export interface LivePictureProps {
  readonly unit: UnitDetail;
  /** The links devices/{id}/modems reported (ports no longer in the live list show as no device). */
  readonly reportedModems: readonly UnitModem[] | undefined;
}

export function LivePicture({ unit, reportedModems }: LivePictureProps) {
  const { t } = useTranslation();
  const samples = useRefreshed(unit.bitrateSamples, TIMINGS.bitrateGraphRefreshMs);
  return (
    <>
      <BitrateGraph samples={samples} totalBitrate={unit.totalBitrate} live={{ unitId: unit.uniqueId, status: unit.status }} />
      <Section title={t('unitDetail.camera.modems.title')} testId="unit-detail-links">
        <StaleBlock unitId={unit.uniqueId} status={unit.status} testId="unit-detail-live-modems">
          <ModemList modems={modemRows(unit.modems, reportedModems)} />
        </StaleBlock>
      </Section>
    </>
  );
}
