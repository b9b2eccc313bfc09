/**
 * Whether a unit's live values (status, bitrate, battery, tally, modems, position) may be old, and
 * since when: they are stale while the console's realtime connection is lost (nothing tells it of
 * a change) and while the unit is offline (it reports nothing). One hook (`useLiveness`) and one
 * wrapper (`StaleValue`) used by the unit list, the unit detail, Multiview and the map: a stale
 * value is greyed, with "last reported 14:02:11".
 *
 * "Last reported" is when the console last heard of the unit: its last realtime event, or the read
 * that brought it (whichever is later).
 */
import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import type { UnitStatus } from '@fleet/contracts';
import { isOfflineLike } from '@fleet/domain';
import { useRealtime } from './RealtimeProvider';
import { isConnectionLost, liveness } from './livenessStore';
import { dateTimeFormat } from '../lib/dateFormat';
import { PlainText } from '../components/plain/Plain';
import classes from './Liveness.module.css';
import { useSharedT } from '../i18n/sharedT';

export type StaleReason = 'connection' | 'offline';

export interface Liveness {
  /** Why the values may be old, or null when they are live. */
  readonly stale: StaleReason | null;
  /** When the console last heard of the unit (ms), or null when it never did. */
  readonly lastReported: number | null;
}

export function useLiveness(unitId: string, status: UnitStatus): Liveness {
  const { status: connection } = useRealtime();
  const stale: StaleReason | null = isConnectionLost(connection) ? 'connection' : isOfflineLike(status) ? 'offline' : null;
  return { stale, lastReported: stale === null ? null : liveness.lastReported(unitId, stale === 'connection') };
}

const CLOCK_TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false };

/** A time of day as the stale marks show it: 24-hour, with seconds. */
export function clockTime(at: number, language: string): string {
  // One formatter per language (toLocaleTimeString builds one per call: every stale cell of a list).
  return dateTimeFormat(language, CLOCK_TIME).format(at);
}

/** "last reported 14:02:11", or, never heard of since the page opened, "not reporting" (offline) / "not reported yet". */
export function useLastReportedText(): (liveness: Liveness) => string {
  const { t, language } = useSharedT();
  return ({ stale, lastReported }) =>
    lastReported !== null
      ? t('realtime.stale.lastReported', { time: clockTime(lastReported, language) })
      : t(stale === 'offline' ? 'realtime.stale.offline' : 'realtime.stale.never');
}

interface StaleValueProps {
  readonly unitId: string;
  readonly status: UnitStatus;
  readonly showTime?: boolean;
  readonly isStatus?: boolean;
  readonly testId?: string;
  readonly children: ReactNode;
}

/**
 * A unit's live value, greyed when stale (its tooltip says when it was last reported); `showTime`
 * also writes "last reported 14:02:11" beside it (once per unit on a screen: by its status). The
 * status itself (`isStatus`) is greyed only when the connection is lost: "offline" is what the
 * core says now. A list draws four on every row that scrolls into view: a live one is one element.
 */
export function StaleValue(props: StaleValueProps) {
  const live = useLiveness(props.unitId, props.status);
  if (live.stale === null) {
    return (
      <span className={classes.value} data-stale="false" data-testid={props.testId}>
        {props.children}
      </span>
    );
  }
  return <StaleMark live={live} {...props} />;
}

function StaleMark({ live, showTime = false, isStatus = false, testId, children }: StaleValueProps & { readonly live: Liveness }) {
  const text = useLastReportedText();
  const { stale } = live;
  const label = text(live);
  return (
    <span className={`${classes.value} ${classes.wrap}`} data-stale={stale ?? 'false'} data-testid={testId} title={label}>
      <span className={isStatus && stale === 'offline' ? classes.value : `${classes.value} ${classes.greyed}`}>{children}</span>
      {showTime && live.lastReported !== null && (
        <PlainText as="span" size="xs" dimmed nowrap data-testid={testId === undefined ? undefined : `${testId}-reported`}>
          {label}
        </PlainText>
      )}
    </span>
  );
}

/** A block of a unit's live values (its modems, its bitrate graph): greyed when stale, with "last reported 14:02:11" above it. */
export function StaleBlock({
  unitId,
  status,
  testId,
  children,
}: {
  readonly unitId: string;
  readonly status: UnitStatus;
  readonly testId?: string;
  readonly children: ReactNode;
}) {
  const live = useLiveness(unitId, status);
  const text = useLastReportedText();
  return (
    <div data-stale={live.stale ?? 'false'} data-testid={testId}>
      {live.stale !== null && (
        <Text size="xs" c="dimmed" mb={4} data-testid={testId === undefined ? undefined : `${testId}-reported`}>
          {text(live)}
        </Text>
      )}
      <div className={live.stale === null ? undefined : classes.greyed}>{children}</div>
    </div>
  );
}
