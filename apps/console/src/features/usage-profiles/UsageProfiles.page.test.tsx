/**
 * /usage_profiles (spec 001 §3 Usage profile, §5 "reset day 1-31 and required; name unique;
 * default profiles ... cannot be deleted"): the §5 rules inline in the spec's words before anything
 * is sent, and the core's refusal of a default profile's deletion shown in the confirmation.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role, UsageProfile } from '@fleet/contracts';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import UsageProfilesPage from './UsageProfiles.page';

const DEFAULT_DATA: UsageProfile = {
  id: 'usp-data-default',
  name: 'Default-Data',
  type: 'data',
  quotaPerMonth: 100,
  resetDay: 1,
  isDefault: true,
  inventoryId: null,
  unitCount: 2,
  version: 0,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
};

function profilesCore(): FakeApi {
  return new FakeApi()
    .on('listInventoryUsageProfiles', ({ query }) => ({ items: [DEFAULT_DATA], total: 1, offset: query.offset, limit: query.limit }))
    .on('deleteUsageProfile', () => apiError('USAGE_PROFILE_DEFAULT'));
}

async function openProfiles(roles: Role[], api: FakeApi) {
  const rendered = await renderWithApp(<UsageProfilesPage />, { roles, route: '/usage_profiles', api });
  expect(await screen.findByTestId('usage-profile-row-usp-data-default')).toBeVisible();
  return rendered;
}

describe('/usage_profiles', () => {
  it('shows the §5 rules inline in the spec’s words and sends nothing', async () => {
    const api = profilesCore();
    const { user } = await openProfiles(['luc_admin'], api);
    await user.click(screen.getByTestId('usage-profiles-create'));
    await user.click(await screen.findByTestId('usage-profile-save'));
    expect(screen.getByTestId('usage-profile-error.name')).toHaveTextContent('This field is required');
    expect(screen.getByTestId('usage-profile-error.quotaPerMonth')).toHaveTextContent('Numeric value is required');
    await fill(user, screen.getByTestId('usage-profile-name'), 'Default-Data');
    expect(screen.getByTestId('usage-profile-error.name')).toHaveTextContent('Name field has to be unique');
    await fill(user, screen.getByTestId('usage-profile-quota'), '10');
    await fill(user, screen.getByTestId('usage-profile-reset-day'), '32');
    expect(screen.getByTestId('usage-profile-error.resetDay')).toHaveTextContent('Must be 31 or less');
    await fill(user, screen.getByTestId('usage-profile-reset-day'), '');
    expect(screen.getByTestId('usage-profile-error.resetDay')).toHaveTextContent('This field is required');
    await user.click(screen.getByTestId('usage-profile-save'));
    expect(api.calls('createUsageProfile')).toHaveLength(0);
    await user.click(screen.getByTestId('usage-profile-cancel'));
  });

  it('shows a global role the core’s refusal to delete a default profile', async () => {
    const { user } = await openProfiles(['super_user'], profilesCore());
    await user.click(screen.getByTestId('usage-profile-delete-usp-data-default'));
    await user.click(await screen.findByTestId('usage-profile-delete-confirm'));
    expect(await screen.findByTestId('usage-profile-delete-error')).toHaveTextContent('Default usage profiles cannot be deleted');
    await user.click(screen.getByTestId('usage-profile-delete-cancel'));
    await waitFor(() => expect(screen.queryByTestId('usage-profile-delete-confirm')).not.toBeInTheDocument());
    expect(screen.getByTestId('usage-profile-row-usp-data-default')).toBeVisible();
  });

  it('shows the core’s refusal of a name under the field and keeps the form open', async () => {
    const api = profilesCore().on('createUsageProfile', () => apiError('VALIDATION_FAILED', [{ path: 'body.name', message: 'Name field has to be unique' }]));
    const { user } = await openProfiles(['luc_admin'], api);
    await user.click(screen.getByTestId('usage-profiles-create'));
    await fill(user, await screen.findByTestId('usage-profile-name'), 'Field');
    await fill(user, screen.getByTestId('usage-profile-quota'), '10');
    await user.click(screen.getByTestId('usage-profile-save'));
    expect(await screen.findByTestId('usage-profile-error.name')).toHaveTextContent('Name field has to be unique');
    expect(api.calls('createUsageProfile')[0]?.body).toEqual({ name: 'Field', type: 'data', quotaPerMonth: 10, resetDay: 1 });
    expect(screen.getByTestId('usage-profile-modal')).toBeInTheDocument();
  });
});
