/**
 * Transceiver feed details (spec 001 §1 "transceiver feed details") and an ingest server's
 * channels: the channels the server feeds, with their live status. A transceiver's are read from
 * the channel list the user sees (GET channels/fetch, kept current over /ws by the channels
 * screen's live patch); an ingest server's from GET ingestservers/{id}/channels.
 */
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChannelLive, ServerDetail } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { QueryView } from '../../components/QueryView';
import { useChannelsLive } from '../channels/useChannelsLive';
import { feedChannels } from './serverFormat';

function FeedTable({ channels }: { channels: readonly ChannelLive[] }) {
  const { t } = useTranslation();
  if (channels.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="server-feed-empty">
        {t('devices.feed.empty')}
      </Text>
    );
  }
  return (
    <Table data-testid="server-feed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('devices.feed.channel')}</Table.Th>
          <Table.Th>{t('devices.feed.type')}</Table.Th>
          <Table.Th>{t('devices.feed.status')}</Table.Th>
          <Table.Th>{t('devices.feed.allocatedTo')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {channels.map((channel) => (
          <Table.Tr key={channel.channelId} data-testid={`server-feed-row-${channel.channelId}`} data-status={channel.status}>
            <Table.Td>{channel.channelName}</Table.Td>
            <Table.Td>{t(`channels.types.${channel.type}`)}</Table.Td>
            <Table.Td>
              <Badge variant="light">{t(`channels.status.${channel.status}`)}</Badge>
            </Table.Td>
            <Table.Td>{channel.allocatedToUnitAlias ?? channel.allocatedToUnitUid ?? channel.allocatedTo ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function TransceiverFeed({ server }: { server: ServerDetail }) {
  const { t } = useTranslation();
  useChannelsLive();
  const list = useEndpointQuery('fetchChannels', {}, { staleTime: Number.POSITIVE_INFINITY });
  return (
    <QueryView query={list} testIdPrefix="server-feed" errorTitle={t('devices.feed.loadFailed')}>
      {(data) => <FeedTable channels={feedChannels(data.channels, server.id)} />}
    </QueryView>
  );
}

function IngestFeed({ server }: { server: ServerDetail }) {
  const { t } = useTranslation();
  const list = useEndpointQuery('ingestServerChannels', { params: { id: server.id } });
  return (
    <QueryView query={list} testIdPrefix="server-feed" errorTitle={t('devices.feed.loadFailed')}>
      {(data) => <FeedTable channels={data.channels} />}
    </QueryView>
  );
}

export function ServerFeed({ server, kind }: { server: ServerDetail; kind: 'channels' | 'ingest' }) {
  return kind === 'ingest' ? <IngestFeed server={server} /> : <TransceiverFeed server={server} />;
}
