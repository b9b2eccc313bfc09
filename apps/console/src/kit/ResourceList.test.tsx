/**
 * The kit's searchable list on its own: a list whose call pages by other than the search page
 * size counts its pages by its own size.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test-utils/render';
import { ResourceList } from './ResourceList';

const VIEW = { searchKey: '', searchValue: '', sortBy: 'name', sortDir: 'asc' as const, page: 1 };
const ROWS = { isPending: false, isError: false, error: null, data: { items: [{ id: 'a' }], total: 45 } };

describe('kit: a searchable list', () => {
  it('counts its pages by its own page size', async () => {
    await renderWithApp(
      <ResourceList
        testId="things"
        columns={[{ id: 'id', header: 'Id', render: (r: { id: string }) => r.id }]}
        view={VIEW}
        onViewChange={() => undefined}
        query={ROWS}
        rowKey={(r) => r.id}
        pageSize={20}
      />,
    );
    expect(await screen.findByTestId('things-row-a')).toBeVisible();
    expect(screen.getByRole('button', { name: '3' })).toBeVisible();
    expect(screen.queryByRole('button', { name: '4' })).not.toBeInTheDocument();
  });
});
