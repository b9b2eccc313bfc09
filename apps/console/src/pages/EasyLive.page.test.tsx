/**
 * /easy_live (spec 000 §6 "External channel preview needs the ExternalPreview feature. Feature flags
 * are fetched per group"; §8 a client configuration fetch with 403 is rejected): a console user
 * whose current group leaves the feature off sees the preview of the channels of another of their
 * groups whose own flags turn it on (GET fetch_features per group), and not of the others; a user
 * whose client configuration is refused has the features off, no group's flags read.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countChannels } from '@fleet/domain';
import { makeChannel } from '../test-utils/channels';
import { ROUTES, type PageRoute } from '../routing/routes';
import { apiError, FakeApi } from '../test-utils/fakeApi';
import { renderWithApp } from '../test-utils/render';
import EasyLivePage from './EasyLive.page';

const CONFIGURATION = {
  chatSupport: { enabled: false, scriptUrl: null },
  wsLibrary: 'ws',
  features: { ExternalPreview: false },
  pollIntervalMs: 300_000,
  pollInitialDelayMs: { min: 1000, max: 300_000 },
  enhancedUnitRefreshMs: 60_000,
  wsSubscriptionBatchSize: 50,
};
const ROUTE = ROUTES.find((r): r is PageRoute => r.kind === 'page' && r.path === '/easy_live');

describe('/easy_live: the external preview per group', () => {
  it('shows the preview of the channels of a group whose flags turn it on', async () => {
    if (ROUTE === undefined) throw new Error('no /easy_live route');
    const channels = [
      makeChannel({ channelId: 'c1', channelName: 'Studio_1', preview: true, groupIds: ['g-news'] }),
      makeChannel({ channelId: 'c2', channelName: 'Studio_2', preview: true, groupIds: ['g-sport'] }),
    ];
    const api = new FakeApi()
      .on('getClientConfiguration', CONFIGURATION)
      .on('fetchChannels', { channels, counters: countChannels(channels) })
      .on('lightFetchGroups', [
        { id: 'g-news', name: 'News', inventoryId: 'inv1' },
        { id: 'g-sport', name: 'Sport', inventoryId: 'inv1' },
      ])
      .on('fetchFeatures', ({ query }) => ({ groupId: query.groupId, features: { ExternalPreview: query.groupId === 'g-news' } }));
    await renderWithApp(<EasyLivePage route={ROUTE} />, { roles: ['luc_regular'], route: '/easy_live', api });
    expect(await screen.findByTestId('easy-live-preview-c1')).toHaveTextContent('Available');
    expect(screen.getByTestId('easy-live-preview-c2')).toBeEmptyDOMElement();
    expect(
      api
        .calls('fetchFeatures')
        .map((c) => c.url)
        .sort(),
    ).toEqual(['/api/fetch_features?groupId=g-news', '/api/fetch_features?groupId=g-sport']);
  });

  it('keeps the preview off when the client configuration is refused, without reading the groups’ flags', async () => {
    if (ROUTE === undefined) throw new Error('no /easy_live route');
    const channels = [makeChannel({ channelId: 'c1', channelName: 'Studio_1', preview: true, groupIds: ['g-news'] })];
    const api = new FakeApi()
      .on('getClientConfiguration', apiError('FORBIDDEN'))
      .on('fetchChannels', { channels, counters: countChannels(channels) })
      .on('lightFetchGroups', [{ id: 'g-news', name: 'News', inventoryId: 'inv1' }])
      .on('fetchFeatures', ({ query }) => ({ groupId: query.groupId, features: { ExternalPreview: true } }));
    await renderWithApp(<EasyLivePage route={ROUTE} />, { roles: ['luc_ingest'], route: '/easy_live', api });
    expect(await screen.findByTestId('client-configuration-rejected')).toBeInTheDocument();
    expect(screen.getByTestId('easy-live-channel-c1')).toBeInTheDocument();
    expect(screen.queryByTestId('easy-live-preview-column')).not.toBeInTheDocument();
    expect(api.calls('fetchFeatures')).toHaveLength(0);
  });
});
