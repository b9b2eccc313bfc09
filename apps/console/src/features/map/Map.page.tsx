import { lazy, memo, Suspense, useCallback, useDeferredValue, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Box, Center, ColorSwatch, Group, Loader, NavLink, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { UnitCoords, UnitSummary } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { PageTitle } from '../../components/PageTitle';
import type { PageProps } from '../../pages/types';
import { MAP_STATUS_CLASSES, MARKER_COLOURS, mapStatusClass, markerColour, markersOf, unplacedOf } from './mapData';
import { RegionBoundary } from '../../components/RegionBoundary';
import type { UnitMarker } from './mapData';
import { MutedText } from '../../kit/MutedText';
import { unitStatusLabel } from '../../lib/statusLabels';
import type { Follow } from './MarkerLayer';
import classes from './Map.module.css';

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
    <Paper withBorder p="sm" className={classes.unplaced} data-testid="map-unplaced">
      <Title order={2} size="h5">
        {t('map.unplaced.title')}
      </Title>
      <ScrollArea.Autosize mah="100%" type="auto" style={{ minHeight: 0 }}>
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
      </ScrollArea.Autosize>
    </Paper>
  );
});

/** The title and the legend: re-rendered when the number of markers changes only. */
const MapHeader = memo(function MapHeader({ placed, other }: { placed: number; other: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-end">
      <PageTitle title={t('routes.map')} />
      <Group gap="xs" data-testid="map-legend">
        <MutedText testId="map-placed-count">{t('map.placed', { count: placed })}</MutedText>
        {MAP_STATUS_CLASSES.filter((cls) => cls !== 'other' || other).map((cls) => (
          // The markers' own shade (6) in both schemes: Mantine's dot takes a darker grey in the dark one.
          <Badge key={cls} variant="dot" color={`var(--mantine-color-${MARKER_COLOURS[cls]}-6)`}>
            {t(`map.legend.${cls}`)}
          </Badge>
        ))}
      </Group>
    </Group>
  );
});

const NO_MARKERS: readonly UnitMarker[] = [];

/** The height of a row of the units' list, in pixels (the list is windowed: a fleet of thousands). */
const UNIT_ROW_HEIGHT = 32;

/**
 * One unit of the list: the markers keep an unchanged unit's object (markersOf), so a live update
 * renders again only the rows whose unit changed.
 */
const MapUnitRow = memo(function MapUnitRow({
  marker,
  active,
  top,
  onChoose,
}: {
  marker: UnitMarker;
  active: boolean;
  top: number;
  onChoose: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <NavLink
      component="button"
      active={active}
      aria-current={active ? 'true' : undefined}
      onClick={() => onChoose(marker.uniqueId)}
      label={marker.name}
      title={marker.name}
      styles={ROW_STYLES}
      leftSection={<ColorSwatch size={10} color={`var(--mantine-color-${markerColour(marker.status)}-6)`} withShadow={false} />}
      rightSection={
        <Text size="xs" c="dimmed" component="span">
          {unitStatusLabel(t, marker.status)}
        </Text>
      }
      data-testid={`map-unit-${marker.uniqueId}`}
      style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: UNIT_ROW_HEIGHT, transform: `translateY(${top}px)` }}
      py={4}
    />
  );
});
const ROW_STYLES = { body: { minWidth: 0 }, label: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } } as const;

/**
 * The units on the map, by name: choosing one shows it on the map (the map flies to it and opens
 * its popup). The unit whose popup is open is marked. Its title and hint show while the units are
 * read, with a loader in place of the rows.
 */
const MapUnitList = memo(function MapUnitList({
  markers,
  loading,
  selected,
  onChoose,
}: {
  markers: readonly UnitMarker[];
  loading: boolean;
  selected: string | null;
  onChoose: (id: string) => void;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  // The rows follow in the background (slices the browser interleaves with paint and input): the
  // positions' first answer draws the map's side at once, then its rows.
  const rows = useDeferredValue(markers, NO_MARKERS);
  // TanStack Virtual returns functions the React Compiler cannot memoise; this list does not rely on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => UNIT_ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 280, height: 400 },
  });
  return (
    <Paper withBorder p="sm" className={classes.units} data-testid="map-units">
      <Title order={2} size="h5">
        {t('map.units.title')}
      </Title>
      <MutedText size="xs">{!loading && markers.length === 0 ? t('map.units.empty') : t('map.units.hint')}</MutedText>
      {loading ? (
        <Loader size="xs" mt="xs" aria-label={t('common.loading')} />
      ) : (
        <div ref={scroller} style={{ flex: 1, minHeight: 0, overflowY: 'auto', marginTop: 4 }}>
          <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((row) => {
              const marker = rows[row.index];
              if (marker === undefined) return null;
              return <MapUnitRow key={marker.uniqueId} marker={marker} active={marker.uniqueId === selected} top={row.start} onChoose={onChoose} />;
            })}
          </div>
        </div>
      )}
    </Paper>
  );
});

