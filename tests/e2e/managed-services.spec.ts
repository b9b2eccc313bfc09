/**
 * /inventory_services (spec 001 §2 services for the manage roles; §3 managed services and plan
 * types; §4 service and trial states; §9 trials) in Chromium against the real stack: the current
 * inventory's services with their state badges, an offered trial started (30 days left), a trial
 * ending seen flipping to "Trial expired" without a reload, super users' admin controls with the
 * spec's message inline. A partner without the start-trial action (InventoryServices.test.tsx) and
 * a role without access sent to the unit list (routing/ManageGuards.test.tsx) are asserted by
 * component tests. Every change is undone at the end (the stack is shared between specs).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './sandbox';
import type { ManagedService, ManagedServiceList } from '@fleet/contracts';
import { apiAs, signIn, reloadInPlace } from './support';

async function openServices(page: Page): Promise<void> {
  await page.goto('inventory_services?ignoreRouteDefault=1');
  await expect(page.getByTestId('inventory-services-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('inventory-services-inventory')).toHaveValue('Global-News', { timeout: 30_000 });
  await expect(page.getByTestId('service-card-go_plan')).toBeVisible({ timeout: 30_000 });
}

async function serviceOf(api: APIRequestContext, name: string): Promise<ManagedService> {
  const list = (await (await api.get('api/v2/inventories/inv-global/managedServices')).json()) as ManagedServiceList;
  return list.items.find((s) => s.serviceName === name)!;
}

/** Puts a service back as it was (status, trial, quota; the services touched here store the states they read), over its current version. */
async function restore(api: APIRequestContext, before: ManagedService): Promise<void> {
  const now = await serviceOf(api, before.serviceName);
  const res = await api.put(`api/v2/admin/inventories/inv-global/managedServices/${before.serviceName}`, {
    data: {
      version: now.version,
      status: before.status ?? 'disabled',
      trialState: before.trialState,
      trialEndsAt: before.trialEndsAt,
      expiresAt: before.expiresAt,
      usageKind: before.usageKind,
      quota: before.quota,
      planType: before.planType,
    },
  });
  expect(res.ok()).toBe(true);
}

test('an admin sees the services with their states and starts an offered trial of 30 days', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'super_user');
  const before = await serviceOf(api, 'smart_plan');
  try {
    await signIn(page, 'luc_admin');
    await openServices(page);
    await expect(page.getByTestId('service-state-go_plan')).toHaveAttribute('data-value', 'enabled');
    await expect(page.getByTestId('service-usage-go_plan')).toContainText('2000 GB');
    await expect(page.getByTestId('service-state-graphics')).toHaveText('Enabled');
    await expect(page.getByTestId('service-state-smart_plan')).toHaveText('Not enabled');
    // No admin controls for an inventory admin.
    await expect(page.getByTestId('service-admin-go_plan')).toHaveCount(0);
    await page.getByTestId('service-start-trial-smart_plan').click();
    await expect(page.getByTestId('service-state-smart_plan')).toHaveText('On trial');
    await expect(page.getByTestId('service-trial-days-smart_plan')).toHaveText('30 days of trial left');
    await expect(page.getByTestId('service-start-trial-smart_plan')).toHaveCount(0);
    // Stored: still on trial after a reload.
    await reloadInPlace(page);
    await expect(page.getByTestId('service-state-smart_plan')).toHaveAttribute('data-value', 'onTrial', { timeout: 30_000 });
  } finally {
    await restore(api, before);
    await api.dispose();
  }
});

test('a trial running out flips to Trial expired without a reload', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'super_user');
  const before = await serviceOf(api, 'alerts_adv');
  try {
    await signIn(page, 'luc_admin');
    await openServices(page);
    // Another session (an operator's script) starts a trial that ends in a few seconds.
    const current = await serviceOf(api, 'alerts_adv');
    const res = await api.put('api/v2/admin/inventories/inv-global/managedServices/alerts_adv', {
      data: { version: current.version, status: 'disabled', trialState: 'activeTrial', trialEndsAt: new Date(Date.now() + 12_000).toISOString() },
    });
    expect(res.ok()).toBe(true);
    await expect(page.getByTestId('service-state-alerts_adv')).toHaveAttribute('data-value', 'onTrial', { timeout: 12_000 });
    await expect(page.getByTestId('service-state-alerts_adv')).toHaveText('Trial expired', { timeout: 30_000 });
  } finally {
    await restore(api, before);
    await api.dispose();
  }
});

test('a super user offers a trial, enables a service and sees the quota rule inline', async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL, 'super_user');
  const before = await serviceOf(api, 'field_server');
  try {
    await signIn(page, 'super_user');
    await page.goto('inventory_services?ignoreRouteDefault=1');
    await expect(page.getByTestId('inventory-services-page')).toBeVisible({ timeout: 30_000 });
    const picker = page.getByTestId('inventory-services-inventory');
    if ((await picker.inputValue()) !== 'Global-News') {
      await picker.click();
      await page.getByRole('option', { name: 'Global-News', exact: true }).click();
    }
    await expect(page.getByTestId('service-admin-field_server')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('service-offerTrial-field_server').click();
    await expect(page.getByTestId('service-state-field_server')).toHaveAttribute('data-value', 'notEnabled');
    await expect(page.getByTestId('service-start-trial-field_server')).toBeVisible();
    await page.getByTestId('service-enable-field_server').click();
    await expect(page.getByTestId('service-state-field_server')).toHaveText('Enabled');
    await page.getByTestId('service-quota-field_server').fill('-5');
    await page.getByTestId('service-save-quota-field_server').click();
    await expect(page.getByTestId('service-admin-field_server')).toContainText('Must be 0 or more');
  } finally {
    await restore(api, before);
    await api.dispose();
  }
});
