import { memo, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { lazy } from '../../lib/lazy';
import { Alert, Box, Button, Center, Flex, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasAnyRole, UNIT_CONTROL_ROLES } from '@fleet/contracts';
import type { UnitSummary } from '@fleet/contracts';
import { endpointKey, endpointPrefix, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { CollapsingSearch } from '../../components/CollapsingSearch';
import { FiltersToggle } from '../../components/FiltersToggle';
import { DataGrid } from '../../components/grid/DataGrid';
import type { DataGridProps } from '../../components/grid/DataGrid';
import { PageTitle } from '../../components/PageTitle';
import { useNow } from '../../kit/useNow';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { rolesOf, useSessionUser } from '../../session/hooks';
import { useCompactLayout, useNarrowerThan } from '../../shell/useCompactLayout';
import { CounterBar } from './CounterBar';
import { ExpandedGroupsProvider, expandedIdsOf, useExpandedGroups } from './expandedGroups';
import { advanceCounters, countersOf } from './counters';
import type { UnitCounters } from './counters';
import { useFiltersInAddress } from './filterAddress';
import { activeFilterCount, filtersForCounter, filterUnits } from './filters';
import type { CounterName } from './filters';
import { useChannelNames } from '../channels/useChannelNames';
import { UNIT_DEFAULT_SORT, UNIT_GRID_ID, useUnitColumns } from './unitColumns';
import { useCanSimulate } from '../simulator/useMockCapabilities';
import { useModifiedTimes } from './useModifiedTimes';
import { useStreamTransitions } from './useStreamTransitions';
import { useThrottledQueryData } from './useThrottledQueryData';
import { useScrollActivity } from '../../lib/scrollActivity';
import { useUnitListPrefs } from './useUnitListPrefs';
import type { UnitListPrefs } from './useUnitListPrefs';
import { useUnitSelection } from './useUnitSelection';
import classes from './UnitList.module.css';
import { RegionBoundary } from '../../components/RegionBoundary';

const UnitDetailPanel = lazy(() => import('../unit-detail/UnitDetailPanel'));
// Not needed to show the list: loaded when the filters open or a row expands (first-route JS budget).
const UnitFilters = lazy(() => import('./UnitFilters').then((m) => ({ default: m.UnitFilters })));
const UnitExpanded = lazy(() => import('./UnitExpanded').then((m) => ({ default: m.UnitExpanded })));

const NO_UNITS: readonly UnitSummary[] = [];
/**
 * How often realtime patches reach the list (see useThrottledQueryData): every 250 ms up to 2,500
 * units, then 0.1 ms a unit, at most once a second (10,000 units). Each redraw filters, counts and
 * sorts the whole fleet: the page's work per second stays about the same whatever the fleet's size,
 * and a unit reports every 5 s anyway.
 */
function liveIntervalMs(units: readonly unknown[] | undefined): number {
  return Math.min(1000, Math.max(250, (units?.length ?? 0) / 10));
}
/** "Last N hours" windows move with the clock. */
const CLOCK_MS = 60_000;

/**
 * The counter bar, advanced by the counter transitions while the list only has units patched. The
 * last list and its counters are kept aside, not as state: an update during render would run the
 * whole page twice on every live change.
 */
function useCounters(units: readonly UnitSummary[]): UnitCounters {
  const [last] = useState(() => ({ units, counters: countersOf(units) }));
  return useMemo(() => {
    if (last.units !== units) Object.assign(last, { counters: advanceCounters(last.counters, last.units, units) ?? countersOf(units), units });
    return last.counters;
  }, [last, units]);
}

/**
 * The columns the list keeps beside an open unit detail, with their widths there (px): the unit, its
 * status and bitrate, and the stream buttons (pinned), so that the list stays usable at 1280 px
 * while the detail takes the rest. The other columns return when the detail closes.
 */
const BESIDE_DETAIL: Readonly<Record<string, number>> = { name: 140, status: 160, bitrate: 90, actions: 150 };
/** Beside the detail, the actions column with a row's Simulate menu (mock only). */
const BESIDE_DETAIL_SIMULATE_ACTIONS = 186;

/**
 * The unit grid, its rows rendered in the background in slices the browser can interleave with input
 * and paint: the first answer of a large fleet, or a burst of live changes, never holds the page for
 * long, and the rest of the page (counters, summary) follows the list at once. The deferred value
 * lives here, not in the page: the background render then covers the grid alone, not the page's live
 * reads, whose every change meanwhile would make React redo the render synchronously.
 */
const DeferredUnitGrid = memo(function DeferredUnitGrid(props: DataGridProps<UnitSummary>) {
  // Mounted with the first answer: the rows start empty (a loader) and render in the background.
  const rows = useDeferredValue(props.rows, NO_UNITS);
  if (rows !== props.rows && rows.length === 0) return <UnitsLoading />;
  return <DataGrid {...props} rows={rows} />;
});

/** The list's loader: the first answer on its way, or its rows not drawn yet. */
function UnitsLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} data-testid="units-loading" />
    </Center>
  );
}

