/**
 * /system_settings/modem_vendor (spec 001 §2; support-staff menu "Modems Vendor/Model"): staff reach
 * it and Client Application from the menu; a vendor's models are edited (the vendor read fresh), a
 * repeated model (case aside) refused inline before anything is sent.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { ModemVendor } from '@fleet/contracts';
import { routeObjects } from '../../Router';
import { FakeApi } from '../../test-utils/fakeApi';
import { fill, renderRoutes, renderWithApp } from '../../test-utils/render';
import ModemVendorsSetting from './ModemVendorsSetting';

const VENDOR: ModemVendor = {
  id: 'mv-1',
  name: 'E2E-vendor',
  models: [{ name: 'X1' }, { name: 'X2' }],
  version: 0,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
};

function vendorsCore(): FakeApi {
  let vendor = VENDOR;
  return new FakeApi()
    .on('fetchDevices', [])
    .on('searchClientApplications', ({ query }) => ({ items: [], total: 0, offset: query.offset, limit: query.limit }))
    .on('searchModemVendors', ({ query }) => ({ items: [vendor], total: 1, offset: query.offset, limit: query.limit }))
    .on('getModemVendor', () => vendor)
    .on('updateModemVendor', ({ body }) => {
      vendor = {
        ...vendor,
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.models !== undefined ? { models: body.models } : {}),
        version: vendor.version + 1,
      };
      return vendor;
    });
}

describe('/system_settings/modem_vendor', () => {
  it('staff open Client Application and Modems Vendor/Model from the menu', async () => {
    const { user, router } = await renderRoutes(routeObjects, { route: '/list?ignoreRouteDefault=1', roles: ['staff'], api: vendorsCore() });
    await user.click(await screen.findByTestId('nav-supportStaff', undefined, { timeout: 3000 }));
    await user.click(await screen.findByTestId('nav-clientApplication'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system_settings/client_application'));
    expect(await screen.findByTestId('settings-client_application', undefined, { timeout: 3000 })).toBeVisible();
    await user.click(screen.getByTestId('nav-modemsVendorModel'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system_settings/modem_vendor'));
    expect(screen.getByTestId('section-tab-modem_vendor')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('settings-modem_vendor-row-mv-1', undefined, { timeout: 3000 })).toHaveTextContent('X1, X2');
  });

  it("edits a vendor's models read fresh; a repeated model is refused inline, nothing sent", async () => {
    const api = vendorsCore();
    const { user } = await renderWithApp(<ModemVendorsSetting kind="modem_vendor" />, { roles: ['staff'], route: '/system_settings/modem_vendor', api });
    await user.click(await screen.findByTestId('settings-modem_vendor-edit-mv-1'));
    await user.click(await screen.findByTestId('settings-modem_vendor-model-add'));
    await fill(user, screen.getByTestId('settings-modem_vendor-model-2'), 'x1');
    await user.click(screen.getByTestId('settings-modem_vendor-save'));
    expect(screen.getByTestId('settings-modem_vendor-error.models.2.name')).toHaveTextContent(VALIDATION.fieldUnique);
    expect(api.calls('updateModemVendor')).toHaveLength(0);
    // Rename the repeat, rename X2, remove X1.
    await fill(user, screen.getByTestId('settings-modem_vendor-model-2'), 'X3');
    await fill(user, screen.getByTestId('settings-modem_vendor-model-1'), 'X2-Pro');
    await user.click(screen.getByTestId('settings-modem_vendor-model-remove-0'));
    await user.click(screen.getByTestId('settings-modem_vendor-save'));
    expect(await screen.findByText('Modem vendor E2E-vendor saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('settings-modem_vendor-modal')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('settings-modem_vendor-row-mv-1')).toHaveTextContent('X2-Pro, X3'));
    expect(api.calls('getModemVendor')[0]?.url).toBe('/api/v2/admin/modemVendors/mv-1');
    expect(api.calls('updateModemVendor')[0]?.body).toMatchObject({ models: [{ name: 'X2-Pro' }, { name: 'X3' }], version: 0 });
  });
});
