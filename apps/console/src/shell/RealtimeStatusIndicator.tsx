import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRealtime } from '../realtime/RealtimeProvider';
import type { RealtimeStatus } from '../realtime/RealtimeClient';

const COLOURS: Record<RealtimeStatus, string> = {
  idle: 'gray',
  connecting: 'yellow',
  open: 'green',
  reconnecting: 'orange',
  error: 'red',
  closed: 'gray',
};

/** Header indicator of the /ws connection; `data-status` carries the raw state. */
export function RealtimeStatusIndicator() {
  const { t } = useTranslation();
  const { status } = useRealtime();
  return (
    <Tooltip label={t('realtime.tooltip')}>
      <Badge data-testid="realtime-status" data-status={status} color={COLOURS[status]} variant="dot" size="lg">
        {t(`realtime.status.${status}`)}
      </Badge>
    </Tooltip>
  );
}