/** The unit detail beside the list: about half the page, never narrower than its graph and modem rows need. */
const DETAIL_WIDTH = 'clamp(430px, 44%, 640px)';

const rowKey = (unit: UnitSummary) => unit.uniqueId;
const rowAttributes = (unit: UnitSummary) => ({ 'data-status': unit.status, 'data-type-group': unit.typeGroup });
const renderExpanded = (unit: UnitSummary) => (
  <Suspense fallback={<Loader size="xs" />}>
    <UnitExpanded unit={unit} />
  </Suspense>
);

/** The title, the quick search, the summary and the filter toggle: rendered again only when one of them changes, not per live update. */
type HeaderProps = { prefs: UnitListPrefs; onText: (text: string) => void; shown: number; total: number };
const UnitListHeader = memo(function UnitListHeader({ prefs: { filters, filtersOpen, setFiltersOpen }, onText, shown, total }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="center" wrap="wrap">
      <PageTitle title={t('routes.list')} />
      <Group gap="sm">
        <CollapsingSearch
          value={filters.text}
          onChange={onText}
          label={t('unitList.quickSearch.label')}
          placeholder={t('unitList.filters.textPlaceholder')}
          clearLabel={t('unitList.quickSearch.clear')}
          testId="unit-quick-search"
        />
        <Text size="sm" c="dimmed" data-testid="unit-list-summary" data-shown={shown} data-total={total}>
          {t('unitList.summary', { shown, total })}
        </Text>
        <FiltersToggle
          open={filtersOpen}
          onToggle={setFiltersOpen}
          count={activeFilterCount(filters)}
          label={t('unitList.filters.toggle')}
          testIdPrefix="unit-filters"
        />
      </Group>
    </Group>
  );
});

/**
 * /list: the units the user can see (devices/fetch), kept current by the realtime client, in the
 * shared DataGrid (virtualised, sortable, resizable), with the filters, the counter bar and the
 * selected unit's detail panel (spec 000 §2).
 */
