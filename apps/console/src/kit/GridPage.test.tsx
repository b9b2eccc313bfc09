/**
 * The kit's grid page: the rows with the page's test ids and the count shown of all, the empty
 * note, the filter panel mounted only while open, what stands instead of the list, a failed read.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test-utils/render';
import { GridPage, type GridPageProps } from './GridPage';

interface Row {
  readonly id: string;
  readonly name: string;
}
const ROWS: readonly Row[] = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Beta' },
];

function props(over: Partial<GridPageProps<Row>> = {}): GridPageProps<Row> {
  return {
    pageTestId: 'things',
    testId: 'thing',
    title: 'Things',
    query: { isPending: false, isError: false, error: null, data: ROWS },
    errorTitle: 'Could not read',
    total: ROWS.length,
    summary: '1 of 2',
    emptyText: 'No things',
    noMatchText: 'None matches',
    grid: {
      gridId: 'things',
      persist: false,
      height: 400,
      columns: [{ id: 'name', header: 'Name', width: 200, render: (r) => r.name }],
      rows: ROWS.slice(0, 1),
      rowKey: (r) => r.id,
    },
    ...over,
  };
}

describe('kit: a grid page', () => {
  it('shows the rows the filters let through, with the count of all, and the filter panel while open', async () => {
    const onToggle = vi.fn();
    const filters = { open: false, onToggle, count: 1, label: 'Filters', panel: <p>the panel</p> };
    const { user } = await renderWithApp(<GridPage {...props({ filters })} />);
    expect(await screen.findByTestId('things-page')).toBeInTheDocument();
    expect(screen.getByTestId('thing-row-a')).toHaveTextContent('Alpha');
    expect(screen.queryByTestId('thing-row-b')).not.toBeInTheDocument();
    expect(screen.getByTestId('thing-list-summary')).toHaveAttribute('data-shown', '1');
    expect(screen.getByTestId('thing-list-summary')).toHaveAttribute('data-total', '2');
    expect(screen.getByTestId('thing-filters-count')).toHaveTextContent('1');
    expect(screen.queryByText('the panel')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('thing-filters-toggle'));
    expect(onToggle).toHaveBeenCalledWith(true);
  });

  it('shows the filter panel when open', async () => {
    await renderWithApp(<GridPage {...props({ filters: { open: true, onToggle: vi.fn(), count: 0, label: 'Filters', panel: <p>the panel</p> } })} />);
    expect(await screen.findByText('the panel')).toBeInTheDocument();
  });

  it('says so when there is nothing at all', async () => {
    await renderWithApp(<GridPage {...props({ total: 0, query: { isPending: false, isError: false, error: null, data: [] } })} />);
    expect(await screen.findByTestId('things-empty')).toHaveTextContent('No things');
    expect(screen.getByTestId('thing-table')).toBeInTheDocument();
  });

  it('shows what stands instead of the list, or a failed read', async () => {
    const { unmount } = await renderWithApp(<GridPage {...props({ instead: <p>Pick a group</p> })} />);
    expect(await screen.findByText('Pick a group')).toBeInTheDocument();
    expect(screen.queryByTestId('thing-row-a')).not.toBeInTheDocument();
    unmount();
    await renderWithApp(<GridPage {...props({ query: { isPending: false, isError: true, error: new Error('boom'), data: undefined } })} />);
    expect(await screen.findByTestId('things-error')).toHaveTextContent('Could not read');
  });
});
