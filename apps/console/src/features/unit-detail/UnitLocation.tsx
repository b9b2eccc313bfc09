/**
 * The unit's position in the detail header (spec 000 §3 location: lat, lng, address; §7
 * devices/{id}/location): read when the detail opens — the device's live GPS when it reports one,
 * else the stored address — and moved by the unit's `unit.telemetry` events (live/table).
 */
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/hooks';

export function UnitLocation({ unitId }: { readonly unitId: string }) {
  const { t } = useTranslation();
  const input = { params: { id: unitId } };
  const read = useEndpointQuery('getDeviceLocation', input, { staleTime: Number.POSITIVE_INFINITY, retry: false });

  const note = (state: 'failed' | 'loading' | 'none', text: string) => (
    <Text size="sm" c="dimmed" data-testid="unit-detail-location" data-state={state}>
      {text}
    </Text>
  );
  if (read.isError) return note('failed', t('unitDetail.location.failed'));
  const info = read.data;
  if (info === undefined) return note('loading', t('common.loading'));
  const { location } = info;
  // A position the answer left out, or gave without a latitude or longitude, is none.
  if (location == null || typeof location.lat !== 'number' || typeof location.lng !== 'number') return note('none', t('unitDetail.location.none'));
  const coordinates = t('units.coordinates', { lat: location.lat.toFixed(4), lng: location.lng.toFixed(4) });
  return (
    <Group gap={6} wrap="nowrap" data-testid="unit-detail-location" data-state={info.live ? 'live' : 'stored'} data-lat={location.lat} data-lng={location.lng}>
      <Text size="sm" lineClamp={2} maw={320} title={location.address == null ? coordinates : `${location.address} (${coordinates})`}>
        {location.address ?? coordinates}
      </Text>
      <Badge size="xs" variant="outline" color={info.live ? 'green' : 'gray'}>
        {info.live ? t('unitDetail.location.live') : t('unitDetail.location.stored')}
      </Badge>
    </Group>
  );
}
