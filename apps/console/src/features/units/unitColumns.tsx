/** The unit list's columns for the shared DataGrid (grid id `units`). */
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Box, Group, Stack } from '@mantine/core';
import type { UnitSummary } from '@fleet/contracts';
import type { DataGridColumn, SortState } from '../../components/grid/DataGrid';
import type { Direction, TransitionKind } from '../../lib/transitions/transitions';
import { StaleValue } from '../../realtime/Liveness';
import { BatteryIndicator } from '../../kit/unit/BatteryIndicator';
import type { ModifiedTimes } from './modifiedTimes';
import type { ChannelNameOf } from '../channels/useChannelNames';
import { UnitChannel } from '../../kit/unit/UnitChannel';
import { AlertsCell, BitrateText, LocationText, ModifiedCell, StatusCell, StreamButtons, TypeCell } from './UnitCells';
import { PlainActionIcon, PlainText } from '../../components/plain/Plain';
import cellClasses from './UnitCells.module.css';
import { unitStatusLabel } from '../../lib/statusLabels';

import { preloadableLazy } from '../../lib/preloadableLazy';
import { BoltIcon } from '../simulator/faults/BoltIcon';
import type { SimulateMenuProps } from '../simulator/faults/SimulateMenu';
import { useSharedT } from '../../i18n/sharedT';

// The simulator's fault menu (mock only: shown once the capability probe found the mock) loads with its first row.
const simulateMenu = preloadableLazy<SimulateMenuProps>(() => import('../simulator/faults/SimulateMenu').then((m) => ({ default: m.SimulateMenuFor })));

export const UNIT_GRID_ID = 'units';
export const UNIT_DEFAULT_SORT: SortState = { column: 'name', direction: 'asc' };

interface UnitColumnsOptions {
  /** The user holds a unit-control role: the actions column is shown (else not at all). */
  readonly canControl: boolean;
  readonly transitionOf: (unit: UnitSummary) => TransitionKind | null;
  readonly onAction: (unit: UnitSummary, action: Direction) => void;
  /** The modified cells' times; `modifiedAt` (the sort) reads them too. */
  readonly times: ModifiedTimes;
  readonly modifiedAt: (unit: UnitSummary) => number | null;
  /** Channel names by id, for a selection (the channels in use come named). */
  readonly channelName: ChannelNameOf;
  /**
   * A narrow window: one column holds the unit's name with its status and bitrate beneath, beside
   * the stream buttons (the other columns are left out).
   */
  readonly compact?: boolean;
  /** The mock answered the probe and the user runs it: each row's actions end with its Simulate menu. */
  readonly simulate?: boolean;
}

/** The compact unit cell: the name on the first line, the total bitrate and the status on the second. */
function CompactUnitCell({ unit, transition }: { unit: UnitSummary; transition: TransitionKind | null }) {
  const id = unit.uniqueId;
  return (
    <Stack gap={4} miw={0}>
      <PlainText size="sm" strong truncate title={unit.name} data-testid={`unit-name-${id}`}>
        {unit.name}
      </PlainText>
      {/* The bitrate first: its width is known, the status badge takes what is left (a long one is cut at the end). */}
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Box data-testid={`unit-bitrate-${id}`} style={{ flexShrink: 0 }}>
          <StaleValue unitId={id} status={unit.status} testId={`unit-live-bitrate-${id}`}>
            <BitrateText kbps={unit.totalBitrate} />
          </StaleValue>
        </Box>
        <Box miw={0} style={{ overflow: 'hidden' }}>
          <StaleValue unitId={id} status={unit.status} isStatus testId={`unit-live-status-${id}`}>
            <StatusCell unit={unit} transition={transition} />
          </StaleValue>
        </Box>
      </Group>
    </Stack>
  );
}

/** The compact list's stream column: the two buttons, no wider. */
const COMPACT_ACTIONS_WIDTH = 144;
/** What a row's Simulate menu adds to the actions column (its icon button and the gap before it). */
const SIMULATE_WIDTH = 36;

/** The stream buttons, then (mock only) the unit's Simulate menu. */
function ActionsCell({
  unit,
  transition,
  onAction,
  simulate,
}: {
  unit: UnitSummary;
  transition: TransitionKind | null;
  onAction: UnitColumnsOptions['onAction'];
  simulate: boolean;
}) {
  const buttons = <StreamButtons unit={unit} transition={transition} onAction={onAction} />;
  if (!simulate) return buttons;
  return (
    <div className={`${cellClasses.inline} ${cellClasses.gap8}`}>
      {buttons}
      <RowSimulateMenu unitId={unit.uniqueId} name={unit.name} />
    </div>
  );
}

let simulateMenuLoading = false;
function preloadSimulateMenu(): void {
  if (simulateMenuLoading) return;
  simulateMenuLoading = true;
  void simulateMenu.preload();
}

/**
 * A row's Simulate button. The menu (Mantine's Menu with its popover, positioning and transition)
 * is mounted by the first click, open: the list draws the button on every row that scrolls into
 * view, and a menu on each made every drawn row several times dearer.
 */
