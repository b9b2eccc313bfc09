/**
 * /system_entities/users (spec 001 §3 User; §5 "User needs at least one inventory"): the list over
 * v2/users, a user opened in the /users modal with the user's inventories among every inventory the
 * admin sees (GET and PUT v2/users/{id}/inventories: one joins, one leaves, the last one refused in
 * the spec's words), and the user deleted after the confirmation.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { AdminInventory, UserAccount, UserInventoryRef } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeUserAccount } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import UsersEntity from './UsersEntity';

const AT = '2026-01-10T09:00:00.000Z';
const inventory = (id: string, name: string): AdminInventory => ({
  id,
  name,
  region: '',
  parentId: null,
  parentName: null,
  sipServer: null,
  childCount: 0,
  version: 1,
  createdAt: AT,
  updatedAt: AT,
});
const INVENTORIES = [inventory('inv1', 'Inventory 1'), inventory('inv-b', 'Bravo')];

function usersCore(): FakeApi {
  let held: UserInventoryRef[] = [{ id: 'inv1', name: 'Inventory 1' }];
  let exists = true;
  const detail = () => makeUserAccount({ inventories: held });
  const row = (): UserAccount => {
    const { groups: _groups, ...listed } = detail();
    return listed;
  };
  return new FakeApi()
    .on('searchUsers', ({ query }) => ({ items: exists ? [row()] : [], total: exists ? 1 : 0, offset: query.offset, limit: query.limit }))
    .on('getUser', () => detail())
    .on('getUserInventories', () => held)
    .on('searchAdminInventories', ({ query }) => ({ items: INVENTORIES, total: INVENTORIES.length, offset: query.offset, limit: query.limit }))
    .on('setUserInventories', ({ body }) => {
      held = INVENTORIES.filter((i) => body.inventoryIds.includes(i.id)).map((i) => ({ id: i.id, name: i.name }));
      return held;
    })
    .on('deleteUser', ({ params }) => {
      exists = false;
      return { id: params.id, deleted: true as const };
    });
}

describe('/system_entities/users', () => {
  it('gives an opened user another inventory and takes one away (getUserInventories, setUserInventories), refusing the last one in the spec’s words', async () => {
    const api = usersCore();
    const { user } = await renderWithApp(<UsersEntity kind="users" />, { roles: ['super_user'], route: '/system_entities/users', api });
    expect(await screen.findByTestId('users-row-u2')).toHaveTextContent('Inventory 1');
    expect(screen.getByTestId('users-new')).toBeInTheDocument();
    await user.click(screen.getByTestId('users-row-u2'));
    expect(await screen.findByTestId('user-inventories-member-inv1', {}, { timeout: 5000 })).toHaveTextContent('Inventory 1');

    await user.click(screen.getByTestId('user-inventories-candidate'));
    await user.click(await screen.findByRole('option', { name: 'Bravo' }));
    await user.click(screen.getByTestId('user-inventories-add'));
    expect(await screen.findByTestId('user-inventories-member-inv-b')).toBeInTheDocument();
    expect(api.calls('setUserInventories')[0]).toMatchObject({ params: { id: 'u2' }, body: { inventoryIds: ['inv1', 'inv-b'] } });

    await user.click(screen.getByTestId('user-inventories-remove-inv1'));
    await waitFor(() => expect(screen.queryByTestId('user-inventories-member-inv1')).not.toBeInTheDocument());
    expect(api.calls('setUserInventories')[1]?.body).toEqual({ inventoryIds: ['inv-b'] });

    await user.click(screen.getByTestId('user-inventories-remove-inv-b'));
    expect(await screen.findByTestId('user-inventories-error')).toHaveTextContent(VALIDATION.userInventoryRequired);
    expect(screen.getByTestId('user-inventories-member-inv-b')).toBeInTheDocument();
    expect(api.calls('getUserInventories').length).toBeGreaterThan(0);
  });

  it('deletes a user after the confirmation', async () => {
    const api = usersCore();
    const { user } = await renderWithApp(<UsersEntity kind="users" />, { roles: ['super_user'], route: '/system_entities/users', api });
    await user.click(await screen.findByTestId('users-row-u2'));
    await user.click(await screen.findByTestId('user-delete'));
    await user.click(screen.getByTestId('user-delete-yes'));
    expect(await screen.findByTestId('users-empty')).toBeInTheDocument();
    expect(api.calls('deleteUser')[0]?.params).toEqual({ id: 'u2' });
  });
});
