import { lazy, Suspense, useMemo } from 'react';
import { Anchor, Badge, Box, Center, Group, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { UNIT_STATUS_CLASSES } from '@fleet/domain';
import { useEndpointQuery } from '../../api/hooks';
import { QueryView } from '../../components/QueryView';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import type { PageProps } from '../../pages/types';
import { MARKER_COLOURS, markerColour, splitByLocation } from './mapData';

/** Leaflet, its CSS and the basemap load only when the map is shown. */
const UnitMap = lazy(() => import('./UnitMap'));

/**
 * /map (spec 000 §2 "unit map; default zoom 3, centre 0/0"): the units of devices/fetch placed by
 * their location. The list is the realtime-patched cache (unit.telemetry moves a marker,
 * unit.status recolours it); units without a position are listed beside the map.
 */
export default function MapPage(_props: PageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.map'));
  const units = useEndpointQuery('fetchDevices', {}, { staleTime: Number.POSITIVE_INFINITY });
  const { markers, unplaced } = useMemo(() => splitByLocation(units.data ?? []), [units.data]);

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
      <QueryView query={units} testIdPrefix="map" errorTitle={t('map.loadFailed')}>
        {() => (
          <Box style={{ display: 'flex', gap: 'var(--mantine-spacing-md)', alignItems: 'stretch', height: 'calc(100dvh - 56px - 2 * var(--mantine-spacing-md) - 96px)', minHeight: 420 }}>
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
                {unplaced.length === 0 ? (
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
