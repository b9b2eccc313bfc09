/**
 * /system_entities/groups (spec 001 §3 Group; §5 names): the form's own rules before anything is
 * sent (name characters, an inventory required), the core's refusal of a name its inventory has on
 * the field, and a create that turns the modal into the group's editor.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { AdminInventory, GroupDetail, GroupListRow } from '@fleet/contracts';
import { FakeApi, fieldErrors } from '../../test-utils/fakeApi';
import { makeGroupDetail, makeGroupRow } from '../../test-utils/fixtures';
import { fill, renderWithApp } from '../../test-utils/render';
import GroupsEntity from './GroupsEntity';

const AT = '2026-01-10T09:00:00.000Z';
const GLOBAL: AdminInventory = { id: 'inv-global', name: 'Global-News', region: '', parentId: null, parentName: null, sipServer: null, childCount: 0, version: 0, createdAt: AT, updatedAt: AT };

/** The core's groups in memory; a name is unique within its inventory. */
function groupsCore(): FakeApi {
  let rows: GroupListRow[] = [makeGroupRow({ id: 'grp-newsroom', name: 'Newsroom', inventoryId: GLOBAL.id, inventoryName: GLOBAL.name })];
  const details = new Map<string, GroupDetail>();
  return new FakeApi()
    .on('searchAdminGroups', ({ query }) => ({ items: rows, total: rows.length, offset: query.offset, limit: query.limit }))
    .on('searchAdminInventories', ({ query }) => ({ items: [GLOBAL], total: 1, offset: query.offset, limit: query.limit }))
    .on('getAdminGroup', ({ params }) => details.get(params.id) ?? fieldErrors([{ path: 'params.id', message: VALIDATION.invalidField }]))
    .on('createAdminGroup', ({ body }) => {
      if (rows.some((g) => g.inventoryId === body.inventoryId && g.name.toLowerCase() === body.name.toLowerCase())) {
        return fieldErrors([{ path: 'body.name', message: VALIDATION.nameUnique }]);
      }
      const row = makeGroupRow({ id: 'grp-new', name: body.name, inventoryId: GLOBAL.id, inventoryName: GLOBAL.name });
      rows = [...rows, row];
      const detail = makeGroupDetail(row);
      details.set(row.id, detail);
      return detail;
    });
}

describe('/system_entities/groups: the form', () => {
  it('refuses a name with a space and a missing inventory, then a name the inventory has, and creates the group', async () => {
    const api = groupsCore();
    const { user } = await renderWithApp(<GroupsEntity kind="groups" />, { roles: ['super_user'], route: '/system_entities/groups', api });
    expect(await screen.findByTestId('groups-row-grp-newsroom')).toBeVisible();

    await user.click(screen.getByTestId('groups-new'));
    await fill(user, await screen.findByTestId('group-name'), 'bad name');
    await user.click(screen.getByTestId('group-save'));
    expect(screen.getByTestId('group-error.name')).toHaveTextContent(VALIDATION.unitNameCharacters);
    expect(screen.getByTestId('group-error.inventoryId')).toHaveTextContent(VALIDATION.required);
    expect(api.calls('createAdminGroup')).toHaveLength(0);

    const inventory = screen.getByTestId('group-inventory');
    await user.click(inventory);
    await fill(user, inventory, 'Global-News');
    await user.click(await screen.findByRole('option', { name: 'Global-News' }));
    // A name the inventory has: the core's message, inline.
    await fill(user, screen.getByTestId('group-name'), 'Newsroom');
    await user.click(screen.getByTestId('group-save'));
    expect(await screen.findByTestId('group-error.name')).toHaveTextContent(VALIDATION.nameUnique);

    await fill(user, screen.getByTestId('group-name'), 'E2E-groups');
    await user.click(screen.getByTestId('group-save'));
    expect(await screen.findByTestId('group-tab-units')).toBeVisible();
    expect(api.calls('createAdminGroup').at(-1)?.body).toMatchObject({ name: 'E2E-groups', inventoryId: GLOBAL.id });
  });
});
