/**
 * Transceiver feed details (spec 001 §1 "transceiver feed details") and an ingest server's
 * channels: the channels the server feeds, with their live status. A transceiver's are read from
 * the channel list the user sees (GET channels/fetch, kept current over /ws by the channels
 * screen's live patch); an ingest server's from GET ingestservers/{id}/channels.
 */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChannelLive, ServerDetail } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { QueryView } from '../../components/QueryView';
import { ListTable, type ListColumn } from '../../kit/ListTable';
import { feedChannels } from './serverFormat';
import { channelStatusLabel } from '../../lib/statusLabels';
import { enumLabel } from '../../lib/tolerant';

/** A transceiver's channels from the channel list the user sees (kept live), an ingest server's from its own read. */
export function ServerFeed({ server, kind }: { server: ServerDetail; kind: 'channels' | 'ingest' }) {
  const { t } = useTranslation();
  const listed = useEndpointQuery('fetchChannels', {}, { staleTime: Number.POSITIVE_INFINITY, enabled: kind === 'channels' });
  const ingest = useEndpointQuery('ingestServerChannels', { params: { id: server.id } }, { enabled: kind === 'ingest' });
  const columns: ListColumn<ChannelLive>[] = [
    { id: 'channel', header: t('devices.feed.channel'), render: (c) => c.channelName },
    { id: 'type', header: t('devices.feed.type'), render: (c) => enumLabel(t, 'channels.types', c.type) },
    { id: 'status', header: t('devices.feed.status'), render: (c) => <Badge variant="light">{channelStatusLabel(t, c.status)}</Badge> },
    { id: 'allocatedTo', header: t('devices.feed.allocatedTo'), render: (c) => c.allocatedToUnitAlias ?? c.allocatedToUnitUid ?? c.allocatedTo ?? '—' },
  ];
  return (
    <QueryView query={kind === 'ingest' ? ingest : listed} testIdPrefix="server-feed" errorTitle={t('devices.feed.loadFailed')}>
      {(data) => (
        <ListTable
          items={kind === 'ingest' ? data.channels : feedChannels(data.channels, server.id)}
          columns={columns}
          rowKey={(c) => c.channelId}
          testIdPrefix="server-feed"
          testId="server-feed"
          rowData={(c) => ({ 'data-status': c.status })}
          emptyText={t('devices.feed.empty')}
          striped={false}
          minWidth={0}
        />
      )}
    </QueryView>
  );
}
