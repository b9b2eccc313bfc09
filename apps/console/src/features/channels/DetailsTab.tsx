/**
 * The Details tab of the manage-channel modal (spec 001 §3 Channel live state, §7 Channels): the
 * channel's live status (GET channels/{id}/status, read again every few seconds while open), what
 * its server reports about it (software and LiveU versions, server product, whether units support
 * it, the assigned product, a file transfer, the RTMP data it fetched), the
 * addresses it is reached at (channels/{id}/ips), its capabilities (channels/{id}/capabilities; a
 * failed read shows no capabilities and a retry, spec 000 §8) and the WebRTC preview's STUN/TURN
 * servers (GET stunTurnInfo, kept until they expire: turnExpiration seconds × 1000, spec 001 §9).
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpointKey, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { InfoSection, NameValues } from '../../kit';
import { addressText, capabilityRows, stunTurnLifetimeMs } from './channelDetails';
import { useChannelModal } from './parts';
import { AllocatedUnit } from './AllocatedUnit';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { MutedText } from '../../kit/MutedText';
import { channelStatusLabel } from '../../lib/statusLabels';

/** How often the open Details tab reads the channel's status again. */
export const STATUS_REFRESH_MS = 5000;

function StatusSection() {
  const { t } = useTranslation();
  const { channel } = useChannelModal().details;
  const { channelId } = channel;
  const query = useEndpointQuery('getChannelStatus', { params: { id: channelId } }, { refetchInterval: STATUS_REFRESH_MS });
  const none = t('channels.cells.none');
  const s = query.data;
  return (
    <InfoSection testId="channel-details-status" title={t('channels.details.status')}>
      {query.error && s === undefined && <ErrorAlert error={query.error} />}
      {s === undefined && !query.error && <Loader size="sm" />}
      {s !== undefined && (
        <>
          <Group gap="xs">
            <Badge variant="light" color={s.offline ? 'gray' : s.busy ? 'red' : 'green'} data-testid="channel-details-status-value" data-status={s.status}>
              {channelStatusLabel(t, s.status)}
            </Badge>
            <MutedText>{s.offline ? t('channels.details.classOffline') : s.busy ? t('channels.details.classBusy') : t('channels.details.classIdle')}</MutedText>
          </Group>
          <NameValues
            rows={[
              [
                t('channels.details.unit'),
                <AllocatedUnit
                  key="unit"
                  testId="channel-details-unit"
                  // The status is read more often than the channel: its unit wins, named when the channel names the same one.
                  channel={{
                    allocatedTo: null,
                    allocatedToUnitUid: s.allocatedToUnitUid,
                    allocatedToUnitAlias:
                      s.allocatedToUnitUid != null && s.allocatedToUnitUid === channel.allocatedToUnitUid ? channel.allocatedToUnitAlias : null,
                    allocatedToByApp: null,
                  }}
                />,
              ],
              [t('channels.details.uptime'), s.uptime == null ? none : t('channels.details.seconds', { value: s.uptime })],
            ]}
          />
        </>
      )}
    </InfoSection>
  );
}

/** What the channel's server reports about the channel (spec 001 §3 Channel live state), as the modal read it. */
function ChannelFactsSection() {
  const { t } = useTranslation();
  const channel = useChannelModal().details.channel;
  const none = t('channels.cells.none');
  const yesNo = (on: boolean) => t(on ? 'channels.details.yes' : 'channels.details.no');
  const transfer = channel.fileTransfer;
  return (
    <InfoSection testId="channel-details-facts" title={t('channels.details.facts')}>
      <NameValues
        testId="channel-details-facts-rows"
        rows={[
          [t('channels.details.swVersion'), channel.swVersion || none],
          [t('channels.details.liveuVersion'), channel.liveuVersion ?? none],
          [t('channels.details.serverProductType'), channel.serverProductType ?? none],
          [t('channels.details.supportedByUnit'), yesNo(channel.supportedByUnit)],
          [t('channels.details.productId'), channel.assignment.productId ?? none],
          [
            t('channels.details.fileTransfer'),
            transfer.path == null && transfer.status == null ? none : [transfer.path, transfer.status].filter(Boolean).join(' — '),
          ],
          [
            t('channels.details.rtmpData'),
            capabilityRows(channel.fetchedRtmpData)
              .map(([name, value]) => `${name}: ${value}`)
              .join(', ') || none,
          ],
        ]}
      />
    </InfoSection>
  );
}

