/** The servers tab's grid columns (grid id `servers`): the server's live state of spec 001 §3. */
import { useMemo } from 'react';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServerDetail } from '@fleet/contracts';
import type { DataGridColumn, SortState } from '../../components/grid/DataGrid';
import { textColumn } from '../../kit/textColumn';
import { serverStatusKey, usagePercent } from './serverFormat';
import { enumLabel } from '../../lib/tolerant';

export const SERVER_GRID_ID = 'servers';
export const SERVER_DEFAULT_SORT: SortState = { column: 'name', direction: 'asc' };

const STATUS_COLOR: Record<string, string> = { online: 'green', busy: 'red', upgrading: 'yellow', offline: 'gray' };

/** The status badge: the row's test id (`server-status-<id>`) unless told another (the detail's, a status check's). */
export function ServerStatusBadge({ server, testId = `server-status-${server.id}` }: { server: Pick<ServerDetail, 'id' | 'status'>; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[server.status] ?? 'gray'} variant="light" data-testid={testId} data-status={server.status}>
      {t(serverStatusKey(server.status))}
    </Badge>
  );
}

const dash = '—';

export function useServerColumns(): DataGridColumn<ServerDetail>[] {
  const { t } = useTranslation();
  return useMemo(
    (): DataGridColumn<ServerDetail>[] => [
      textColumn({
        id: 'name',
        header: t('devices.servers.columns.name'),
        width: 180,
        minWidth: 100,
        sortValue: (s) => s.name,
        bold: true,
        truncate: true,
        title: (s) => s.uniqueId,
        testId: (s) => `server-name-${s.id}`,
      }),
      textColumn({
        id: 'type',
        header: t('devices.servers.columns.type'),
        width: 150,
        sortValue: (s) => s.serverType,
        text: (s) => enumLabel(t, 'devices.types', s.serverType),
      }),
      textColumn({ id: 'product', header: t('devices.servers.columns.product'), width: 150, sortValue: (s) => s.productType, truncate: true }),
      { id: 'status', header: t('devices.servers.columns.status'), width: 120, sortValue: (s) => s.status, render: (s) => <ServerStatusBadge server={s} /> },
      textColumn({ id: 'version', header: t('devices.servers.columns.version'), width: 110, sortValue: (s) => s.swVersion }),
      textColumn({
        id: 'cpu',
        header: t('devices.servers.columns.cpu'),
        width: 80,
        align: 'right',
        sortValue: (s) => s.serverUsage.cpu,
        text: (s) => usagePercent(s.serverUsage.cpu) ?? dash,
        testId: (s) => `server-cpu-${s.id}`,
      }),
      textColumn({
        id: 'storage',
        header: t('devices.servers.columns.storage'),
        width: 90,
        align: 'right',
        sortValue: (s) => s.serverUsage.storage,
        text: (s) => usagePercent(s.serverUsage.storage) ?? dash,
      }),
      textColumn({ id: 'channels', header: t('devices.servers.columns.channels'), width: 90, align: 'right', sortValue: (s) => s.channelCount }),
      textColumn({ id: 'ifbMode', header: t('devices.servers.columns.ifbMode'), width: 90, sortValue: (s) => s.ifbMode, text: (s) => s.ifbMode ?? dash }),
      textColumn({
        id: 'comment',
        header: t('devices.servers.columns.comment'),
        width: 220,
        sortValue: (s) => s.comment,
        truncate: true,
        title: (s) => s.comment,
        testId: (s) => `server-comment-${s.id}`,
      }),
    ],
    [t],
  );
}
