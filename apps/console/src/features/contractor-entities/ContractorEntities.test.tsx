/**
 * /entities/:kind for contractors (spec 001 §2 "one list view with a chosen entity kind"): the
 * kit's list over the kind's admin call — its rows, a search by the chosen key and a sort sent to
 * the core, a row changed elsewhere read again from /ws — and servers of no inventory saying so.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminDbGateway } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeUser } from '../../test-utils/fixtures';
import { fill, renderWithApp } from '../../test-utils/render';
import { ContractorEntities } from './ContractorEntities';

const AT = '2026-01-10T09:00:00.000Z';
const gateway = (over: Partial<AdminDbGateway>): AdminDbGateway => ({
  id: 'dbg-1',
  name: 'Gw-1',
  host: 'gw1.test',
  port: 7000,
  status: 'online',
  inventoryId: 'inv1',
  inventoryName: 'Inventory 1',
  unitCount: 2,
  version: 0,
  createdAt: AT,
  updatedAt: AT,
  ...over,
});

describe('/entities: the contractor view', () => {
  it('lists the gateways, searches by the chosen key, sorts on the core and follows a change from /ws', async () => {
    let rows = [gateway({}), gateway({ id: 'dbg-2', name: 'Gw-2', host: 'gw2.test', port: null })];
    const api = new FakeApi().on('searchAdminDbGateways', ({ query }) => {
      const found = rows.filter((g) => query.searchValue === undefined || (query.searchKey === 'host' ? g.host : g.name).includes(query.searchValue));
      const sorted = query.sortDir === 'desc' ? [...found].reverse() : found;
      return { items: sorted, total: sorted.length, offset: query.offset, limit: query.limit };
    });
    const { user, socket } = await renderWithApp(<ContractorEntities kind="db_gateways" />, { roles: ['luc_contractor'], route: '/entities/db_gateways', api });
    expect(await screen.findByTestId('entities-row-dbg-1')).toHaveTextContent('gw1.test:7000');
    expect(screen.getByTestId('entities-row-dbg-1')).toHaveTextContent('Inventory 1');
    expect(screen.getByTestId('entities-row-dbg-2')).toHaveTextContent('gw2.test');

    await user.click(screen.getByTestId('entities-search-key'));
    await user.click(await screen.findByRole('option', { name: 'Host' }));
    await fill(user, screen.getByTestId('entities-search'), 'gw2');
    await waitFor(() => expect(screen.queryByTestId('entities-row-dbg-1')).not.toBeInTheDocument());
    expect(api.calls('searchAdminDbGateways').at(-1)?.url).toContain('searchKey=host&searchValue=gw2');
    await fill(user, screen.getByTestId('entities-search'), '');

    await user.click(await screen.findByTestId('entities-sort-name'));
    await waitFor(() => expect(api.calls('searchAdminDbGateways').at(-1)?.url).toContain('sortDir=desc'));
    expect(screen.getByTestId('entities-sort-name').closest('th')).toHaveAttribute('aria-sort', 'descending');

    rows = [gateway({ name: 'Gw-1-renamed' }), rows[1]!];
    await socket.emit({ type: 'systemDevice.changed', kind: 'dbGateway', id: 'dbg-1', removed: false, at: 1 });
    await waitFor(() => expect(screen.getByTestId('entities-row-dbg-1')).toHaveTextContent('Gw-1-renamed'), { timeout: 3000 });
  });

  it('servers of no inventory: nothing is read, the list says why', async () => {
    const api = new FakeApi();
    await renderWithApp(<ContractorEntities kind="mmh_servers" />, {
      user: makeUser(['luc_contractor'], { inventories: [] }),
      route: '/entities/mmh_servers',
      api,
    });
    expect(await screen.findByTestId('entities-empty')).toHaveTextContent('You have no inventory');
    expect(api.calls('adminInventoryServers')).toHaveLength(0);
  });
});