function IpsSection() {
  const { t } = useTranslation();
  const { channelId } = useChannelModal().details.channel;
  const query = useEndpointQuery('getChannelIps', { params: { id: channelId } });
  return (
    <InfoSection testId="channel-details-ips" title={t('channels.details.ips')}>
      <ErrorAlert error={query.error} />
      {query.data === undefined && !query.error && <Loader size="sm" />}
      {query.data !== undefined &&
        (query.data.ips.length === 0 ? (
          <MutedText testId="channel-details-ips-empty">{t('channels.details.noIps')}</MutedText>
        ) : (
          <Stack gap={2}>
            {query.data.ips.map((ip, i) => (
              <Text key={i} size="sm" ff="monospace" data-testid="channel-details-ip">
                {addressText(ip)}
              </Text>
            ))}
          </Stack>
        ))}
    </InfoSection>
  );
}

function CapabilitiesSection() {
  const { t } = useTranslation();
  const errorText = useApiErrorMessage();
  const { channelId } = useChannelModal().details.channel;
  const query = useEndpointQuery('getChannelCapabilities', { params: { id: channelId } }, { retry: false });
  // Spec 000 §8: a failed read shows empty capabilities, with a way to read them again.
  const rows = query.data ? capabilityRows(query.data.capabilities) : [];
  return (
    <InfoSection testId="channel-details-capabilities" title={t('channels.details.capabilities')}>
      {query.error && (
        <Alert color="red" data-testid="channel-details-capabilities-error">
          <Stack gap="xs">
            <Text size="sm">{t('channels.details.capabilitiesFailed', { reason: errorText(query.error) })}</Text>
            <Group>
              <Button
                size="xs"
                variant="light"
                loading={query.isFetching}
                onClick={() => void query.refetch()}
                data-testid="channel-details-capabilities-retry"
              >
                {t('channels.modal.retry')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {query.isPending && !query.error ? (
        <Loader size="sm" />
      ) : rows.length === 0 ? (
        <MutedText testId="channel-details-capabilities-empty">{t('channels.details.noCapabilities')}</MutedText>
      ) : (
        <NameValues rows={rows} testId="channel-details-capabilities-rows" />
      )}
    </InfoSection>
  );
}

function WebRtcSection() {
  const { t, i18n } = useTranslation();
  const { channelId } = useChannelModal().details.channel;
  const input = { query: { identifier: channelId } };
  const queryClient = useQueryClient();
  // Asked for once, they stay wanted: shown again from the cache, read again once expired.
  const [wanted, setWanted] = useState(() => queryClient.getQueryData(endpointKey('getStunTurnInfo', input)) !== undefined);
  const query = useEndpointQuery(
    'getStunTurnInfo',
    input,
    // Spec 001 §9: the servers and their credentials are kept until they expire, then read again.
    { enabled: wanted, staleTime: (q) => stunTurnLifetimeMs(q.state.data), gcTime: Number.POSITIVE_INFINITY },
  );
  const info = query.data;
  const validUntil = info ? new Date(query.dataUpdatedAt + stunTurnLifetimeMs(info)).toLocaleString(i18n.language) : null;
  return (
    <InfoSection testId="channel-details-webrtc" title={t('channels.details.webrtc')}>
      {!wanted && info === undefined ? (
        <Group>
          <Button size="xs" variant="light" onClick={() => setWanted(true)} data-testid="channel-details-webrtc-load">
            {t('channels.details.webrtcLoad')}
          </Button>
        </Group>
      ) : query.error ? (
        <ErrorAlert error={query.error} />
      ) : info === undefined ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="xs">
          <MutedText testId="channel-details-webrtc-valid">{t('channels.details.webrtcValid', { date: validUntil })}</MutedText>
          {info.iceServers.map((server, i) => (
            <Text key={i} size="sm" ff="monospace" data-testid="channel-details-webrtc-server">
              {server.urls.join(', ')}
              {server.username !== undefined ? ` (${t('channels.details.webrtcUser', { name: server.username })})` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </InfoSection>
  );
}

export function DetailsTab() {
  return (
    <>
      <StatusSection />
      <ChannelFactsSection />
      <IpsSection />
      <CapabilitiesSection />
      <WebRtcSection />
    </>
  );
}
