/**
 * The group modal's default configuration tab (spec 001 §3 Group "default configuration", §5 "Max
 * Cellular Capping cannot be higher than Max Total Capping"): the rule is checked inline before
 * anything is sent.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import { FakeApi, fieldErrors } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import DefaultConfigurationTab from './DefaultConfigurationTab';

describe('Groups: the default configuration', () => {
  it('refuses a cellular capping above the total capping inline in the spec’s words and saves nothing', async () => {
    const api = new FakeApi().on('getGroupDefaultConfiguration', { groupId: 'g1', exists: true, settings: { delayMs: 2000 }, version: 3 });
    const { user } = await renderWithApp(<DefaultConfigurationTab groupId="g1" />, { roles: ['luc_admin'], api });

    const tab = await screen.findByTestId('group-default-configuration');
    await fill(user, screen.getByTestId('group-default-total'), '2000');
    await fill(user, screen.getByTestId('group-default-cellular'), '3000');
    await user.click(screen.getByTestId('group-default-save'));

    expect(await within(tab).findByText(VALIDATION.cellularAboveTotal)).toBeVisible();
    expect(api.calls('updateGroupDefaultConfiguration')).toHaveLength(0);
    expect(api.calls('createGroupDefaultConfiguration')).toHaveLength(0);
  });

  it('shows the core’s refusal of a field the form does not show at the form level, named, once', async () => {
    const api = new FakeApi()
      .on('getGroupDefaultConfiguration', { groupId: 'g1', exists: true, settings: { delayMs: 2000 }, version: 3 })
      .on('updateGroupDefaultConfiguration', fieldErrors([{ path: 'body.inventoryId', message: VALIDATION.required }]));
    const { user } = await renderWithApp(<DefaultConfigurationTab groupId="g1" />, { roles: ['luc_admin'], api });

    const tab = await screen.findByTestId('group-default-configuration');
    await fill(user, screen.getByTestId('group-default-total'), '2000');
    await user.click(screen.getByTestId('group-default-save'));

    expect(await within(tab).findByTestId('group-default-unshown')).toHaveTextContent('Inventory: This field is required');
    expect(within(tab).getAllByText(/This field is required/)).toHaveLength(1);
    expect(api.calls('updateGroupDefaultConfiguration')).toHaveLength(1);
  });
});