/**
 * The unit chosen in the list, as the page's address (`?unit=<id>`: a reload shows it again) and
 * as a request to the map to fly to it (counted, so choosing the same unit again flies again).
 * The list marks the unit whose popup was opened last, chosen there or clicked on the map.
 */
function useFollow(): { selected: string | null; follow: Follow | null; choose: (id: string) => void; opened: (id: string) => void } {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('unit');
  const [follow, setFollow] = useState<Follow | null>(() => (chosen === null ? null : { id: chosen, seq: 1 }));
  const [open, setOpen] = useState<string | null>(null);
  const choose = useCallback(
    (id: string) => {
      setParams({ unit: id }, { replace: true });
      setFollow((before) => ({ id, seq: (before?.seq ?? 0) + 1 }));
    },
    [setParams],
  );
  return { selected: open ?? chosen, follow, choose, opened: setOpen };
}

/**
 * The map and the units beside it; on a live update only the map's markers and the list's rows change.
 * Until the positions are read (`loading`), the map's place holds a loader and the list its title.
 */
const MapArea = memo(function MapArea({ markers, loading }: { markers: readonly UnitMarker[]; loading: boolean }) {
  const { t } = useTranslation();
  const { selected, follow, choose: follows, opened } = useFollow();
  const mapBox = useRef<HTMLDivElement>(null);
  // On a phone the list lies under the map: the map is brought into view to show the unit chosen.
  const choose = useCallback(
    (id: string) => {
      mapBox.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
      follows(id);
    },
    [follows],
  );
  return (
    <Box className={classes.area}>
      <Box className={classes.map} ref={mapBox}>
        {loading ? (
          <Center h="100%">
            <Loader aria-label={t('common.loading')} data-testid="map-loading" />
          </Center>
        ) : (
          <Suspense
            fallback={
              <Center h="100%">
                <Loader aria-label={t('map.loadingMap')} data-testid="map-loading-leaflet" />
              </Center>
            }
          >
            <RegionBoundary kind="panel">
              <UnitMap markers={markers} follow={follow} onOpen={opened} />
            </RegionBoundary>
          </Suspense>
        )}
      </Box>
      <Box className={classes.side}>
        <RegionBoundary kind="table">
          <MapUnitList markers={markers} loading={loading} selected={selected} onChoose={choose} />
        </RegionBoundary>
        <RegionBoundary kind="panel">
          <UnplacedUnits />
        </RegionBoundary>
      </Box>
    </Box>
  );
});

/**
 * /map (spec 000 §2 "unit map; default zoom 3, centre 0/0"; §7 devices/fetch_coords): a marker per
 * unit with a position (clustered by status where they crowd), coloured by status and kept live (the realtime event table patches the markers once per /ws
 * frame: a status recolours one, a reported position moves one, a new unit reads them again); a marker's popup reads its
 * unit (devices/fetch_by_id). The units the map cannot place are listed beside it, from the unit
 * list's own read (devices/fetch, the same realtime-patched cache). The units on the map are listed
 * too: choosing one flies the map to it; "fit to units" frames them all.
 */
export default function MapPage(_props: PageProps) {
  const { t } = useTranslation();
  // Structural sharing would compare the whole answer deeply on every live patch; the patches
  // already keep the unchanged units' objects.
  const coords = useEndpointQuery('fetchDeviceCoords', {}, { staleTime: Number.POSITIVE_INFINITY, structuralSharing: false });
  // The positions (the first answer, then each live patch) are drawn in a background render the
  // browser interleaves with paint and input, not in the one task that delivers the answer: on a
  // phone the first answer's render (legend, list, Leaflet's loader) is otherwise one long task.
  const positions = useDeferredValue(coords.data);
  const markers = useMarkers(positions);

  const errorMessage = useApiErrorMessage();
  return (
    <Stack gap="sm" className={classes.page} data-testid="map-page">
      <MapHeader placed={markers.length} other={markers.some((m) => mapStatusClass(m.status) === 'other')} />
      {coords.data === undefined && coords.isError ? (
        <Alert color="red" title={t('map.loadFailed')} data-testid="map-error">
          {errorMessage(coords.error)}
        </Alert>
      ) : (
        <MapArea markers={markers} loading={positions === undefined} />
      )}
    </Stack>
  );
}
