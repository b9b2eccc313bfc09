/**
 * A marker's popup: the unit as the unit list shows it, read when the popup first opens
 * (devices/fetch_by_id/{id}, spec 000 §7) and kept current by the map's realtime patches — its
 * status, channel, bitrate, battery and active alerts — with the marker's address and position, and the way to the
 * unit in the list.
 */
import { StaleValue } from '../../realtime/Liveness';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useEndpointQuery } from '../../api/hooks';
import { batteryLevelText } from '../../kit/unit/BatteryIndicator';
import { markerColour } from './mapData';
import type { UnitMarker } from './mapData';
import { MutedText } from '../../kit/MutedText';
import { useChannelNames } from '../channels/useChannelNames';
import { UnitChannel } from '../../kit/unit/UnitChannel';
import { useBitrateText } from '../../kit/unit/useBitrateText';
import { unitStatusLabel } from '../../lib/statusLabels';

export function MapPopup({ marker }: { readonly marker: UnitMarker }) {
  const { t } = useTranslation();
  const read = useEndpointQuery('fetchDeviceById', { params: { id: marker.uniqueId } }, { staleTime: 0, refetchOnMount: 'always', retry: false });
  const unit = read.data;
  const channelName = useChannelNames();
  const status = unit?.status ?? marker.status;
  const battery = unit !== undefined ? batteryLevelText(t, unit.battery) : read.isError ? t('map.popup.readFailed') : t('common.loading');
  const bitrateText = useBitrateText();
  const bitrate = unit !== undefined ? (bitrateText(unit.totalBitrate) ?? t('common.none')) : read.isError ? t('map.popup.readFailed') : t('common.loading');
  const id = marker.uniqueId;
  return (
    <Stack gap={4} data-testid={`map-popup-${id}`} data-read={unit !== undefined} miw={180}>
      <Text fw={600}>{unit?.name ?? marker.name}</Text>
      <Text size="sm" component="div">
        {t('map.popup.status')}:{' '}
        <StaleValue unitId={id} status={status} isStatus showTime testId={`map-popup-live-status-${id}`}>
          <Badge size="sm" variant="light" color={markerColour(status)} data-testid={`map-popup-status-${id}`} data-status={status}>
            {unitStatusLabel(t, status)}
          </Badge>
        </StaleValue>
      </Text>
      {unit !== undefined && (
        <Group gap={4} wrap="nowrap" align="flex-start">
          <Text size="sm" component="div">
            {t('map.popup.channel')}:
          </Text>
          <UnitChannel unit={unit} channelName={channelName} testId={`map-popup-channel-${id}`} />
        </Group>
      )}
      <Text size="sm" data-testid={`map-popup-bitrate-${id}`}>
        {t('map.popup.bitrate')}:{' '}
        <StaleValue unitId={id} status={status}>
          {bitrate}
        </StaleValue>
      </Text>
      <Text size="sm" data-testid={`map-popup-battery-${id}`}>
        {/* The level's own text names the battery ("Battery 36%", "Charging, 80%"). */}
        {unit === undefined && `${t('map.popup.battery')}: `}
        <StaleValue unitId={id} status={status}>
          {battery}
        </StaleValue>
      </Text>
      {unit !== undefined && unit.alerts.length > 0 && (
        <Text size="sm" c="red" data-testid={`map-popup-alerts-${id}`}>
          {t('map.popup.alerts', { count: unit.alerts.length })}
        </Text>
      )}
      <Text size="sm" data-testid={`map-popup-address-${id}`}>
        {t('map.popup.address')}: {marker.address ?? t('map.popup.noAddress')}
      </Text>
      <MutedText size="xs">{t('map.popup.coordinates', { lat: marker.lat.toFixed(5), lng: marker.lng.toFixed(5) })}</MutedText>
      <Anchor component={Link} to={`/list?unit=${encodeURIComponent(id)}`} size="sm" data-testid={`map-popup-open-${id}`}>
        {t('map.popup.open')}
      </Anchor>
    </Stack>
  );
}
