import { Badge, Box, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRealtime } from '../realtime/RealtimeProvider';
import { clockTime } from '../realtime/Liveness';
import { isConnectionLost, liveness } from '../realtime/livenessStore';
import type { RealtimeStatus } from '../realtime/RealtimeClient';
import { useMockClock, type ClockOffset } from '../features/simulator/useMockClock';

const COLOURS: Record<RealtimeStatus, string> = {
  idle: 'gray',
  connecting: 'yellow',
  open: 'green',
  reconnecting: 'red',
  error: 'red',
  closed: 'red',
};

/**
 * An offset as the header says it, in its two largest parts: to the hour from about a day (a day's
 * step that took a while reads "+1 d", not "+23 h 59 min"), to the minute below.
 */
export function roughly(offset: ClockOffset): Pick<ClockOffset, 'days' | 'hours' | 'minutes'> {
  const minutes = offset.days * 1440 + offset.hours * 60 + offset.minutes;
  if (minutes >= 1410) {
    const hours = Math.round(minutes / 60);
    return { days: Math.floor(hours / 24), hours: hours % 24, minutes: 0 };
  }
  return { days: 0, hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/**
 * Header indicator of the /ws connection: "Live" while events arrive; once the connection is lost
 * (reconnecting, failed or closed) it says so, and its tooltip since when nothing was live.
 * `data-status` carries the raw state, `data-lost` whether live values may be out of date,
 * `data-subscribed` whether the core acknowledged the connection's subscriptions (events flow).
 * Against the mock, while the simulated clock is not real time, a live connection says so instead
 * of "Live": "Simulated ×20" or "Paused" (`data-clock`), and "Simulated +1 d" while the clock runs
 * at real speed a minute or more away from the wall clock (`data-clock="offset"`: a step moved it
 * on, and time is never set back under the devices); a real core is never asked (useMockClock).
 */
export function RealtimeStatusIndicator() {
  const { t, i18n } = useTranslation();
  const { status, subscribed } = useRealtime();
  const clock = useMockClock();
  const lost = isConnectionLost(status);
  const time = lost && liveness.lostAt !== null ? clockTime(liveness.lostAt, i18n.language) : '';
  const simulated = !lost && status === 'open' && clock.kind !== 'realtime';
  const offset = !lost && status === 'open' && clock.kind === 'realtime' ? clock.offset : null;
  if (offset) {
    const shown = roughly(offset);
    const span = (['days', 'hours', 'minutes'] as const)
      .filter((u) => shown[u] > 0)
      .map((u) => t(`simulator.clock.span.${u}`, { count: shown[u] }))
      .join(' ');
    const sign = offset.ahead ? '+' : '−';
    return (
      <Tooltip label={t(offset.ahead ? 'simulator.headerClock.aheadTooltip' : 'simulator.headerClock.behindTooltip', { span })} multiline w={300}>
        <Badge
          data-testid="realtime-status"
          data-status={status}
          data-lost={false}
          data-subscribed={subscribed}
          data-clock="offset"
          color="orange"
          variant="filled"
          size="lg"
        >
          <Box component="span" visibleFrom="sm">
            {t('simulator.headerClock.offset', { sign, span })}
          </Box>
          {/* A phone's header has room for the offset alone; the tooltip says the rest. */}
          <Box component="span" hiddenFrom="sm">
            {`${sign}${span}`}
          </Box>
        </Badge>
      </Tooltip>
    );
  }
  if (simulated) {
    const factor = clock.kind === 'accelerated' ? clock.factor : 1;
    return (
      <Tooltip
        label={t(clock.kind === 'paused' ? 'simulator.headerClock.pausedTooltip' : 'simulator.headerClock.simulatedTooltip', { factor })}
        multiline
        w={280}
      >
        <Badge
          data-testid="realtime-status"
          data-status={status}
          data-lost={false}
          data-subscribed={subscribed}
          data-clock={clock.kind}
          color="orange"
          variant="filled"
          size="lg"
        >
          {clock.kind === 'paused' ? (
            <>
              <Box component="span" visibleFrom="sm">
                {t('simulator.headerClock.paused')}
              </Box>
              {/* A phone's header has room for a pause sign alone; the tooltip says the rest. */}
              <Box component="span" hiddenFrom="sm" role="img" aria-label={t('simulator.headerClock.paused')} style={{ display: 'inline-flex', gap: 3 }}>
                <Box component="span" w={3} h={10} bg="currentColor" />
                <Box component="span" w={3} h={10} bg="currentColor" />
              </Box>
            </>
          ) : (
            <>
              <Box component="span" visibleFrom="sm">
                {t('simulator.headerClock.simulated', { factor })}
              </Box>
              {/* A phone's header has room for the factor alone; the tooltip says the rest. */}
              <Box component="span" hiddenFrom="sm">
                {`×${factor}`}
              </Box>
            </>
          )}
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Tooltip label={lost ? t('realtime.lostSince', { time }) : t('realtime.tooltip')} multiline w={lost ? 280 : undefined}>
      <Badge
        data-testid="realtime-status"
        data-status={status}
        data-lost={lost}
        data-subscribed={subscribed}
        data-clock="realtime"
        color={COLOURS[status]}
        variant={lost ? 'filled' : 'dot'}
        size="lg"
      >
        {lost ? t('realtime.status.lost') : t(`realtime.status.${status}`)}
      </Badge>
    </Tooltip>
  );
}
