import { act, screen, within } from '@testing-library/react';
import { useMemo } from 'react';
import { describe, expect, it } from 'vitest';
import type { RealtimeEvent, UnitSummary } from '@fleet/contracts';
import { DataGrid } from '../../components/grid/DataGrid';
import type { SortState } from '../../components/grid/DataGrid';
import { makeUnit } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import type { ModifiedTimes } from './modifiedTimes';
import { useUnitColumns } from './unitColumns';
import { useModifiedTimes } from './useModifiedTimes';

const UNITS = ['LU800-0001', 'LU800-0002', 'LU800-0003'].map((uniqueId, i) => makeUnit({ uniqueId, name: `unit_${i + 1}`, alerts: [] }));
const noTransition = () => null;
const noAction = () => undefined;
const changed = (unitId: string, at: number): RealtimeEvent => ({
  type: 'unit.status',
  unitId,
  status: 'idle',
  previous: 'offline',
  change: null,
  applications: {},
  at,
});

/** The list's columns on the grid, as the page wires them; counts the name cells' renders. */
function renderGrid(follow: boolean, defaultSort: SortState) {
  const state = { times: null as ModifiedTimes | null, nameRenders: 0 };
  function Harness() {
    const { times, modifiedAt } = useModifiedTimes(follow);
    state.times = times;
    const columns = useUnitColumns({ canControl: false, transitionOf: noTransition, onAction: noAction, times, modifiedAt, channelName: (id) => id });
    const counted = useMemo(
      () => columns.map((c) => (c.id === 'name' ? { ...c, render: (u: UnitSummary) => (state.nameRenders++, c.render(u)) } : c)),
      [columns],
    );
    return <DataGrid gridId="units" columns={counted} rows={UNITS} rowKey={(u) => u.uniqueId} testIdPrefix="unit" defaultSort={defaultSort} persist={false} />;
  }
  return { state, rendered: renderWithApp(<Harness />, { realtime: false }) };
}

/** Records changes and tells the subscribers, as the list's once-a-second refresh does. */
function tick(times: ModifiedTimes | null, ...events: RealtimeEvent[]) {
  act(() => {
    for (const event of events) times?.record(event);
    times?.publish();
  });
}

const shownIds = () =>
  within(screen.getByTestId('grid-units'))
    .queryAllByTestId(/^unit-row-/)
    .map((row) => row.dataset.testid);

describe('the unit list’s modified cell', () => {
  it('takes each tick of recorded changes without rendering the rows again', async () => {
    const { state, rendered } = renderGrid(false, { column: 'name', direction: 'asc' });
    await rendered;
    expect(screen.getByTestId('unit-modified-LU800-0002')).not.toHaveAttribute('data-at');
    const renders = state.nameRenders;
    expect(renders).toBeGreaterThanOrEqual(UNITS.length);

    tick(state.times, changed('LU800-0002', 1_000_000));
    expect(screen.getByTestId('unit-modified-LU800-0002')).toHaveAttribute('data-at', '1000000');
    tick(state.times, changed('LU800-0002', 2_000_000), changed('LU800-0003', 1_500_000));
    expect(screen.getByTestId('unit-modified-LU800-0002')).toHaveAttribute('data-at', '2000000');
    expect(screen.getByTestId('unit-modified-LU800-0003')).toHaveAttribute('data-at', '1500000');
    expect(screen.getByTestId('unit-modified-LU800-0001')).not.toHaveAttribute('data-at');
    expect(state.nameRenders).toBe(renders);
  });

  it('sorts by the modified time again on each tick while the list is sorted by it', async () => {
    const { state, rendered } = renderGrid(true, { column: 'modified', direction: 'desc' });
    await rendered;

    tick(state.times, changed('LU800-0003', 1_000_000));
    expect(shownIds()[0]).toBe('unit-row-LU800-0003');
    tick(state.times, changed('LU800-0001', 2_000_000));
    expect(shownIds().slice(0, 2)).toEqual(['unit-row-LU800-0001', 'unit-row-LU800-0003']);
  });
});
