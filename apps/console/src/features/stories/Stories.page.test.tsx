/**
 * /stories shows how many stories the inventory holds (GET v2/inventories/{id}/stories/count),
 * whatever the search narrows the list to, and reads it (and the list) again when a story comes,
 * changes or goes.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Story } from '@fleet/contracts';
import { ROUTES, type PageRoute } from '../../routing/routes';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import StoriesPage from './Stories.page';

const STORIES_ROUTE = ROUTES.find((r): r is PageRoute => r.kind === 'page' && r.page === 'stories');

function story(id: string, slugline: string): Story {
  const at = '2026-01-10T09:00:00.000Z';
  return {
    id,
    inventoryId: 'inv1',
    slugline,
    crewName: '',
    storyId: '',
    usageTerms: '',
    provider: '',
    reporter: '',
    keywords: '',
    comments: '',
    lastModified: at,
    createdAt: at,
    createdBy: null,
    units: [],
    version: 1,
  };
}

describe('Stories page: the inventory’s story count', () => {
  it('shows the count of the inventory, read again when a story is removed', async () => {
    if (STORIES_ROUTE === undefined) throw new Error('no stories route');
    let count = 3;
    let slugline = 'Flood_report';
    const api = new FakeApi()
      .on('listInventoryStories', ({ query }) => {
        const items = [story('s1', slugline)].filter((s) => (query.search ?? '') === '' || s.slugline.includes(query.search ?? ''));
        return { items, total: items.length, offset: 0, limit: query.limit };
      })
      .on('countInventoryStories', () => ({ count }));
    const { socket, settled } = await renderWithApp(<StoriesPage route={STORIES_ROUTE} />, { roles: ['luc_regular'], route: '/stories', api });

    expect(await screen.findByTestId('stories-inventory-count')).toHaveTextContent('3 stories in this inventory');
    expect(api.calls('countInventoryStories')[0]?.url).toBe('/api/v2/inventories/inv1/stories/count');

    await settled();
    count = 2;
    await socket.emit({ type: 'story.removed', id: 's2', inventoryId: 'inv1', at: 1 });
    await waitFor(() => expect(screen.getByTestId('stories-inventory-count')).toHaveTextContent('2 stories in this inventory'));

    // A story changed elsewhere: the list is read again and shows it as changed.
    expect(screen.getByTestId('story-slugline-s1')).toHaveTextContent('Flood_report');
    slugline = 'Flood_report_v2';
    await socket.emit({ type: 'story.changed', story: { ...story('s1', slugline), version: 2 }, at: 2 });
    await waitFor(() => expect(screen.getByTestId('story-slugline-s1')).toHaveTextContent('Flood_report_v2'));
  });
});

describe('Stories page: a read-only user', () => {
  it('sees the stories and a story’s details but no add, edit, delete, unit or integration buttons', async () => {
    if (STORIES_ROUTE === undefined) throw new Error('no stories route');
    const api = new FakeApi()
      .on('listInventoryStories', ({ query }) => ({ items: [story('s1', 'Flood_report')], total: 1, offset: 0, limit: query.limit }))
      .on('countInventoryStories', { count: 1 })
      .on('getStory', story('s1', 'Flood_report'));
    const { user } = await renderWithApp(<StoriesPage route={STORIES_ROUTE} />, { roles: ['luc_read'], route: '/stories', api });

    expect(await screen.findByTestId('story-slugline-s1')).toHaveTextContent('Flood_report');
    expect(screen.queryByTestId('stories-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('stories-integration')).not.toBeInTheDocument();
    expect(screen.queryAllByTestId(/^story-(edit|delete)-/)).toHaveLength(0);

    await user.click(screen.getByTestId('story-open-s1'));
    expect(await screen.findByTestId('story-details-slugline')).toBeVisible();
    expect(screen.queryByTestId('story-details-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('story-unit-assign')).not.toBeInTheDocument();
  }, 20_000);
});
