/**
 * The kit's list table on its own: the header sorts (aria-sort and the arrow of the sorted
 * column), the pages show once there is more than one, the empty note stands for no rows, and a
 * short list held in memory shows without pages under the screen's own test ids; a row with its
 * own state shows what its hook makes of its item, and a headless table has no header row.
 */
import { useState } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test-utils/render';
import { ListTable, type ListColumn } from './ListTable';

interface Row {
  readonly id: string;
  readonly name: string;
}
const COLUMNS: ListColumn<Row>[] = [
  { id: 'name', header: 'Name', sortKey: 'name', render: (r) => r.name, cellTestId: true },
  { id: 'id', header: 'Id', render: (r) => r.id },
];
const ROWS: Row[] = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Bravo' },
];

describe('kit: the list table', () => {
  it('sorts by a sortable header and marks the sorted column', async () => {
    const onSort = vi.fn();
    const { user } = await renderWithApp(
      <ListTable items={ROWS} columns={COLUMNS} rowKey={(r) => r.id} testIdPrefix="things" sort={{ sortBy: 'name', sortDir: 'desc' }} onSort={onSort} />,
      { realtime: false },
    );
    const header = screen.getByTestId('things-sort-name');
    expect(header).toHaveTextContent('Name ▼');
    expect(header.closest('th')).toHaveAttribute('aria-sort', 'descending');
    expect(screen.queryByTestId('things-sort-id')).not.toBeInTheDocument();
    await user.click(header);
    expect(onSort).toHaveBeenCalledWith('name');
    expect(screen.getByTestId('things-name-b')).toHaveTextContent('Bravo');
  });

  it('shows the total and its pages', async () => {
    const onPage = vi.fn();
    const { user } = await renderWithApp(
      <ListTable
        items={ROWS}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        testIdPrefix="things"
        total={120}
        page={1}
        pageSize={50}
        onPage={onPage}
        totalText={(n) => `${n} in all`}
      />,
      { realtime: false },
    );
    expect(screen.getByTestId('things-total')).toHaveTextContent('120 in all');
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('shows the empty note for no rows, and a list in memory under its own ids without pages', async () => {
    await renderWithApp(
      <>
        <ListTable items={[]} columns={COLUMNS} rowKey={(r) => r.id} testIdPrefix="things" emptyText="Nothing here" />
        <ListTable items={ROWS} columns={COLUMNS} rowKey={(r) => r.id} testIdPrefix="mine" testId="my-table" rowTestId={(r) => `my-row-${r.id}`} />
      </>,
      { realtime: false },
    );
    expect(screen.getByTestId('things-empty')).toHaveTextContent('Nothing here');
    expect(screen.queryByTestId('things-grid')).not.toBeInTheDocument();
    expect(screen.getByTestId('my-table')).toBeVisible();
    expect(screen.getByTestId('my-row-a')).toHaveTextContent('Alpha');
    expect(screen.queryByTestId('mine-pagination')).not.toBeInTheDocument();
  });

  it('gives each row the state of its own hook, and leaves the header out when headless', async () => {
    function useCounted(item: Row) {
      const [count, setCount] = useState(0);
      return { ...item, count, bump: () => setCount(count + 1) };
    }
    const { user } = await renderWithApp(
      <ListTable
        headless
        items={ROWS}
        rowKey={(r) => r.id}
        useRow={useCounted}
        testIdPrefix="counted"
        columns={[
          { id: 'name', header: 'Name', render: (r) => `${r.name} ${r.count}`, cellTestId: true },
          { id: 'bump', header: '', align: 'right', render: (r) => <button onClick={r.bump}>{`bump ${r.id}`}</button> },
        ]}
      />,
      { realtime: false },
    );
    expect(screen.getByTestId('counted-grid').querySelector('thead')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'bump b' }));
    expect(screen.getByTestId('counted-name-a')).toHaveTextContent('Alpha 0');
    expect(screen.getByTestId('counted-name-b')).toHaveTextContent('Bravo 1');
  });

  it('opens a row with Enter as a click does, and names a column that shows no header', async () => {
    const onRowClick = vi.fn();
    const columns: ListColumn<Row>[] = [...COLUMNS, { id: 'actions', header: '', render: (r) => <button type="button">Edit {r.name}</button> }];
    const { user } = await renderWithApp(<ListTable items={ROWS} columns={columns} rowKey={(r) => r.id} testIdPrefix="things" onRowClick={onRowClick} />, {
      realtime: false,
    });
    // The row buttons' column is named to screen readers (a header cell is never empty).
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    await user.tab();
    expect(screen.getByTestId('things-row-a')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledWith(ROWS[0]);
    // The row's own buttons come next in the tab order.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Edit Alpha' })).toHaveFocus();
  });
});
