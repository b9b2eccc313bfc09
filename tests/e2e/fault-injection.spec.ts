/**
 * Fault injection from the console (mock only): a super user fails a modem from a unit's Simulate
 * menu (its form derived from the contracts' schema), sees the modem not connected on the unit's
 * detail, finds the fault in the Simulator panel's active faults with its target and parameters,
 * clears all, and sees the list empty and the modem connected again.
 */
import { expect, test } from '@playwright/test';
import { login } from './support';

/** A unit with eight modems that no other spec fails a modem of. */
const UNIT = 'LU800-0004';
const PORT = 3;

test('a modem failed from the unit’s Simulate menu shows on the unit and in the panel, and Clear all brings it back', async ({ page }) => {
  await login(page, 'super_user');
  await page.goto(`/list?unit=${UNIT}&ignoreRouteDefault=1`);
  const detail = page.getByTestId('unit-detail');
  const modem = detail.getByTestId(`unit-detail-modem-${UNIT}-m${PORT}`);
  await expect(modem).toHaveAttribute('data-state', 'connected');
  const name = (await detail.getByTestId('unit-detail-name').textContent()) ?? '';

  await detail.getByTestId('simulate-menu-unit').click();
  await page.getByTestId('simulate-modemFail').click();
  const form = page.getByTestId('fault-form');
  await expect(form).toHaveAttribute('data-fault', 'modemFail');
  await form.getByTestId('fault-field-modem').fill(String(PORT));
  await page.getByTestId('fault-modal-apply').click();
  await expect(page.getByTestId('fault-form')).toBeHidden();

  // The unit reports the modem down: the detail follows over /ws.
  await expect(modem).not.toHaveAttribute('data-state', 'connected');

  await page.getByTestId('nav-simulator').click();
  const fault = page.locator(`[data-testid="active-fault"][data-fault-id="unit:${UNIT}:modem:${PORT}:network"]`);
  await expect(fault.getByTestId('active-fault-target')).toHaveText(name);
  await expect(fault.getByTestId('active-fault-kind')).toHaveText('Fail a modem');
  await expect(fault.getByTestId('active-fault-params')).toHaveText(`Modem port: ${PORT}`);
  await page.getByTestId('simulator-faults-clear-all').click();
  await expect(page.getByTestId('simulator-faults-none')).toBeVisible();

  await page.goto(`/list?unit=${UNIT}&ignoreRouteDefault=1`);
  await expect(modem).toHaveAttribute('data-state', 'connected');
});
