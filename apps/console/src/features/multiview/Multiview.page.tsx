import { useCallback, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Badge, Box, Group, NavLink, Paper, ScrollArea, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UNIT_STATUS_CLASSES } from '@fleet/domain';
import type { UnitSummary } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { QueryView } from '../../components/QueryView';
import { PageTitle } from '../../components/PageTitle';
import type { PageProps } from '../../pages/types';
import { useChannelNames } from '../channels/useChannelNames';
import type { ChannelNameOf } from '../channels/useChannelNames';
import { FeedTile } from './FeedTile';
import { filterUnits, isShown, NO_CHOICE, outputsOf, statusColourOf, toggleTile, visibleTiles } from './multiviewState';
import type { StatusFilter, TileChoice } from './multiviewState';
import { PanelResizer } from './PanelResizer';
import { useCompactLayout } from '../../shell/useCompactLayout';
import { useLeftPanelWidth } from './useLeftPanelWidth';
import { MutedText } from '../../kit/MutedText';
import { unitStatusLabel } from '../../lib/statusLabels';

const STATUS_FILTERS: readonly StatusFilter[] = ['all', ...UNIT_STATUS_CLASSES];

function isStatusFilter(value: string | null): value is StatusFilter {
  return value !== null && (STATUS_FILTERS as readonly string[]).includes(value);
}

/** Height of one unit row of the left panel (name and id). */
const UNIT_ROW_HEIGHT = 52;

/** The left panel's unit rows, virtualised (only the rows in view are in the DOM). */
function UnitRows({ units, choice, onToggle }: { units: readonly UnitSummary[]; choice: TileChoice; onToggle: (unit: UnitSummary) => void }) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer keeps its own state between renders; the React compiler may not memoise around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({ count: units.length, getScrollElement: () => scroller.current, estimateSize: () => UNIT_ROW_HEIGHT, overscan: 8 });
  return (
    <div ref={scroller} style={{ flex: 1, minHeight: 0, overflowY: 'auto' }} data-testid="multiview-units">
      <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
        {virtual.getVirtualItems().map((row) => {
          const unit = units[row.index];
          if (!unit) return null;
          const onWall = isShown(unit, choice);
          return (
            <NavLink
              key={unit.uniqueId}
              component="button"
              active={onWall}
              label={unit.name}
              description={unit.uniqueId}
              aria-description={t('multiview.panel.toggle', { name: unit.name })}
              aria-pressed={onWall}
              onClick={() => onToggle(unit)}
              data-testid={`multiview-unit-${unit.uniqueId}`}
              data-shown={onWall}
              data-status={unit.status}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: UNIT_ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
              rightSection={
                <Badge size="xs" color={statusColourOf(unit.status)} variant="dot">
                  {unitStatusLabel(t, unit.status)}
                </Badge>
              }
            />
          );
        })}
      </div>
    </div>
  );
}

