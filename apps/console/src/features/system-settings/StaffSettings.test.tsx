/**
 * /system_settings for support staff (spec 001 §2 "platform admin console", §6 staff): the software
 * versions and the versions by product, then the stream providers through the section's tabs on the
 * app's own route table, and the section in Chinese once the language is switched.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SoftwareVersion } from '@fleet/contracts';
import zh from '../../i18n/areas/streamSettings.zh.json';
import { routeObjects } from '../../Router';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderRoutes } from '../../test-utils/render';

const AT = '2026-01-10T09:00:00.000Z';
const v101: SoftwareVersion = {
  id: 'swv-10-1',
  number: '10.1',
  description: '',
  releaseNotesUrl: null,
  supportedDevices: ['fieldUnits'],
  inventories: [],
  global: true,
  deprecated: false,
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

describe('/system_settings: support staff', () => {
  it('sees the software versions and the versions by product, then the stream providers, in Chinese once switched', async () => {
    const api = new FakeApi()
      .on('listSoftwareVersions', ({ query }) => page([v101], query))
      .on('listSoftwareVersionProducts', {
        products: [{ product: 'fieldUnits', versions: [{ id: 'swv-10-1', number: '10.1', deprecated: false, version: 0 }] }],
        versions: [{ id: 'swv-10-1', number: '10.1', deprecated: false, version: 0, supportedDevices: ['fieldUnits'] }],
      })
      .on('listStreamProviders', ({ query }) => page([], query));
    const { user } = await renderRoutes(routeObjects, { route: '/system_settings/software_version?ignoreRouteDefault=1', roles: ['staff'], api });

    expect(await screen.findByTestId('sw-versions-table', undefined, { timeout: 5000 })).toBeVisible();
    expect(await screen.findByTestId('sw-version-row-swv-10-1')).toBeVisible();
    await user.click(screen.getByTestId('section-tab-software_version_product'));
    expect(await screen.findByTestId('settings-sw-products-row-fieldUnits', undefined, { timeout: 5000 })).toBeVisible();
    expect(screen.getAllByTestId(/^settings-sw-products-version-/).length).toBeGreaterThan(0);
    await user.click(screen.getByTestId('section-tab-stream_providers'));
    expect(await screen.findByTestId('settings-stream-providers-add', undefined, { timeout: 5000 })).toBeVisible();

    await user.click(screen.getByTestId('language-switch'));
    await user.click(await screen.findByTestId('language-switch-zh'));
    await waitFor(() => expect(screen.getByTestId('settings-stream-providers-add')).toHaveTextContent(zh.providers.add));
  }, 30_000);
});
