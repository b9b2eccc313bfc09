/**
 * The user modal's "unit and license activation" permission: an admin grants it and then revokes
 * it (the call made, the state and the toast shown), and a user the catalogue does not let make the
 * call does not see the section.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeUserAccount } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import UserModal from './UserModal';

const noop = () => undefined;

function core(): FakeApi {
  return new FakeApi()
    .on('getUser', makeUserAccount({ id: 'u2', username: 'anna.berg' }))
    .on('setLicencePermission', ({ params, body }) => ({ userId: params.id, granted: body.granted }));
}

describe('UserModal: the unit and license activation permission', () => {
  it('grants the permission, then revokes it', async () => {
    const api = core();
    const { user } = await renderWithApp(<UserModal userId="u2" onClose={noop} onCreated={noop} />, { roles: ['luc_admin'], api });
    await user.click(await screen.findByTestId('user-licence-permission-grant'));
    await waitFor(() => expect(screen.getByTestId('user-licence-permission-state')).toHaveTextContent('Granted'));
    expect(api.calls('setLicencePermission')[0]?.url).toBe('/api/v2/admin/users/u2/permissions/unitLicenseActivation');
    expect(api.calls('setLicencePermission')[0]?.body).toEqual({ granted: true });
    expect(await screen.findByText('Unit and license activation granted to anna.berg')).toBeInTheDocument();
    await user.click(screen.getByTestId('user-licence-permission-revoke'));
    await waitFor(() => expect(screen.getByTestId('user-licence-permission-state')).toHaveTextContent('Not granted'));
    expect(api.calls('setLicencePermission')[1]?.body).toEqual({ granted: false });
  });

  it('is not offered to a partner', async () => {
    await renderWithApp(<UserModal userId="u2" onClose={noop} onCreated={noop} />, { roles: ['luc_partner'], api: core() });
    expect(await screen.findByTestId('user-editor')).toBeInTheDocument();
    expect(screen.queryByTestId('user-licence-permission')).not.toBeInTheDocument();
  });
});
