/**
 * The group's channel status in the group modal (spec 001 §4 group of channels; §7 GET
 * v2/groups/{id}/channelDetails): idle / collecting / offline as the core answers it, the counts
 * that explain it, and each channel with its status.
 */
import { Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/hooks';
import { useCanCall } from '../../kit/access';
import { groupChannelSummary, groupStatusColor, shownGroupStatus } from './groupChannelStatus';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { channelStatusLabel } from '../../lib/statusLabels';
import { enumLabel } from '../../lib/tolerant';

export function GroupChannelStatus({ groupId }: { readonly groupId: string }) {
  const { t } = useTranslation();
  const allowed = useCanCall('getGroupChannelDetails');
  const query = useEndpointQuery('getGroupChannelDetails', { params: { id: groupId } }, { enabled: allowed });
  if (!allowed) return null;
  const data = query.data;
  const summary = data ? groupChannelSummary(data.channels) : null;
  const status = data ? shownGroupStatus(data) : null;
  return (
    <Paper withBorder p="xs" radius="sm" mb="sm" data-testid="group-channel-status">
      <Stack gap={6}>
        <Group gap="xs">
          <Title order={6}>{t('groups.channelStatus.title')}</Title>
          {status !== null && (
            <Badge color={groupStatusColor(status)} variant="light" data-testid="group-channel-status-value" data-status={status}>
              {enumLabel(t, 'groups.channelStatus.status', status)}
            </Badge>
          )}
        </Group>
        <ErrorAlert error={query.error} />
        {data === undefined && !query.error && <Loader size="xs" />}
        {summary && (
          <Text size="xs" c="dimmed" data-testid="group-channel-status-counts">
            {summary.total === 0
              ? t('groups.channelStatus.none')
              : t('groups.channelStatus.counts', { total: summary.total, idle: summary.idle, collecting: summary.collecting, other: summary.other })}
          </Text>
        )}
        {data && data.channels.length > 0 && (
          <Group gap={4}>
            {data.channels.map((c) => (
              <Badge key={c.channelId} variant="outline" color="gray" tt="none" data-testid={`group-channel-${c.channelId}`} data-status={c.status}>
                {c.channelName}: {channelStatusLabel(t, c.status)}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
