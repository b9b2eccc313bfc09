/**
 * /inventory_services: super users and staff read the inventory's services through the admin call
 * and change one with the version that read gave; an inventory manager reads the normal call and
 * is offered no admin change.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ManagedService } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import InventoryServicesPage from './InventoryServices.page';

const service = (over: Partial<ManagedService> = {}): ManagedService => ({
  inventoryId: 'inv1',
  serviceName: 'graphics',
  status: 'disabled',
  trialState: null,
  state: 'notEnabled',
  usable: false,
  trialAvailable: false,
  trialStartedAt: null,
  trialEndsAt: null,
  trialHoursUsed: null,
  trialHoursLeft: null,
  expiresAt: null,
  usageKind: 'na',
  quota: null,
  used: null,
  planType: null,
  version: 6,
  ...over,
});

function core(): FakeApi {
  return new FakeApi()
    .on('listManagedServices', ({ params }) => ({ inventoryId: params.id, items: [service({ version: 5 })] }))
    .on('listAdminManagedServices', ({ params }) => ({ inventoryId: params.id, items: [service()] }))
    .on('updateAdminManagedService', ({ body }) => service({ status: 'enabled', state: 'enabled', usable: true, version: (body.version ?? 0) + 1 }));
}

describe('/inventory_services: the admin read of the services', () => {
  it('reads the services through the admin call and enables one with the version it gave', async () => {
    const api = core();
    const { user } = await renderWithApp(<InventoryServicesPage />, { roles: ['super_user'], api });
    expect(await screen.findByTestId('service-state-graphics')).toHaveAttribute('data-value', 'notEnabled');
    expect(api.calls('listAdminManagedServices')[0]?.url).toBe('/api/v2/admin/inventories/inv1/managedServices');
    expect(api.calls('listManagedServices')).toHaveLength(0);
    await user.click(screen.getByTestId('service-enable-graphics'));
    await waitFor(() => expect(api.calls('updateAdminManagedService')).toHaveLength(1));
    expect(api.calls('updateAdminManagedService')[0]?.body).toEqual({ version: 6, status: 'enabled' });
    await waitFor(() => expect(screen.getByTestId('service-state-graphics')).toHaveAttribute('data-value', 'enabled'));
  });

  it('reads the normal call for an inventory manager, with no admin change offered', async () => {
    const api = core();
    await renderWithApp(<InventoryServicesPage />, { roles: ['luc_admin'], api });
    expect(await screen.findByTestId('service-state-graphics')).toBeInTheDocument();
    expect(api.calls('listManagedServices')).not.toHaveLength(0);
    expect(api.calls('listAdminManagedServices')).toHaveLength(0);
    expect(screen.queryByTestId('service-admin-graphics')).not.toBeInTheDocument();
  });

  it('shows a partner the services without the start-trial action an admin is offered, nor an admin change', async () => {
    const api = new FakeApi().on('listManagedServices', ({ params }) => ({
      inventoryId: params.id,
      items: [service({ serviceName: 'smart_plan', trialAvailable: true })],
    }));
    const { unmount } = await renderWithApp(<InventoryServicesPage />, { roles: ['luc_admin'], api });
    expect(await screen.findByTestId('service-start-trial-smart_plan')).toBeVisible();
    unmount();

    await renderWithApp(<InventoryServicesPage />, { roles: ['luc_partner'], api });
    expect(await screen.findByTestId('service-state-smart_plan')).toHaveAttribute('data-value', 'notEnabled');
    expect(screen.queryAllByTestId(/^service-start-trial-/)).toHaveLength(0);
    expect(screen.queryAllByTestId(/^service-admin-/)).toHaveLength(0);
  });
});
