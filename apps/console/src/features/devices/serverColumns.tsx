/** The servers tab's grid columns (grid id `servers`): the server's live state of spec 001 §3. */
import { useMemo } from 'react';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServerDetail } from '@fleet/contracts';
import type { DataGridColumn, SortState } from '../../components/grid/DataGrid';
import { serverStatusKey, usagePercent } from './serverFormat';

export const SERVER_GRID_ID = 'servers';
export const SERVER_DEFAULT_SORT: SortState = { column: 'name', direction: 'asc' };

const STATUS_COLOR: Record<string, string> = { online: 'green', busy: 'red', upgrading: 'yellow', offline: 'gray' };

/** The status badge; `place` tells the row's (`server-status-<id>`) from the detail's (`server-detail-status`). */
export function ServerStatusBadge({
  server,
  place = 'row',
  testId,
}: {
  server: Pick<ServerDetail, 'id' | 'status'>;
  place?: 'row' | 'detail';
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLOR[server.status] ?? 'gray'}
      variant="light"
      data-testid={testId ?? (place === 'row' ? `server-status-${server.id}` : 'server-detail-status')}
      data-status={server.status}
    >
      {t(serverStatusKey(server.status))}
    </Badge>
  );
}

const dash = '—';

export function useServerColumns(): DataGridColumn<ServerDetail>[] {
  const { t } = useTranslation();
  return useMemo(
    (): DataGridColumn<ServerDetail>[] => [
      {
        id: 'name',
        header: t('devices.servers.columns.name'),
        width: 180,
        minWidth: 100,
        sortValue: (s) => s.name,
        render: (s) => (
          <Text size="sm" fw={500} truncate="end" title={s.uniqueId} data-testid={`server-name-${s.id}`}>
            {s.name}
          </Text>
        ),
      },
      {
        id: 'type',
        header: t('devices.servers.columns.type'),
        width: 150,
        sortValue: (s) => s.serverType,
        render: (s) => <Text size="sm">{t(`devices.types.${s.serverType}`)}</Text>,
      },
      {
        id: 'product',
        header: t('devices.servers.columns.product'),
        width: 150,
        sortValue: (s) => s.productType,
        render: (s) => (
          <Text size="sm" truncate="end">
            {s.productType}
          </Text>
        ),
      },
      { id: 'status', header: t('devices.servers.columns.status'), width: 120, sortValue: (s) => s.status, render: (s) => <ServerStatusBadge server={s} /> },
      {
        id: 'version',
        header: t('devices.servers.columns.version'),
        width: 110,
        sortValue: (s) => s.swVersion,
        render: (s) => <Text size="sm">{s.swVersion}</Text>,
      },
      {
        id: 'cpu',
        header: t('devices.servers.columns.cpu'),
        width: 80,
        align: 'right',
        sortValue: (s) => s.serverUsage.cpu,
        render: (s) => (
          <Text size="sm" data-testid={`server-cpu-${s.id}`}>
            {usagePercent(s.serverUsage.cpu) ?? dash}
          </Text>
        ),
      },
      {
        id: 'storage',
        header: t('devices.servers.columns.storage'),
        width: 90,
        align: 'right',
        sortValue: (s) => s.serverUsage.storage,
        render: (s) => <Text size="sm">{usagePercent(s.serverUsage.storage) ?? dash}</Text>,
      },
      {
        id: 'channels',
        header: t('devices.servers.columns.channels'),
        width: 90,
        align: 'right',
        sortValue: (s) => s.channelCount,
        render: (s) => <Text size="sm">{s.channelCount}</Text>,
      },
      {
        id: 'ifbMode',
        header: t('devices.servers.columns.ifbMode'),
        width: 90,
        sortValue: (s) => s.ifbMode,
        render: (s) => <Text size="sm">{s.ifbMode ?? dash}</Text>,
      },
      {
        id: 'comment',
        header: t('devices.servers.columns.comment'),
        width: 220,
        sortValue: (s) => s.comment,
        render: (s) => (
          <Text size="sm" truncate="end" title={s.comment} data-testid={`server-comment-${s.id}`}>
            {s.comment}
          </Text>
        ),
      },
    ],
    [t],
  );
}