function RowSimulateMenu({ unitId, name }: { unitId: string; name: string }) {
  const { t } = useSharedT();
  const [armed, setArmed] = useState(false);
  // The menu's code is there before the click (a click never waits for it).
  useEffect(preloadSimulateMenu, []);
  const target = useMemo(() => ({ kind: 'unit' as const, unitId, name }), [unitId, name]);
  if (armed) {
    return (
      <Suspense fallback={null}>
        <simulateMenu.Component compact target={target} defaultOpened />
      </Suspense>
    );
  }
  const title = t('faults.menuTitle', { name });
  return (
    <PlainActionIcon
      variant="light"
      color="grape"
      aria-label={title}
      title={title}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid="simulate-menu-unit"
      onClick={(event) => {
        event.stopPropagation();
        setArmed(true);
      }}
    >
      <BoltIcon />
    </PlainActionIcon>
  );
}

/** Alerts sort: critical ones first, then by count. */
const alertRank = (unit: UnitSummary) => unit.alerts.filter((a) => a.level === 'critical').length * 1000 + unit.alerts.length;

/** The channel column sorts by the first channel in use, else the selection's name (none last). */
function channelSortValue(unit: UnitSummary, channelName: ChannelNameOf): string | null {
  const inUse = unit.channelsInUse[0];
  if (inUse !== undefined) return inUse.channelName;
  return unit.selectedChannel.channelId == null ? null : channelName(unit.selectedChannel.channelId);
}

export function useUnitColumns({
  canControl,
  transitionOf,
  onAction,
  times,
  modifiedAt,
  channelName,
  compact = false,
  simulate = false,
}: UnitColumnsOptions): DataGridColumn<UnitSummary>[] {
  const { t } = useSharedT();
  return useMemo(() => {
    const actions: DataGridColumn<UnitSummary> = {
      id: 'actions',
      header: t('units.columns.actions'),
      width: (compact ? COMPACT_ACTIONS_WIDTH : 150) + (simulate ? SIMULATE_WIDTH : 0),
      interactive: true,
      render: (u) => <ActionsCell unit={u} transition={transitionOf(u)} onAction={onAction} simulate={simulate} />,
    };
    if (compact) {
      const unit: DataGridColumn<UnitSummary> = {
        id: 'name',
        header: t('units.columns.name'),
        width: 160,
        minWidth: 120,
        grow: true,
        resizable: false,
        sortValue: (u) => u.name,
        render: (u) => <CompactUnitCell unit={u} transition={transitionOf(u)} />,
      };
      return canControl ? [unit, actions] : [unit];
    }
    const columns: DataGridColumn<UnitSummary>[] = [
      {
        id: 'name',
        header: t('units.columns.name'),
        width: 200,
        minWidth: 100,
        sortValue: (u) => u.name,
        render: (u) => (
          <PlainText size="sm" strong truncate title={u.name} data-testid={`unit-name-${u.uniqueId}`}>
            {u.name}
          </PlainText>
        ),
      },
      { id: 'type', header: t('units.columns.type'), width: 150, sortValue: (u) => `${u.typeGroup} ${u.type}`, render: (u) => <TypeCell unit={u} /> },
      {
        id: 'status',
        header: t('units.columns.status'),
        width: 190,
        sortValue: (u) => unitStatusLabel(t, u.status),
        render: (u) => (
          <StaleValue unitId={u.uniqueId} status={u.status} isStatus showTime testId={`unit-live-status-${u.uniqueId}`}>
            <StatusCell unit={u} transition={transitionOf(u)} />
          </StaleValue>
        ),
      },
      {
        id: 'channel',
        header: t('unitList.columns.channel'),
        width: 190,
        minWidth: 110,
        sortValue: (u) => channelSortValue(u, channelName),
        render: (u) => <UnitChannel unit={u} channelName={channelName} testId={`unit-channel-${u.uniqueId}`} />,
      },
      {
        id: 'battery',
        header: t('units.columns.battery'),
        width: 110,
        sortValue: (u) => (u.battery?.connected ? u.battery.percentage : null),
        render: (u) => (
          <StaleValue unitId={u.uniqueId} status={u.status} testId={`unit-live-battery-${u.uniqueId}`}>
            <BatteryIndicator unitId={u.uniqueId} battery={u.battery} />
          </StaleValue>
        ),
      },
      {
        id: 'bitrate',
        header: t('units.columns.bitrate'),
        width: 120,
        sortValue: (u) => u.totalBitrate,
        cellTestId: true,
        render: (u) => (
          <StaleValue unitId={u.uniqueId} status={u.status} testId={`unit-live-bitrate-${u.uniqueId}`}>
            <BitrateText kbps={u.totalBitrate} />
          </StaleValue>
        ),
      },
      {
        id: 'location',
        header: t('units.columns.location'),
        width: 200,
        sortValue: (u) => (u.location ? (u.location.address ?? `${u.location.lat},${u.location.lng}`) : null),
        render: (u) => (
          <StaleValue unitId={u.uniqueId} status={u.status}>
            <LocationText location={u.location} />
          </StaleValue>
        ),
      },
      { id: 'alerts', header: t('units.columns.alerts'), width: 90, sortValue: alertRank, render: (u) => <AlertsCell unit={u} /> },
      {
        id: 'modified',
        header: t('unitList.columns.modified'),
        width: 150,
        sortValue: modifiedAt,
        render: (u) => <ModifiedCell unit={u} times={times} />,
      },
    ];
    if (canControl) columns.push(actions);
    return columns;
  }, [t, canControl, transitionOf, onAction, times, modifiedAt, channelName, compact, simulate]);
}