/** The left panel: the units (search, status filter); a click adds or removes the unit's tile. */
function UnitPanel({ units, choice, onToggle }: { units: readonly UnitSummary[]; choice: TileChoice; onToggle: (unit: UnitSummary) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const shown = useMemo(() => filterUnits(units, { search, status }), [units, search, status]);
  return (
    <Stack gap="xs" h="100%">
      <Title order={4}>{t('multiview.panel.title')}</Title>
      <TextInput
        label={t('multiview.panel.search')}
        placeholder={t('multiview.panel.searchPlaceholder')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-testid="multiview-search"
      />
      <Select
        label={t('multiview.panel.status')}
        data={STATUS_FILTERS.map((value) => ({ value, label: t(`multiview.panel.statusFilter.${value}`) }))}
        value={status}
        onChange={(value) => setStatus(isStatusFilter(value) ? value : 'all')}
        allowDeselect={false}
        data-testid="multiview-status-filter"
      />
      {shown.length === 0 ? (
        <MutedText testId="multiview-units-empty">{t('multiview.panel.empty')}</MutedText>
      ) : (
        <UnitRows units={shown} choice={choice} onToggle={onToggle} />
      )}
    </Stack>
  );
}

/** The outputs: the selected channels of the streaming units, External when so. */
function Outputs({ units, channelName }: { units: readonly UnitSummary[]; channelName: ChannelNameOf }) {
  const { t } = useTranslation();
  const outputs = useMemo(() => outputsOf(units), [units]);
  return (
    <Stack gap="xs" data-testid="multiview-outputs">
      <Title order={4}>{t('multiview.outputs.title')}</Title>
      {outputs.length === 0 ? (
        <MutedText testId="multiview-outputs-empty">{t('multiview.outputs.empty')}</MutedText>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm">
          {outputs.map((output) => (
            <Paper key={output.channelId} withBorder p="sm" data-testid={`multiview-output-${output.channelId}`} data-external={output.external}>
              <Group gap="xs" justify="space-between" wrap="nowrap">
                <Text fw={600} truncate="end">
                  {channelName(output.channelId)}
                </Text>
                {output.external && (
                  <Badge size="sm" color="grape" variant="outline" data-testid={`multiview-output-external-${output.channelId}`}>
                    {t('multiview.outputs.external')}
                  </Badge>
                )}
              </Group>
              <MutedText size="xs">{t('multiview.outputs.from', { names: output.units.map((u) => u.name).join(', ') })}</MutedText>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/**
 * /multiview (spec 000 §2 "feeds and outputs"; "left panel in multiview is resizable"): the units
 * on the left (width remembered in preferences.leftPanelWidth), the feed tiles of the streaming
 * and picked units and the outputs on the right, all kept live by the realtime cache patches.
 */
export default function MultiviewPage(_props: PageProps) {
  const { t } = useTranslation();
  const units = useEndpointQuery('fetchDevices', {}, { staleTime: Number.POSITIVE_INFINITY });
  const { width, setWidth } = useLeftPanelWidth();
  const compact = useCompactLayout();
  const [choice, setChoice] = useState<TileChoice>(NO_CHOICE);
  const toggle = useCallback((unit: UnitSummary) => setChoice((current) => toggleTile(unit, current)), []);
  const channelName = useChannelNames();
  const all = units.data ?? [];
  const tiles = useMemo(() => visibleTiles(units.data ?? [], choice), [units.data, choice]);

  return (
    <Stack gap="md" data-testid="multiview-page">
      <PageTitle title={t('routes.multiview')} />
      {/* A narrow window: the unit panel above the wall (a third of the height), without the resizer. */}
      <Box
        style={{
          display: 'flex',
          flexDirection: compact ? 'column' : 'row',
          alignItems: 'stretch',
          height: 'calc(100dvh - 56px - 2 * var(--mantine-spacing-md) - 56px)',
          minHeight: 360,
        }}
      >
        <Box
          data-testid="multiview-left-panel"
          data-width={width}
          style={
            compact
              ? { height: '35%', flex: '0 0 auto', overflow: 'hidden', paddingBottom: 'var(--mantine-spacing-sm)' }
              : { width, flex: '0 0 auto', overflow: 'hidden', paddingRight: 'var(--mantine-spacing-sm)' }
          }
        >
          <UnitPanel units={all} choice={choice} onToggle={toggle} />
        </Box>
        {!compact && <PanelResizer width={width} onResize={setWidth} />}
        <ScrollArea style={{ flex: 1, minWidth: 0, minHeight: 0 }} type="auto" px="sm" data-testid="multiview-wall">
          <QueryView query={units} testIdPrefix="multiview" errorTitle={t('multiview.loadFailed')}>
            {() => (
              <Stack gap="lg">
                <Stack gap="xs" data-testid="multiview-feeds">
                  <Group gap="xs">
                    <Title order={4}>{t('multiview.feeds.title')}</Title>
                    <Badge variant="light" data-testid="multiview-feeds-count">
                      {t('multiview.feeds.count', { count: tiles.length })}
                    </Badge>
                  </Group>
                  {tiles.length === 0 ? (
                    <MutedText testId="multiview-feeds-empty">{t('multiview.feeds.empty')}</MutedText>
                  ) : (
                    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="sm">
                      {tiles.map((unit) => (
                        <FeedTile key={unit.uniqueId} unit={unit} channelName={channelName} onRemove={toggle} />
                      ))}
                    </SimpleGrid>
                  )}
                </Stack>
                <Outputs units={all} channelName={channelName} />
              </Stack>
            )}
          </QueryView>
        </ScrollArea>
      </Box>
    </Stack>
  );
}
