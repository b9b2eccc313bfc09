/**
 * /users kept current over /ws: a user changed elsewhere shows changed in the list (the list read
 * again), and the organisation's user licences are read again on every user event.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeUserAccount } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import { ROUTES, type PageRoute } from '../../routing/routes';
import UsersPage from './Users.page';

const USERS_ROUTE = ROUTES.find((r): r is PageRoute => r.kind === 'page' && r.page === 'users');

describe('/users: live', () => {
  it('reads the list and the licences again when a user changes', async () => {
    if (USERS_ROUTE === undefined) throw new Error('no users route');
    const users = { current: [] as ReturnType<typeof makeUserAccount>[] };
    let active = 3;
    const api = new FakeApi()
      .on('searchUsers', ({ query }) => ({ items: users.current, total: users.current.length, offset: query.offset, limit: query.limit }))
      .on('getUserLicences', () => ({ organisationId: 'org-1', activeUsers: active, maxUsers: 10, available: 10 - active }));
    const { socket, settled } = await renderWithApp(<UsersPage route={USERS_ROUTE} />, { roles: ['luc_admin'], route: '/users', api });
    expect(await screen.findByTestId('users-empty')).toBeVisible();
    expect(await screen.findByTestId('users-licences')).toHaveAttribute('data-active', '3');
    await settled();

    const grace = makeUserAccount({ id: 'u-grace', username: 'grace', firstName: 'Grace', lastName: 'Hopper', version: 1 });
    users.current = [grace];
    active = 4;
    await socket.emit({ type: 'user.changed', user: grace, at: 1 });
    await waitFor(() => expect(screen.getByTestId('user-name-u-grace')).toHaveTextContent('Grace Hopper'));
    expect(screen.getByTestId('users-summary')).toHaveAttribute('data-total', '1');
    await waitFor(() => expect(screen.getByTestId('users-licences')).toHaveAttribute('data-active', '4'));
  });
});
