import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_PREFERENCES } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import { DataGrid } from './DataGrid';
import type { DataGridColumn } from './DataGrid';

interface Row {
  readonly id: string;
  readonly name: string;
  readonly units: number | null;
}

const COLUMNS: DataGridColumn<Row>[] = [
  { id: 'name', header: 'Name', width: 200, sortValue: (r) => r.name.toLowerCase(), render: (r) => r.name, cellTestId: (r) => `name-${r.id}` },
  { id: 'units', header: 'Units', width: 100, sortValue: (r) => r.units, render: (r) => String(r.units ?? '–') },
  { id: 'note', header: 'Note', width: 120, render: () => '' },
];

const ROWS: Row[] = [
  { id: 'a', name: 'Bravo', units: 3 },
  { id: 'b', name: 'alpha', units: null },
  { id: 'c', name: 'Charlie', units: 1 },
];

function names(): string[] {
  return within(screen.getByTestId('grid-test'))
    .queryAllByTestId(/^name-/)
    .map((cell) => cell.textContent ?? '');
}

function Grid({ rows = ROWS }: { rows?: readonly Row[] }) {
  return <DataGrid gridId="test" columns={COLUMNS} rows={rows} rowKey={(r) => r.id} rowTestId={(r) => `row-${r.id}`} empty="Nothing here" />;
}

/** The grid sorted by name, its rows replaced by the next of `steps` on each click of `next-rows` (live updates). */
function LiveGrid({ steps }: { steps: readonly (readonly Row[])[] }) {
  const [step, setStep] = useState(0);
  return (
    <>
      <button type="button" data-testid="next-rows" onClick={() => setStep((s) => s + 1)} />
      <DataGrid
        gridId="test"
        columns={COLUMNS}
        rows={steps[step] ?? []}
        rowKey={(r) => r.id}
        rowTestId={(r) => `row-${r.id}`}
        defaultSort={{ column: 'name', direction: 'asc' }}
        persist={false}
      />
    </>
  );
}

describe('DataGrid', () => {
  it('cycles a sortable header through ascending, descending and unsorted; rows without a value last', async () => {
    const { user } = await renderWithApp(<Grid />, { realtime: false });
    expect(names()).toEqual(['Bravo', 'alpha', 'Charlie']);

    await user.click(screen.getByTestId('grid-header-units'));
    expect(names()).toEqual(['Charlie', 'Bravo', 'alpha']);
    expect(screen.getByRole('columnheader', { name: /^Units/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByTestId('grid-header-units'));
    expect(names()).toEqual(['Bravo', 'Charlie', 'alpha']);
    expect(screen.getByRole('columnheader', { name: /^Units/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByTestId('grid-header-units'));
    expect(names()).toEqual(['Bravo', 'alpha', 'Charlie']);
    // A column without a sort value has no sort button.
    expect(screen.getByTestId('grid-header-note').tagName).not.toBe('BUTTON');
  });

  it('remembers the sort and a column width in the preferences, and restores them', async () => {
    const api = new FakeApi();
    const { user, unmount } = await renderWithApp(<Grid />, { api, realtime: false });

    await user.click(screen.getByTestId('grid-header-name'));
    fireEvent.keyDown(screen.getByTestId('grid-resize-name'), { key: 'ArrowRight' });
    expect(screen.getByTestId('grid-resize-name')).toHaveAttribute('data-width', '216');
    await waitFor(() => expect(api.calls('updateUserPreferences')).toHaveLength(1), { timeout: 2000 });
    const saved = api.calls('updateUserPreferences')[0]?.body;
    expect(saved).toEqual({ gridPrefs: { test: { columnWidths: { name: 216, units: 100, note: 120 }, sortState: { column: 'name', direction: 'asc' } } } });
    unmount();

    await renderWithApp(<Grid />, {
      realtime: false,
      preferences: { ...DEFAULT_USER_PREFERENCES, gridPrefs: { test: { columnWidths: { name: 216 }, sortState: { column: 'name', direction: 'desc' } } } },
    });
    expect(names()).toEqual(['Charlie', 'Bravo', 'alpha']);
    expect(screen.getByTestId('grid-resize-name')).toHaveAttribute('data-width', '216');
  });

  it('puts only the rows in view in the page, whatever the length of the list', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ id: `r${i}`, name: `Unit ${String(i).padStart(4, '0')}`, units: i }));
    await renderWithApp(<Grid rows={many} />, { realtime: false });

    const grid = screen.getByTestId('grid-test');
    expect(grid).toHaveAttribute('aria-rowcount', '5000');
    const rendered = within(grid).getAllByTestId(/^row-/).length;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(100);
  });

  it('does not sort again for replaced rows whose sort key did not change, and does when it changed', async () => {
    const replaced = ROWS.map((r) => (r.id === 'a' ? { ...r, units: 7 } : r));
    const renamed = replaced.map((r) => (r.id === 'c' ? { ...r, name: 'Able' } : r));
    await renderWithApp(<LiveGrid steps={[ROWS, replaced, renamed]} />, { realtime: false });
    expect(names()).toEqual(['alpha', 'Bravo', 'Charlie']);

    // The grid's sorts while the rows are replaced: sortRows sorts the rows' indexes (Mantine sorts
    // its media queries too).
    const sortsOn = (act: () => void) => {
      const sort = vi.spyOn(Array.prototype, 'sort');
      try {
        act();
        return sort.mock.contexts.filter((array) => Array.isArray(array) && array.length === ROWS.length && array.every((item) => typeof item === 'number'))
          .length;
      } finally {
        sort.mockRestore();
      }
    };
    expect(sortsOn(() => fireEvent.click(screen.getByTestId('next-rows')))).toBe(0);
    expect(within(screen.getByTestId('row-a')).getByText('7')).toBeInTheDocument();
    expect(names()).toEqual(['alpha', 'Bravo', 'Charlie']);

    expect(sortsOn(() => fireEvent.click(screen.getByTestId('next-rows')))).toBeGreaterThan(0);
    expect(names()).toEqual(['Able', 'alpha', 'Bravo']);
  });

  it('says so when there are no rows', async () => {
    await renderWithApp(<Grid rows={[]} />, { realtime: false });
    expect(screen.getByTestId('grid-test-empty')).toHaveTextContent('Nothing here');
  });

  it('opens a row with Enter as a click does; the arrows go from row to row, the body takes focus to scroll', async () => {
    const onRowClick = vi.fn();
    const { user } = await renderWithApp(
      <DataGrid gridId="test" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} rowTestId={(r) => `row-${r.id}`} onRowClick={onRowClick} persist={false} />,
      { realtime: false },
    );
    expect(screen.getByTestId('grid-test')).toHaveAttribute('tabindex', '0');
    screen.getByTestId('row-a').focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(ROWS[0]);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByTestId('row-b')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(ROWS[1]);
    await user.keyboard('{ArrowUp}');
    expect(screen.getByTestId('row-a')).toHaveFocus();
    expect(onRowClick).toHaveBeenCalledTimes(2);
  });
});
