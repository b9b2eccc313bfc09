/**
 * The NRCS integration's sync interval (spec 001 §9: every 5 minutes): the integration settings
 * modal says how often stories are synchronised, as the core reads it.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STORY_MAPPING, TIMINGS } from '@fleet/contracts';
import { ROUTES, type PageRoute } from '../../routing/routes';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import StoriesPage from './Stories.page';

const STORIES_ROUTE = ROUTES.find((r): r is PageRoute => r.kind === 'page' && r.page === 'stories');

describe('Constants: NRCS sync interval 5 minutes', () => {
  it('the integration settings say stories are synchronised every 5 minutes', async () => {
    if (STORIES_ROUTE === undefined) throw new Error('no stories route');
    expect(TIMINGS.nrcsSyncIntervalMs).toBe(5 * 60_000);
    const api = new FakeApi()
      .on('listInventoryStories', ({ query }) => ({ items: [], total: 0, offset: 0, limit: query.limit }))
      .on('countInventoryStories', { count: 0 })
      .on('getStoryIntegration', {
        inventoryId: 'inv1',
        enabled: true,
        endpoint: 'https://nrcs.example.net/api',
        queue: 'news',
        username: 'nrcs',
        mapping: DEFAULT_STORY_MAPPING,
        syncIntervalMinutes: TIMINGS.nrcsSyncIntervalMs / 60_000,
        lastSyncAt: null,
        version: 1,
      });
    const { user } = await renderWithApp(<StoriesPage route={STORIES_ROUTE} />, { roles: ['luc_admin'], route: '/stories', api });
    await user.click(await screen.findByTestId('stories-integration'));

    expect(await screen.findByText('Stories are synchronised from the NRCS every 5 minutes')).toBeVisible();
    expect(api.calls('getStoryIntegration')[0]?.url).toContain('inv1');
  });
});
