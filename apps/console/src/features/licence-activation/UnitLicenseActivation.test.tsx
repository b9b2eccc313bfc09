/**
 * /unit_license_activation: super users and staff size an inventory's licence pool (the chosen
 * licence's total put in the form, a total below the licences in use refused before it is sent,
 * the answer shown in the pool), and a user the catalogue does not let size it does not see the form.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION, type LicenceActivationView } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import UnitLicenseActivationPage from './UnitLicenseActivation.page';

function licenceCore(): FakeApi {
  let slaTotal = 3;
  const view = (): LicenceActivationView => ({
    inventoryId: 'inv1',
    canActivate: true,
    pool: [{ serviceName: 'sla', total: slaTotal, used: 2, available: slaTotal - 2 }],
    units: [{ unitId: 'u1', name: 'LU800-1', productType: 'LU800', active: ['sla'] }],
  });
  return new FakeApi()
    .on('getLicenceActivation', () => view())
    .on('setLicencePool', ({ body }) => {
      slaTotal = body.total;
      return view();
    });
}

describe('/unit_license_activation: the licence pool', () => {
  it('sets the pool of a licence: its total is put in, a total below those in use is refused, then the pool shows the new size', async () => {
    const api = licenceCore();
    const { user } = await renderWithApp(<UnitLicenseActivationPage />, { roles: ['super_user'], api });
    expect(await screen.findByTestId('licence-pool-sla')).toHaveTextContent('SLA: 2 of 3 in use');
    await user.click(screen.getByTestId('licence-pool-form-serviceName'));
    await user.click(await screen.findByRole('option', { name: 'SLA' }));
    expect(screen.getByTestId('licence-pool-form-total')).toHaveValue('3');
    await fill(user, screen.getByTestId('licence-pool-form-total'), '1');
    await user.click(screen.getByTestId('licence-pool-form-save'));
    expect(await screen.findByTestId('licence-pool-form-error.total')).toHaveTextContent(VALIDATION.minValue(2));
    expect(api.calls('setLicencePool')).toHaveLength(0);
    await fill(user, screen.getByTestId('licence-pool-form-total'), '5');
    await user.click(screen.getByTestId('licence-pool-form-save'));
    await waitFor(() => expect(api.calls('setLicencePool')).toHaveLength(1));
    expect(api.calls('setLicencePool')[0]?.url).toBe('/api/v2/admin/inventories/inv1/licencePool');
    expect(api.calls('setLicencePool')[0]?.body).toEqual({ serviceName: 'sla', total: 5 });
    await waitFor(() => expect(screen.getByTestId('licence-pool-sla')).toHaveTextContent('SLA: 2 of 5 in use'));
    expect(await screen.findByText('SLA pool set to 5')).toBeInTheDocument();
  });

  it('does not offer the pool to an inventory admin', async () => {
    await renderWithApp(<UnitLicenseActivationPage />, { roles: ['luc_admin'], api: licenceCore() });
    expect(await screen.findByTestId('licence-pool-sla')).toBeInTheDocument();
    expect(screen.queryByTestId('licence-pool-form')).not.toBeInTheDocument();
  });
});

describe('/unit_license_activation: a user without the permission', () => {
  it('sees the switches read-only, with the spec’s tooltip', async () => {
    const api = new FakeApi().on('getLicenceActivation', {
      inventoryId: 'inv1',
      canActivate: false,
      pool: [{ serviceName: 'sla', total: 3, used: 2, available: 1 }],
      units: [{ unitId: 'u1', name: 'LU800-1', productType: 'LU800', active: ['sla'] }],
    });
    const { user } = await renderWithApp(<UnitLicenseActivationPage />, { roles: ['luc_media_group_admin'], api });

    const readOnly = await screen.findByTestId('licence-readonly-u1-sla');
    expect(screen.getByTestId('licence-u1-sla')).toBeDisabled();
    await user.hover(readOnly);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Not available for your user type');
  });
});