export default function UnitListPage() {
  const { t } = useTranslation();
  // Looked up once: the grid is rendered again on every live update.
  const labels = useMemo(() => ({ grid: t('routes.list'), empty: t('unitList.noMatch') }), [t]);
  const user = useSessionUser();
  const canControl = user !== undefined && hasAnyRole(rolesOf(user), UNIT_CONTROL_ROLES);
  const errorMessage = useApiErrorMessage();
  // Structural sharing compares the whole list deeply on every realtime patch (10,000 units: a
  // deep walk plus Object.keys of the array per event); the patches already keep unchanged units'
  // references, so it buys nothing. Also set as the query default, for the other pages' observers.
  const queryClient = useQueryClient();
  useState(() => queryClient.setQueryDefaults(endpointPrefix('fetchDevices'), { structuralSharing: false }));
  // The page follows the read's state only; its data comes through useThrottledQueryData below.
  const units = useEndpointQuery(
    'fetchDevices',
    {},
    { staleTime: Number.POSITIVE_INFINITY, structuralSharing: false, notifyOnChangeProps: ['isPending', 'isError', 'error'] },
  );
  // Spec 001 §7: past the maximum reconnects the list's loading state is a websocket error.
  const { listError } = useRealtime();
  const transitions = useStreamTransitions();
  // A narrow window: a unit's detail takes the list's place, so the page opens on the list (the last
  // selection is not restored there); on a phone the rows are compact (name, bitrate, status, stream buttons).
  const compact = useCompactLayout();
  const phone = useNarrowerThan('sm');
  const selection = useUnitSelection({ restore: !compact });
  const listPrefs = useUnitListPrefs();
  const { filters, setFilters } = listPrefs;
  useFiltersInAddress(filters, setFilters);
  // The times re-filter and re-sort the list only while they filter or order it.
  const { times, modifiedAt } = useModifiedTimes(filters.modified.kind !== 'all' || listPrefs.sortedByModified);
  const now = useNow(CLOCK_MS);

  // Held while the person scrolls: a scroll's frames carry the rows it brings into view, not a redraw of the fleet.
  const scrolling = useScrollActivity();
  const live = useThrottledQueryData<UnitSummary[]>(endpointKey('fetchDevices', {}), { intervalMs: liveIntervalMs, holdWhile: scrolling });
  // The first answer is shown at once (the throttled copy follows it within a tick).
  const all = live ?? units.data ?? NO_UNITS;
  const counters = useCounters(all);
  const shown = useMemo(() => filterUnits(all, filters, { modifiedAt, now }), [all, filters, modifiedAt, now]);
  const channelName = useChannelNames();
  const simulate = useCanSimulate();
  const allColumns = useUnitColumns({
    canControl,
    transitionOf: transitions.transitionOf,
    onAction: transitions.run,
    times,
    modifiedAt,
    channelName,
    compact: phone,
    simulate,
  });
  const besideDetail = selection.selectedId != null && !compact;
  const columns = useMemo(
    () =>
      besideDetail
        ? allColumns.flatMap((column) => {
            const width = simulate && column.id === 'actions' ? BESIDE_DETAIL_SIMULATE_ACTIONS : BESIDE_DETAIL[column.id];
            return width === undefined ? [] : [{ ...column, width, grow: column.id === 'name' }];
          })
        : allColumns,
    [allColumns, besideDetail, simulate],
  );
  const expandedIds = useMemo(() => expandedIdsOf(listPrefs.expanded, all), [listPrefs.expanded, all]);
  const expandedGroups = useExpandedGroups(expandedIds);

  const onCounterClick = useCallback(
    (counter: CounterName) => {
      const next = filtersForCounter(filters, counter);
      if (next) setFilters(next);
    },
    [filters, setFilters],
  );
  // The header's search box and the filter panel's search field are the same filter.
  const setText = useCallback((text: string) => setFilters({ ...filters, text }), [filters, setFilters]);
  const counterClickable = useCallback((counter: CounterName) => filtersForCounter(filters, counter) !== null, [filters]);
  const onRowClick = useCallback((unit: UnitSummary) => selection.select(unit.uniqueId), [selection]);
  // Only the selection restored on opening the page is scrolled to; clicks are already in view.
  const [initialSelection] = useState(selection.selectedId);

  /** What a panel shows while its code loads. */
  const panelLoading = (py: 'sm' | 'xl') => (
    <Center py={py}>
      <Loader size="sm" aria-label={t('common.loading')} />
    </Center>
  );
  let body: React.ReactNode;
  if (units.isPending) {
    body = <UnitsLoading />;
  } else if (listError) {
    body = (
      <Alert color="red" data-testid="units-error" data-reason="websocket" title={t('realtime.websocketErrorTitle')}>
        {t('realtime.websocketError', { attempts: listError.attempts })}
      </Alert>
    );
  } else if (units.isError) {
    body = (
      <Alert color="red" data-testid="units-error" title={units.error.status === 500 ? t('units.internalError') : t('units.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(units.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void units.refetch()} data-testid="units-retry">
            {t('kit.form.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (all.length === 0) {
    body = (
      <Text c="dimmed" data-testid="units-empty">
        {t('units.empty')}
      </Text>
    );
  } else {
    body = (
      <div data-testid="unit-table">
        <ExpandedGroupsProvider value={expandedGroups}>
          <DeferredUnitGrid
            // The phone's rows remember their own width and sort (a width made for a wide window would not fit).
            // The grid takes its column widths when it mounts: the mock's probe, answered after the
            // rows came, widens the actions column for the Simulate menu, so it mounts again then.
            key={`${phone ? 'phone' : 'wide'}${simulate ? '-simulate' : ''}`}
            gridId={phone ? `${UNIT_GRID_ID}-phone` : UNIT_GRID_ID}
            ariaLabel={labels.grid}
            columns={columns}
            rows={shown}
            rowKey={rowKey}
            testIdPrefix="unit"
            rowAttributes={rowAttributes}
            selectedKey={selection.selectedId}
            onRowClick={onRowClick}
            renderExpanded={besideDetail || phone ? undefined : renderExpanded}
            expandedKeys={listPrefs.expanded}
            onExpandedChange={listPrefs.setExpanded}
            defaultSort={UNIT_DEFAULT_SORT}
            onSortChange={listPrefs.onSortChange}
            scrollToKey={initialSelection}
            empty={labels.empty}
            rowHeight={phone ? 60 : 52}
          />
        </ExpandedGroupsProvider>
      </div>
    );
  }

  if (compact && selection.selectedId != null) {
    return (
      <Stack gap="sm" data-testid="unit-list-page" data-detail-only="true">
        <Group justify="space-between" wrap="nowrap">
          <PageTitle title={t('routes.list')} />
          <Button variant="subtle" size="compact-sm" onClick={selection.clear} data-testid="unit-detail-back">
            {t('unitList.backToList')}
          </Button>
        </Group>
        <Paper withBorder p="sm" radius="md" data-testid="unit-detail-pane">
          <Suspense fallback={panelLoading('xl')}>
            <UnitDetailPanel key={selection.selectedId} unitId={selection.selectedId} onClose={selection.clear} />
          </Suspense>
        </Paper>
        {transitions.dialog}
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid="unit-list-page">
      <UnitListHeader prefs={listPrefs} onText={setText} shown={shown.length} total={all.length} />
      <RegionBoundary kind="panel" compact>
        <CounterBar counters={counters} clickable={counterClickable} onCounterClick={onCounterClick} />
      </RegionBoundary>
      {/* Mounted (and loaded) only while open: the selects are the heaviest part of the page. */}
      {listPrefs.filtersOpen && (
        <Paper withBorder p="sm" radius="md">
          <RegionBoundary kind="panel">
            <Suspense fallback={panelLoading('sm')}>
              <UnitFilters filters={filters} onChange={setFilters} onReset={listPrefs.resetFilters} />
            </Suspense>
          </RegionBoundary>
        </Paper>
      )}
      <Flex gap="md" align="flex-start" direction={{ base: 'column', lg: 'row' }}>
        <Box style={{ flex: 1, minWidth: 0 }} w="100%">
          {body}
        </Box>
        {selection.selectedId != null && (
          <Paper
            withBorder
            p="sm"
            radius="md"
            w={{ base: '100%', lg: DETAIL_WIDTH }}
            className={classes.detailPane}
            style={{ flexShrink: 0 }}
            data-testid="unit-detail-pane"
          >
            <Suspense fallback={panelLoading('xl')}>
              <UnitDetailPanel key={selection.selectedId} unitId={selection.selectedId} onClose={selection.clear} />
            </Suspense>
          </Paper>
        )}
      </Flex>
      {transitions.dialog}
    </Stack>
  );
}
