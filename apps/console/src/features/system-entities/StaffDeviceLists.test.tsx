/**
 * /system_entities for support staff (spec 001 §2 "platform admin console", §6 staff): the server,
 * databridge gateway and video return channel lists, reached through the section's tabs on the
 * app's own route table with no reload.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminDbGateway } from '@fleet/contracts';
import { routeObjects } from '../../Router';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeServer } from '../../test-utils/servers';
import { renderRoutes } from '../../test-utils/render';
import { vrChannel } from '../../test-utils/vrChannels';

const AT = '2026-01-10T09:00:00.000Z';
const gateway: AdminDbGateway = {
  id: 'dbg-1',
  name: 'Gw-1',
  host: 'gw1.test',
  port: 7000,
  status: 'online',
  inventoryId: 'inv1',
  inventoryName: 'Inventory 1',
  unitCount: 0,
  version: 0,
  createdAt: AT,
  updatedAt: AT,
};
const page = <T,>(items: readonly T[], query: { offset: number; limit: number }) => ({
  items: [...items],
  total: items.length,
  offset: query.offset,
  limit: query.limit,
});

describe('/system_entities: support staff', () => {
  it('sees the server, databridge gateway and video return channel lists, switching kinds through the tabs', async () => {
    const api = new FakeApi()
      .on('searchAdminServers', ({ query }) => page([{ ...makeServer({ id: 'TRX-0001' }), serverType: 'transceiver_server' }], query))
      .on('searchAdminDbGateways', ({ query }) => page([gateway], query))
      .on('searchAdminVrChannels', ({ query }) => page([vrChannel('VRC-1', { inventoryIds: ['inv1'] })], query))
      .on('searchAdminInventories', ({ query }) => page([], query));
    const { user, router } = await renderRoutes(routeObjects, { route: '/system_entities/transceiver_servers?ignoreRouteDefault=1', roles: ['staff'], api });

    expect(await screen.findByTestId('servers-row-TRX-0001', undefined, { timeout: 5000 })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Databridge Gateways' }));
    expect(await screen.findByTestId('db-gateways-grid', undefined, { timeout: 5000 })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Video Return Channels' }));
    expect(await screen.findByTestId('vr-channels-grid', undefined, { timeout: 5000 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/system_entities/vrChannels');
  }, 30_000);
});
