/** The /video_return grid's columns (grid id `videoReturn`): spec 001 §3 video return channel fields. */
import { useMemo } from 'react';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VrChannelDetail, VrChannelStatus } from '@fleet/contracts';
import type { DataGridColumn, SortState } from '../../components/grid/DataGrid';
import { formatUptime } from '../channels/channelFormat';
import { textColumn } from '../../kit/textColumn';
import { vrChannelStatusLabel } from '../../lib/statusLabels';
import { enumLabel } from '../../lib/tolerant';

export const VR_GRID_ID = 'videoReturn';
export const VR_DEFAULT_SORT: SortState = { column: 'name', direction: 'asc' };

const STATUS_COLOR: Record<VrChannelStatus, string> = { idle: 'green', inputConnected: 'teal', collecting: 'red', offline: 'gray', connecting: 'yellow' };

export function useVrColumns(): DataGridColumn<VrChannelDetail>[] {
  const { t } = useTranslation();
  return useMemo(
    (): DataGridColumn<VrChannelDetail>[] => [
      textColumn({
        id: 'name',
        header: t('videoReturn.columns.name'),
        width: 220,
        minWidth: 100,
        sortValue: (c) => c.name,
        bold: true,
        truncate: true,
        title: (c) => c.description || c.name,
        testId: (c) => `vr-name-${c.uniqueId}`,
      }),
      {
        id: 'status',
        header: t('videoReturn.columns.status'),
        width: 160,
        sortValue: (c) => vrChannelStatusLabel(t, c.status),
        render: (c) => (
          <Badge color={STATUS_COLOR[c.status]} variant="light" data-testid={`vr-status-${c.uniqueId}`} data-status={c.status}>
            {vrChannelStatusLabel(t, c.status)}
          </Badge>
        ),
      },
      {
        id: 'inputType',
        header: t('videoReturn.columns.inputType'),
        width: 120,
        sortValue: (c) => c.configuration.inputType,
        render: (c) => (
          <Text size="sm" data-testid={`vr-input-${c.uniqueId}`} data-input-type={c.configuration.inputType}>
            {enumLabel(t, 'videoReturn.inputTypes', c.configuration.inputType)}
          </Text>
        ),
      },
      textColumn({
        id: 'server',
        header: t('videoReturn.columns.server'),
        width: 150,
        sortValue: (c) => c.serverName ?? c.serverId,
        text: (c) => c.serverName ?? c.serverId ?? t('videoReturn.cells.none'),
        truncate: true,
      }),
      textColumn({
        id: 'uptime',
        header: t('videoReturn.columns.uptime'),
        width: 110,
        align: 'right',
        sortValue: (c) => c.uptime,
        text: (c) => formatUptime(c.uptime) ?? t('videoReturn.cells.none'),
      }),
      textColumn({
        id: 'serial',
        header: t('videoReturn.columns.serial'),
        width: 160,
        sortValue: (c) => c.serialNumber,
        text: (c) => c.serialNumber ?? t('videoReturn.cells.none'),
        truncate: true,
      }),
    ],
    [t],
  );
}
