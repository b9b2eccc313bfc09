/**
 * Software versions by product (spec 001 §2 /system_settings software_version_product): one row
 * per product with the versions supporting it (each removable over its row version) and the
 * picker of the versions it may still take; a product without versions says so.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import SoftwareVersionProductsSetting from './SoftwareVersionProductsSetting';

const V81 = { id: 'v81', number: '8.1', deprecated: false, version: 4 };
const V82 = { id: 'v82', number: '8.2', deprecated: false, version: 2 };

describe('System settings: software versions by product', () => {
  it('lists each product with its versions, and removes one over its row version', async () => {
    const api = new FakeApi()
      .on('listSoftwareVersionProducts', {
        products: [
          { product: 'extenderDevices', versions: [V81] },
          { product: 'fieldUnits', versions: [] },
        ],
        versions: [
          { ...V82, supportedDevices: [] },
          { ...V81, supportedDevices: ['extenderDevices'] },
        ],
      })
      .on('removeSoftwareVersionProduct', { id: 'v81', number: '8.1', supportedDevices: [], version: 5 });
    const { user } = await renderWithApp(<SoftwareVersionProductsSetting kind="software_version_product" />, { api, realtime: false });
    const table = await screen.findByTestId('settings-sw-products-grid');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
    expect(screen.getByTestId('settings-sw-products-version-extenderDevices-8.1')).toHaveTextContent('8.1');
    expect(screen.getByTestId('settings-sw-products-row-fieldUnits')).toBeVisible();
    expect(screen.getByTestId('settings-sw-products-add-extenderDevices')).toBeDisabled();
    await user.click(screen.getByTestId('settings-sw-products-remove-extenderDevices-8.1'));
    expect(api.calls('removeSoftwareVersionProduct')[0]?.query.get('version')).toBe('4');
  });
});
