import { lazy, Suspense, useMemo } from 'react';
import { Anchor, Badge, Box, Center, Group, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { UNIT_STATUS_CLASSES } from '@fleet/domain';
import type { UnitCoords, UnitSummary } from '@fleet/contracts';
import { endpointKey, useEndpointQuery } from '../../api/hooks';
import { applyToSummary, isUnitEvent, unitIdOf } from '../../realtime/cachePatch';
import { useLiveEvents } from '../../kit/useLiveEvents';
import { QueryView } from '../../components/QueryView';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import type { PageProps } from '../../pages/types';
import { MARKER_COLOURS, markerColour, markersOf, patchCoords, unplacedOf } from './mapData';

/** Leaflet, its CSS and the basemap load only when the map is shown. */
const UnitMap = lazy(() => import('./UnitMap'));

/**
 * Keeps the map current from /ws: the markers (devices/fetch_coords) patched in place — a status
 * recolours one, a reported position moves one — and read again when a unit they do not hold
 * appears; an open popup's unit (devices/fetch_by_id) follows its unit's events.
 */
function useMapLive(): void {
  useLiveEvents((queryClient, event) => {
    const coordsKey = endpointKey('fetchDeviceCoords', {});
    const current = queryClient.getQueryData<readonly UnitCoords[]>(coordsKey);
    if (current !== undefined) {
      const next = patchCoords(current, event);
      if (next === null) void queryClient.invalidateQueries({ queryKey: coordsKey, exact: true });
      else if (next !== current) queryClient.setQueryData(coordsKey, next);
    }
    if (isUnitEvent(event)) {
      queryClient.setQueryData<UnitSummary>(endpointKey('fetchDeviceById', { params: { id: unitIdOf(event) } }), (unit) =>
        unit ? applyToSummary(unit, event) : unit,
      );
    }
  });
}

/**
 * /map (spec 000 §2 "unit map; default zoom 3, centre 0/0"; §7 devices/fetch_coords): a marker per
 * unit with a position, coloured by status and kept live (useMapLive); a marker's popup reads its
 * unit (devices/fetch_by_id). The units the map cannot place are listed beside it, from the unit
 * list's own read (devices/fetch, the same realtime-patched cache).
 */
export default function MapPage(_props: PageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.map'));
  const coords = useEndpointQuery('fetchDeviceCoords', {}, { staleTime: Number.POSITIVE_INFINITY });
  const units = useEndpointQuery('fetchDevices', {}, { staleTime: Number.POSITIVE_INFINITY });
  useMapLive();
  const markers = useMemo(() => markersOf(coords.data ?? []), [coords.data]);
  const unplaced = useMemo(() => unplacedOf(units.data ?? []), [units.data]);

  return (
    <Stack gap="sm" data-testid="map-page">
      <Group justify="space-between" align="flex-end">
        <Title order={2} data-testid="page-title">
          {t('routes.map')}
        </Title>
        <Group gap="xs" data-testid="map-legend">
          <Text size="sm" c="dimmed" data-testid="map-placed-count">
            {t('map.placed', { count: markers.length })}
          </Text>
          {UNIT_STATUS_CLASSES.map((cls) => (
            <Badge key={cls} variant="dot" color={MARKER_COLOURS[cls]}>
              {t(`map.legend.${cls}`)}
            </Badge>
          ))}
        </Group>
      </Group>
      <QueryView query={coords} testIdPrefix="map" errorTitle={t('map.loadFailed')}>
        {() => (
          <Box
            style={{
              display: 'flex',
              gap: 'var(--mantine-spacing-md)',
              alignItems: 'stretch',
              height: 'calc(100dvh - 56px - 2 * var(--mantine-spacing-md) - 96px)',
              minHeight: 420,
            }}
          >
            <Box style={{ flex: 1, minWidth: 0, borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
              <Suspense
                fallback={
                  <Center h="100%">
                    <Loader aria-label={t('map.loadingMap')} data-testid="map-loading-leaflet" />
                  </Center>
                }
              >
                <UnitMap markers={markers} />
              </Suspense>
            </Box>
            <Paper withBorder p="sm" w={260} data-testid="map-unplaced">
              <Title order={5}>{t('map.unplaced.title')}</Title>
              <ScrollArea h="calc(100% - 28px)" type="auto">
                {units.data === undefined ? (
                  units.isError ? (
                    <Text size="sm" c="red" data-testid="map-unplaced-error">
                      {t('map.unplaced.loadFailed')}
                    </Text>
                  ) : (
                    <Loader size="xs" aria-label={t('common.loading')} />
                  )
                ) : unplaced.length === 0 ? (
                  <Text size="sm" c="dimmed" data-testid="map-unplaced-empty">
                    {t('map.unplaced.empty')}
                  </Text>
                ) : (
                  <Stack gap={4} mt="xs">
                    {unplaced.map((unit) => (
                      <Group key={unit.uniqueId} justify="space-between" wrap="nowrap" data-testid={`map-unplaced-${unit.uniqueId}`}>
                        <Anchor component={Link} to={`/list?unit=${encodeURIComponent(unit.uniqueId)}`} size="sm" truncate="end">
                          {unit.name}
                        </Anchor>
                        <Badge size="xs" variant="light" color={markerColour(unit.status)}>
                          {t(`units.status.${unit.status}`)}
                        </Badge>
                      </Group>
                    ))}
                  </Stack>
                )}
              </ScrollArea>
            </Paper>
          </Box>
        )}
      </QueryView>
    </Stack>
  );
}
