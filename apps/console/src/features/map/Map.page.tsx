import { lazy, memo, Suspense, useCallback, useRef, useState } from 'react';
import { Anchor, Badge, Box, Center, Group, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { UNIT_STATUS_CLASSES } from '@fleet/domain';
import type { UnitCoords, UnitSummary } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { QueryView } from '../../components/QueryView';
import { PageTitle } from '../../components/PageTitle';
import type { PageProps } from '../../pages/types';
import { MARKER_COLOURS, markerColour, markersOf, unplacedOf } from './mapData';
import type { UnitMarker } from './mapData';
import { MutedText } from '../../kit/MutedText';
import { unitStatusLabel } from '../../lib/statusLabels';

/** Leaflet, its CSS and the basemap load only when the map is shown. */
const UnitMap = lazy(() => import('./UnitMap'));

/** The markers of the answer, the previous markers' objects and order kept (markersOf). */
function useMarkers(coords: readonly UnitCoords[] | undefined): readonly UnitMarker[] {
  const [state, setState] = useState(() => ({ coords, markers: markersOf(coords ?? []) }));
  if (state.coords !== coords) {
    const markers = markersOf(coords ?? [], state.markers);
    setState({ coords, markers });
    return markers;
  }
  return state.markers;
}

const sameUnplaced = (a: readonly UnitSummary[], b: readonly UnitSummary[]) =>
  a.length === b.length && a.every((unit, i) => unit.uniqueId === b[i]?.uniqueId && unit.name === b[i]?.name && unit.status === b[i]?.status);

/**
 * The units the map cannot place, from the unit list's own read (devices/fetch): re-rendered only
 * when what it shows of them (name, status) changes, not on each live patch of the list.
 */
const UnplacedUnits = memo(function UnplacedUnits() {
  const { t } = useTranslation();
  const previous = useRef<UnitSummary[]>([]);
  const select = useCallback((list: UnitSummary[]) => {
    const next = unplacedOf(list);
    if (sameUnplaced(previous.current, next)) return previous.current;
    previous.current = next;
    return next;
  }, []);
  const units = useEndpointQuery('fetchDevices', {}, { staleTime: Number.POSITIVE_INFINITY, select });
  const unplaced = units.data;
  return (
    <Paper withBorder p="sm" w={260} data-testid="map-unplaced">
      <Title order={5}>{t('map.unplaced.title')}</Title>
      <ScrollArea h="calc(100% - 28px)" type="auto">
        {unplaced === undefined ? (
          units.isError ? (
            <Text size="sm" c="red" data-testid="map-unplaced-error">
              {t('map.unplaced.loadFailed')}
            </Text>
          ) : (
            <Loader size="xs" aria-label={t('common.loading')} />
          )
        ) : unplaced.length === 0 ? (
          <MutedText testId="map-unplaced-empty">{t('map.unplaced.empty')}</MutedText>
        ) : (
          <Stack gap={4} mt="xs">
            {unplaced.map((unit) => (
              <Group key={unit.uniqueId} justify="space-between" wrap="nowrap" data-testid={`map-unplaced-${unit.uniqueId}`}>
                <Anchor component={Link} to={`/list?unit=${encodeURIComponent(unit.uniqueId)}`} size="sm" truncate="end">
                  {unit.name}
                </Anchor>
                <Badge size="xs" variant="light" color={markerColour(unit.status)}>
                  {unitStatusLabel(t, unit.status)}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
      </ScrollArea>
    </Paper>
  );
});

/** The title and the legend: re-rendered when the number of markers changes only. */
const MapHeader = memo(function MapHeader({ placed }: { placed: number }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-end">
      <PageTitle title={t('routes.map')} />
      <Group gap="xs" data-testid="map-legend">
        <MutedText testId="map-placed-count">{t('map.placed', { count: placed })}</MutedText>
        {UNIT_STATUS_CLASSES.map((cls) => (
          <Badge key={cls} variant="dot" color={MARKER_COLOURS[cls]}>
            {t(`map.legend.${cls}`)}
          </Badge>
        ))}
      </Group>
    </Group>
  );
});

/** The map and the units beside it; on a live update only the map's markers change. */
const MapArea = memo(function MapArea({ markers }: { markers: readonly UnitMarker[] }) {
  const { t } = useTranslation();
  return (
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
      <UnplacedUnits />
    </Box>
  );
});

/**
 * /map (spec 000 §2 "unit map; default zoom 3, centre 0/0"; §7 devices/fetch_coords): a marker per
 * unit with a position, coloured by status and kept live (the realtime event table patches the markers once per /ws
 * frame: a status recolours one, a reported position moves one, a new unit reads them again); a marker's popup reads its
 * unit (devices/fetch_by_id). The units the map cannot place are listed beside it, from the unit
 * list's own read (devices/fetch, the same realtime-patched cache).
 */
export default function MapPage(_props: PageProps) {
  const { t } = useTranslation();
  // Structural sharing would compare the whole answer deeply on every live patch; the patches
  // already keep the unchanged units' objects.
  const coords = useEndpointQuery('fetchDeviceCoords', {}, { staleTime: Number.POSITIVE_INFINITY, structuralSharing: false });
  const markers = useMarkers(coords.data);

  return (
    <Stack gap="sm" data-testid="map-page">
      <MapHeader placed={markers.length} />
      <QueryView query={coords} testIdPrefix="map" errorTitle={t('map.loadFailed')}>
        {() => <MapArea markers={markers} />}
      </QueryView>
    </Stack>
  );
}
