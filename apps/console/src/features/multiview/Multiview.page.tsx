import { memo, useCallback, useMemo, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Badge, Box, Button, Group, NavLink, Paper, ScrollArea, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { Modal } from '../../components/Overlays';
import { RegionBoundary } from '../../components/RegionBoundary';
import { useSearchParams } from 'react-router-dom';
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
import { filterUnits, MULTIVIEW_LAYOUTS, outputsOf, panelUnitsKey, parseLayout, statusColourOf, WALL, wallTiles } from './multiviewState';
import type { MultiviewLayout, MultiviewOutput, StatusFilter } from './multiviewState';
import { useStableValue } from './useStableValue';
import { useMultiviewWall } from './useMultiviewWall';
import type { PreviewSource } from './FeedPicture';
import { useBitrateHistory } from './useBitrateHistory';
import { useMultiviewLayout } from './useMultiviewLayout';
import { useMockCapabilities } from '../simulator/useMockCapabilities';
import classes from './Multiview.module.css';
import { PanelResizer } from './PanelResizer';
import { useLeftPanelWidth } from './useLeftPanelWidth';
import { MutedText } from '../../kit/MutedText';
import { unitStatusLabel } from '../../lib/statusLabels';

const STATUS_FILTERS: readonly StatusFilter[] = ['all', ...UNIT_STATUS_CLASSES];

function isStatusFilter(value: string | null): value is StatusFilter {
  return value !== null && (STATUS_FILTERS as readonly string[]).includes(value);
}

/** Height of one unit row of the left panel (name and id, each on one line). */
const UNIT_ROW_HEIGHT = 52;

interface WallChoice {
  /** The units on the wall. */
  readonly onWall: ReadonlySet<string>;
  /** The wall takes no more tiles. */
  readonly full: boolean;
  readonly onToggle: (unitId: string) => void;
}

/**
 * The left panel's unit rows, virtualised (only the rows in view are in the DOM): the name and the
 * id on one line each (cut with an ellipsis, whole in the row's tooltip), the status beside them.
 * A unit not on a full wall cannot be added: its row says why.
 */
function UnitRows({ units, wall }: { units: readonly UnitSummary[]; wall: WallChoice }) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer keeps its own state between renders; the React compiler may not memoise around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({ count: units.length, getScrollElement: () => scroller.current, estimateSize: () => UNIT_ROW_HEIGHT, overscan: 8 });
  return (
    <div ref={scroller} style={{ flex: 1, minHeight: 0, overflowY: 'auto' }} data-testid="multiview-units" data-virtual-viewport>
      <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
        {virtual.getVirtualItems().map((row) => {
          const unit = units[row.index];
          if (!unit) return null;
          const onWall = wall.onWall.has(unit.uniqueId);
          const refused = !onWall && wall.full;
          return (
            <NavLink
              key={unit.uniqueId}
              component="button"
              active={onWall}
              label={unit.name}
              description={unit.uniqueId}
              title={refused ? `${unit.name} — ${t('multiview.panel.full', { max: WALL.max, name: unit.name })}` : unit.name}
              aria-description={refused ? t('multiview.panel.full', { max: WALL.max, name: unit.name }) : t('multiview.panel.toggle', { name: unit.name })}
              aria-pressed={onWall}
              aria-disabled={refused}
              onClick={() => {
                if (!refused) wall.onToggle(unit.uniqueId);
              }}
              classNames={{
                root: refused ? `${classes.row} ${classes.refused}` : classes.row,
                body: classes.rowBody,
                label: classes.rowText,
                description: classes.rowText,
              }}
              data-testid={`multiview-unit-${unit.uniqueId}`}
              data-shown={onWall}
              data-refused={refused}
              data-status={unit.status}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: UNIT_ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
              rightSection={
                <Badge size="xs" color={statusColourOf(unit.status)} variant="dot" className={classes.rowStatus}>
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

type WallFilter = 'all' | 'wall';

/**
 * The left panel, a searchable picker of the units (search by name or id, status filter, all or
 * only those on the wall); a click puts a unit on the wall or takes it off.
 */
const UnitPanel = memo(function UnitPanel({ units, wall }: { units: readonly UnitSummary[]; wall: WallChoice }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [which, setWhich] = useState<WallFilter>('all');
  const shown = useMemo(() => {
    const matching = filterUnits(units, { search, status });
    return which === 'wall' ? matching.filter((u) => wall.onWall.has(u.uniqueId)) : matching;
  }, [units, search, status, which, wall.onWall]);
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
      <SegmentedControl
        size="xs"
        fullWidth
        value={which}
        onChange={(value) => setWhich(value === 'wall' ? 'wall' : 'all')}
        data={[
          { value: 'all', label: t('multiview.panel.wallFilterAll') },
          { value: 'wall', label: t('multiview.panel.wallFilterOn') },
        ]}
        aria-label={t('multiview.panel.wallFilter')}
        data-testid="multiview-wall-filter"
      />
      {wall.full && (
        <MutedText size="xs" testId="multiview-wall-full">
          {t('multiview.panel.fullNote', { max: WALL.max })}
        </MutedText>
      )}
      {shown.length === 0 ? <MutedText testId="multiview-units-empty">{t('multiview.panel.empty')}</MutedText> : <UnitRows units={shown} wall={wall} />}
    </Stack>
  );
});

/**
 * The outputs: the channels the live feeds on the wall go to, External when so (bounded by the
 * wall: a fleet-wide list of hundreds of channels is the channel list's job). Drawn again only when
 * what it shows changes, not at every bitrate sample of a unit on the wall.
 */
const Outputs = memo(function Outputs({ outputs, channelName }: { outputs: readonly MultiviewOutput[]; channelName: ChannelNameOf }) {
  const { t } = useTranslation();
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
});

/** Height of the wall's scroll area (the page's frame below the header and title). */
const WALL_HEIGHT = 'calc(100dvh - 56px - 2 * var(--mantine-spacing-md) - 56px)';
const NO_SAMPLES: readonly number[] = [];
const outputsKey = (outputs: readonly MultiviewOutput[]) => JSON.stringify(outputs);

/** The layout picker: 2 × 2, 3 × 3, 4 × 4. */
function LayoutPicker({ layout, onChange }: { layout: MultiviewLayout; onChange: (layout: MultiviewLayout) => void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      value={String(layout)}
      onChange={(value) => onChange(parseLayout(value))}
      data={MULTIVIEW_LAYOUTS.map((n) => ({ value: String(n), label: t('multiview.layout.option', { n }) }))}
      aria-label={t('multiview.layout.label')}
      data-testid="multiview-layout"
      data-layout={layout}
    />
  );
}

/**
 * /multiview (spec 000 §2 "feeds and outputs"; "left panel in multiview is resizable"): the units
 * on the left (width remembered in preferences.leftPanelWidth), a searchable picker of what goes on
 * the wall; the wall's feed tiles (the user's saved wall, else the first 16 units, live first, by
 * name as people count; at most 32; pictures first, in a 2 × 2, 3 × 3 or 4 × 4 layout remembered in this browser;
 * one of them full screen, its address `?tile=<uniqueId>`) and the outputs on the right, all kept
 * live by the realtime cache patches.
 */
export default function MultiviewPage(_props: PageProps) {
  const { t } = useTranslation();
  const units = useEndpointQuery('fetchDevices', {}, { staleTime: Number.POSITIVE_INFINITY });
  const { width, setWidth } = useLeftPanelWidth();
  const { layout, setLayout } = useMultiviewLayout();
  const all = useMemo(() => units.data ?? [], [units.data]);
  // What the panel shows changes far less often than the units (a bitrate sample patches one): it keeps its
  // previous value while the ids, names and statuses are the same, so the panel is not drawn again per sample.
  const panelUnits = useStableValue(all, panelUnitsKey);
  const wall = useMultiviewWall(units.data === undefined ? undefined : panelUnits);
  const onWall = useMemo(() => new Set(wall.ids), [wall.ids]);
  const { toggle: toggleId } = wall;
  const toggle = useCallback((unit: UnitSummary) => toggleId(unit.uniqueId), [toggleId]);
  const choice = useMemo<WallChoice>(() => ({ onWall, full: onWall.size >= WALL.max, onToggle: toggleId }), [onWall, toggleId]);
  const channelName = useChannelNames();
  const probe = useMockCapabilities();
  const preview: PreviewSource = probe.mock ? 'mock' : probe.pending ? 'pending' : 'none';
  const tiles = useMemo(() => wallTiles(all, wall.ids), [all, wall.ids]);
  const outputs = useStableValue(
    useMemo(() => outputsOf(tiles), [tiles]),
    outputsKey,
  );
  const history = useBitrateHistory(useMemo(() => tiles.map((u) => u.uniqueId), [tiles]));
  const [search, setSearch] = useSearchParams();
  const fullId = search.get('tile');
  const full = fullId === null ? undefined : all.find((u) => u.uniqueId === fullId);
  const showFull = useCallback(
    (unit: UnitSummary) =>
      setSearch((current) => {
        const next = new URLSearchParams(current);
        next.set('tile', unit.uniqueId);
        return next;
      }),
    [setSearch],
  );
  const closeFull = useCallback(
    () =>
      setSearch((current) => {
        const next = new URLSearchParams(current);
        next.delete('tile');
        return next;
      }),
    [setSearch],
  );

  return (
    <Stack gap="md" data-testid="multiview-page">
      <PageTitle title={t('routes.multiview')} />
      <Box className={classes.frame} style={{ height: WALL_HEIGHT }}>
        <Box
          className={classes.panel}
          data-testid="multiview-left-panel"
          data-width={width}
          style={{ width, flex: '0 0 auto', overflow: 'hidden', paddingRight: 'var(--mantine-spacing-sm)' }}
        >
          <UnitPanel units={panelUnits} wall={choice} />
        </Box>
        <div className={classes.resizer}>
          <PanelResizer width={width} onResize={setWidth} />
        </div>
        <ScrollArea style={{ flex: 1, minWidth: 0 }} type="auto" px="sm" data-testid="multiview-wall">
          <QueryView query={units} testIdPrefix="multiview" errorTitle={t('multiview.loadFailed')}>
            {() => (
              <Stack gap="lg">
                <Stack gap="xs" data-testid="multiview-feeds">
                  <Group gap="xs" justify="space-between">
                    <Group gap="xs">
                      <Title order={4}>{t('multiview.feeds.title')}</Title>
                      <Badge variant="light" data-testid="multiview-feeds-count" data-count={tiles.length}>
                        {t('multiview.wall.count', { count: tiles.length, max: WALL.max })}
                      </Badge>
                    </Group>
                    <Group gap="xs">
                      {!wall.isDefault && (
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={wall.reset}
                          title={t('multiview.wall.resetHint', { size: WALL.defaultSize })}
                          data-testid="multiview-wall-reset"
                        >
                          {t('multiview.wall.reset')}
                        </Button>
                      )}
                      <LayoutPicker layout={layout} onChange={setLayout} />
                    </Group>
                  </Group>
                  <MutedText size="xs" testId="multiview-wall-kind">
                    {wall.isDefault ? t('multiview.wall.default', { size: WALL.defaultSize }) : t('multiview.wall.saved')}
                  </MutedText>
                  {tiles.length === 0 ? (
                    <MutedText testId="multiview-feeds-empty">{t('multiview.feeds.empty')}</MutedText>
                  ) : full !== undefined ? null /* covered by the full-screen tile: its pictures would move unseen */ : (
                    <div
                      className={classes.wall}
                      data-testid="multiview-tiles"
                      data-layout={layout}
                      style={{ '--mv-n': layout, '--mv-min-row': '180px', '--mv-height': `calc(${WALL_HEIGHT} - 48px)` } as CSSProperties}
                    >
                      {tiles.map((unit) => (
                        // Each picture a region of its own: a tile that cannot be drawn says so in its place, the wall stays.
                        <RegionBoundary key={unit.uniqueId} kind="panel" compact>
                          <FeedTile
                            unit={unit}
                            channelName={channelName}
                            preview={preview}
                            samples={history.get(unit.uniqueId) ?? NO_SAMPLES}
                            onRemove={toggle}
                            onFullScreen={showFull}
                          />
                        </RegionBoundary>
                      ))}
                    </div>
                  )}
                </Stack>
                <Outputs outputs={outputs} channelName={channelName} />
              </Stack>
            )}
          </QueryView>
        </ScrollArea>
      </Box>
      <Modal
        opened={full !== undefined}
        onClose={closeFull}
        fullScreen
        title={full?.name}
        closeButtonProps={{ 'aria-label': t('multiview.feeds.exitFullScreen') }}
        data-testid="multiview-full"
      >
        {full && (
          <div className={classes.full} data-testid={`multiview-full-${full.uniqueId}`}>
            <FeedTile unit={full} channelName={channelName} preview={preview} samples={history.get(full.uniqueId) ?? NO_SAMPLES} />
          </div>
        )}
      </Modal>
    </Stack>
  );
}
