import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeGroupRow, makeUser } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import GroupsPage from './Groups.page';

const rows = [
  makeGroupRow({ id: 'g1', name: 'Sports', counts: { units: 5, channels: 1, vrChannels: 0, users: 2 }, version: 3 }),
  makeGroupRow({ id: 'g2', name: 'Archive', inventoryId: 'inv2', inventoryName: 'Regional', counts: { units: 12, channels: 0, vrChannels: 0, users: 1 } }),
  makeGroupRow({ id: 'g3', name: 'news', counts: { units: 0, channels: 0, vrChannels: 0, users: 0 } }),
];

/** The names in the grid, top to bottom. */
function shownNames(): string[] {
  const grid = screen.getByTestId('grid-groups');
  return within(grid)
    .getAllByRole('row')
    .map((row) => row.getAttribute('data-name'))
    .filter((name): name is string => name !== null);
}

async function renderGroups(api = new FakeApi().on('fetchGroups', rows)) {
  const rendered = await renderWithApp(<GroupsPage />, { api, route: '/groups' });
  await screen.findByTestId('group-row-g1');
  return rendered;
}

describe('/groups list', () => {
  it('lists the groups by name, and sorts by a count column when its header is clicked', async () => {
    const { user } = await renderGroups();
    expect(shownNames()).toEqual(['Archive', 'news', 'Sports']);

    await user.click(screen.getByTestId('grid-header-units'));
    expect(shownNames()).toEqual(['news', 'Sports', 'Archive']);
    expect(screen.getByTestId('grid-header-units')).toHaveAttribute('data-sort', 'asc');

    await user.click(screen.getByTestId('grid-header-units'));
    expect(shownNames()).toEqual(['Archive', 'Sports', 'news']);
    expect(screen.getByTestId('group-count-units-g2')).toHaveTextContent('12');
  });

  it('filters by name or inventory and counts what it shows', async () => {
    const { user } = await renderGroups();
    expect(screen.getByTestId('group-list-summary')).toHaveTextContent('3 of 3 groups');

    await user.type(screen.getByTestId('group-search'), 'regional');
    expect(shownNames()).toEqual(['Archive']);
    expect(screen.getByTestId('group-list-summary')).toHaveTextContent('1 of 3 groups');

    await user.clear(screen.getByTestId('group-search'));
    await user.type(screen.getByTestId('group-search'), 'nothing like it');
    expect(screen.getByTestId('grid-groups-empty')).toHaveTextContent('No group matches the search.');
    expect(screen.getByTestId('group-list-summary')).toHaveTextContent('0 of 3 groups');
  });

  it('says so when the user has no group at all', async () => {
    await renderWithApp(<GroupsPage />, { api: new FakeApi().on('fetchGroups', []) });
    expect(await screen.findByTestId('groups-empty')).toHaveTextContent('No groups yet.');
  });

  it('deletes the selected groups after confirmation, all in one call', async () => {
    const api = new FakeApi().on('fetchGroups', rows).on('removeGroups', ({ body }) => ({ removed: body.ids }));
    const { user } = await renderGroups(api);
    expect(screen.getByTestId('group-delete')).toBeDisabled();

    await user.click(screen.getByTestId('group-select-g1'));
    await user.click(screen.getByTestId('group-select-g3'));
    expect(screen.getByTestId('group-delete')).toHaveTextContent('Delete selected (2)');
    await user.click(screen.getByTestId('group-delete'));
    expect(screen.getByTestId('group-delete-names')).toHaveTextContent('Sports, news');
    await user.click(screen.getByTestId('group-delete-submit'));

    await waitFor(() => expect(shownNames()).toEqual(['Archive']));
    expect(api.calls('removeGroups').map((call) => call.body)).toEqual([{ ids: ['g1', 'g3'] }]);
    expect(screen.getByTestId('toasts')).toHaveTextContent('2 groups deleted');
  });

  it('follows group.changed and group.removed from /ws without reading the list again', async () => {
    const api = new FakeApi().on('fetchGroups', rows);
    const { socket, settled } = await renderGroups(api);
    await settled();
    const reads = api.calls('fetchGroups').length;

    await socket.emit({ type: 'group.changed', group: { ...rows[0]!, name: 'Sports_live', counts: { ...rows[0]!.counts, units: 6 }, version: 4 }, at: 1 });
    expect(screen.getByTestId('group-name-g1')).toHaveTextContent('Sports_live');
    expect(screen.getByTestId('group-count-units-g1')).toHaveTextContent('6');

    await socket.emit({ type: 'group.removed', groupId: 'g2', at: 2 });
    expect(screen.queryByTestId('group-row-g2')).not.toBeInTheDocument();
    expect(screen.getByTestId('group-list-summary')).toHaveTextContent('2 of 2 groups');
    expect(api.calls('fetchGroups')).toHaveLength(reads);
  });

  it('keeps a newer row when an older group.changed arrives late', async () => {
    const { socket, settled } = await renderGroups();
    await settled();

    await socket.emit({ type: 'group.changed', group: { ...rows[0]!, name: 'Old_name', version: 2 }, at: 1 });
    expect(screen.getByTestId('group-name-g1')).toHaveTextContent('Sports');
  });

  it('hides the write actions from a user whose role may not make those calls', async () => {
    await renderWithApp(<GroupsPage />, { user: makeUser(['luc_regular']), api: new FakeApi().on('fetchGroups', rows) });
    await screen.findByTestId('group-row-g1');
    expect(screen.getByTestId('groups-read-only')).toBeVisible();
    expect(screen.queryByTestId('group-create')).not.toBeInTheDocument();
    expect(screen.queryByTestId('group-select-g1')).not.toBeInTheDocument();
  });
});
