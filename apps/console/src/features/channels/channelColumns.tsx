/** The /channels grid's columns (grid id `channels`): the live state of spec 001 §3. */
import { useMemo } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChannelLive } from '@fleet/contracts';
import { channelStatusClass } from '@fleet/domain';
import type { DataGridColumn, SortState } from '../../components/grid/DataGrid';
import { formatUptime, outputMarks, ptmpBitrate } from './channelFormat';
import { AllocatedUnit } from './AllocatedUnit';
import { MutedText } from '../../kit/MutedText';
import { textColumn } from '../../kit/textColumn';
import { ACTION_COLUMN_ID } from '../../kit/ListTable';
import { channelStatusLabel } from '../../lib/statusLabels';
import { SimulateMenuFor } from '../simulator/faults/SimulateMenu';
import { enumLabel } from '../../lib/tolerant';

export const CHANNEL_GRID_ID = 'channels';
export const CHANNEL_DEFAULT_SORT: SortState = { column: 'name', direction: 'asc' };

const STATUS_COLOR = { busy: 'red', idle: 'green', offline: 'gray' } as const;

/** A channel's live status, coloured by its class (spec 001 §4: busy, idle, offline). */
export function ChannelStatusBadge({
  channel,
  testId = `channel-status-${channel.channelId}`,
  size,
}: {
  channel: Pick<ChannelLive, 'channelId' | 'status'>;
  testId?: string;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[channelStatusClass(channel.status)]} variant="light" size={size} data-testid={testId} data-status={channel.status}>
      {channelStatusLabel(t, channel.status)}
    </Badge>
  );
}

function Marks({ channel }: { channel: ChannelLive }) {
  const { t } = useTranslation();
  const marks = outputMarks(channel);
  if (marks.length === 0) return <MutedText>{t('channels.cells.none')}</MutedText>;
  return (
    <Group gap={4} wrap="nowrap" data-testid={`channel-marks-${channel.channelId}`}>
      {marks.map((mark) => (
        <Badge key={mark} size="sm" variant="outline" data-mark={mark}>
          {mark === 'sdi' ? t('channels.marks.sdi', { no: channel.sdiNo ?? '' }) : t(`channels.marks.${mark}`)}
        </Badge>
      ))}
    </Group>
  );
}

/** `simulate`: the mock answered the probe and the user runs it, so each row ends with its channel's Simulate menu. */
export function useChannelColumns(simulate = false): DataGridColumn<ChannelLive>[] {
  const { t } = useTranslation();
  return useMemo(
    (): DataGridColumn<ChannelLive>[] => [
      textColumn({
        id: 'name',
        header: t('channels.columns.name'),
        width: 200,
        minWidth: 100,
        sortValue: (c) => c.channelName,
        bold: true,
        truncate: true,
        title: (c) => c.channelName,
        testId: (c) => `channel-name-${c.channelId}`,
      }),
      {
        id: 'status',
        header: t('channels.columns.status'),
        width: 170,
        sortValue: (c) => channelStatusLabel(t, c.status),
        render: (c) => <ChannelStatusBadge channel={c} />,
      },
      textColumn({
        id: 'type',
        header: t('channels.columns.type'),
        width: 120,
        sortValue: (c) => c.type,
        text: (c) => enumLabel(t, 'channels.types', c.type),
        testId: (c) => `channel-type-${c.channelId}`,
      }),
      textColumn({ id: 'server', header: t('channels.columns.server'), width: 160, sortValue: (c) => c.serverName, truncate: true }),
      {
        id: 'allocatedTo',
        header: t('channels.columns.allocatedTo'),
        width: 190,
        sortValue: (c) => c.allocatedToUnitAlias ?? c.allocatedToUnitUid ?? c.allocatedTo,
        render: (c) => <AllocatedUnit channel={c} testId={`channel-allocated-${c.channelId}`} />,
      },
      { id: 'outputs', header: t('channels.columns.outputs'), width: 220, sortValue: (c) => outputMarks(c).join(' '), render: (c) => <Marks channel={c} /> },
      {
        id: 'recording',
        header: t('channels.columns.recording'),
        width: 110,
        sortValue: (c) => c.recording,
        render: (c) =>
          c.recording ? (
            <Badge color="red" size="sm" variant="dot" data-testid={`channel-recording-${c.channelId}`}>
              {t('channels.cells.recording')}
            </Badge>
          ) : (
            <MutedText>{t('channels.cells.notRecording')}</MutedText>
          ),
      },
      textColumn({
        id: 'uptime',
        header: t('channels.columns.uptime'),
        width: 110,
        align: 'right',
        sortValue: (c) => c.uptime,
        text: (c) => formatUptime(c.uptime) ?? t('channels.cells.none'),
      }),
      {
        id: 'ptmp',
        header: t('channels.columns.ptmp'),
        width: 190,
        align: 'right',
        sortValue: (c) => ptmpBitrate(c),
        render: (c) => {
          const bitrate = ptmpBitrate(c);
          if (bitrate === null) return <MutedText>{t('channels.cells.none')}</MutedText>;
          return (
            <Text size="sm" data-testid={`channel-ptmp-${c.channelId}`}>
              {c.ptmpDelay == null ? t('channels.cells.ptmpNoDelay', { bitrate }) : t('channels.cells.ptmp', { bitrate, delay: c.ptmpDelay })}
            </Text>
          );
        },
      },
      ...(simulate
        ? [
            {
              // The action column: pinned to the end edge, in view however the grid scrolls.
              id: ACTION_COLUMN_ID,
              header: t('faults.simulate'),
              width: 90,
              resizable: false,
              interactive: true,
              render: (c: ChannelLive) => (
                <SimulateMenuFor compact target={{ kind: 'channel', serverId: c.serverId, channelId: c.channelId, name: c.channelName || c.channelId }} />
              ),
            },
          ]
        : []),
    ],
    [t, simulate],
  );
}
