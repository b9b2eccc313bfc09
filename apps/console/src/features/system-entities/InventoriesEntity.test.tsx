/**
 * /system_entities/inventories (spec 001 §3 Inventory; §5 names, "Parent inventory cannot be the
 * current inventory"): the form's own rules before anything is sent, the core's refusal of a name
 * in use on the field, a create that turns the modal into the inventory's editor, and an edit.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { AdminInventory } from '@fleet/contracts';
import type { UserEvent } from '@testing-library/user-event';
import { FakeApi, fieldErrors } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import InventoriesEntity from './InventoriesEntity';

const AT = '2026-01-10T09:00:00.000Z';

function inventory(id: string, name: string, overrides: Partial<AdminInventory> = {}): AdminInventory {
  return { id, name, region: '', parentId: null, parentName: null, sipServer: null, childCount: 0, version: 0, createdAt: AT, updatedAt: AT, ...overrides };
}

/** The core's inventories in memory, names unique (case aside) as the core keeps them. */
function inventoriesCore(): FakeApi {
  let rows: AdminInventory[] = [
    inventory('inv-global', 'Global-News'),
    inventory('inv-global-sports', 'Global-News-Sports', { parentId: 'inv-global', parentName: 'Global-News' }),
  ];
  const taken = (name: string, id?: string) => rows.some((i) => i.name.toLowerCase() === name.toLowerCase() && i.id !== id);
  return new FakeApi()
    .on('searchAdminInventories', ({ query }) => {
      const needle = query.searchValue?.toLowerCase() ?? '';
      const found = rows.filter((i) => i.name.toLowerCase().includes(needle));
      return { items: found, total: found.length, offset: query.offset, limit: query.limit };
    })
    .on('getAdminInventory', ({ params }) => rows.find((i) => i.id === params.id) ?? fieldErrors([{ path: 'params.id', message: VALIDATION.invalidField }]))
    .on('createAdminInventory', ({ body }) => {
      if (taken(body.name)) return fieldErrors([{ path: 'body.name', message: VALIDATION.fieldUnique }]);
      const parent = rows.find((i) => i.id === body.parentId);
      const made = inventory('inv-new', body.name, { region: body.region ?? '', parentId: parent?.id ?? null, parentName: parent?.name ?? null });
      rows = [...rows, made];
      return made;
    })
    .on('updateAdminInventory', ({ params, body }) => {
      const row = rows.find((i) => i.id === params.id)!;
      const parent = body.parentId === undefined ? undefined : rows.find((i) => i.id === body.parentId);
      const changed: AdminInventory = {
        ...row,
        ...(body.region !== undefined ? { region: body.region } : {}),
        ...(parent !== undefined ? { parentId: parent.id, parentName: parent.name } : {}),
        version: row.version + 1,
      };
      rows = rows.map((i) => (i.id === row.id ? changed : i));
      return changed;
    });
}

/** Picks a parent in the searchable inventory select by typing part of its name. */
async function chooseParent(user: UserEvent, typed: string, option: string): Promise<void> {
  const select = screen.getByTestId('inventory-parent');
  await user.click(select);
  await fill(user, select, typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('/system_entities/inventories: the form', () => {
  it('refuses a one-character name and a name in use, creates the inventory, refuses it as its own parent, and saves a region', async () => {
    const api = inventoriesCore();
    const { user } = await renderWithApp(<InventoriesEntity kind="inventories" />, { roles: ['super_user'], route: '/system_entities/inventories', api });
    expect(await screen.findByTestId('inventories-row-inv-global')).toBeVisible();

    await user.click(screen.getByTestId('inventories-new'));
    await fill(user, await screen.findByTestId('inventory-name'), 'x');
    await user.click(screen.getByTestId('inventory-save'));
    expect(screen.getByTestId('inventory-error.name')).toHaveTextContent(VALIDATION.betweenChars(2, 255));
    expect(api.calls('createAdminInventory')).toHaveLength(0);
    // A name in use: the core's message, inline.
    await fill(user, screen.getByTestId('inventory-name'), 'Global-News');
    await user.click(screen.getByTestId('inventory-save'));
    expect(await screen.findByTestId('inventory-error.name')).toHaveTextContent(VALIDATION.fieldUnique);

    await fill(user, screen.getByTestId('inventory-name'), 'E2E-inventories');
    await chooseParent(user, 'Global-News', 'Global-News');
    await user.click(screen.getByTestId('inventory-save'));
    // Created: the modal now edits it (its associations tabs show).
    expect(await screen.findByTestId('inventory-tab-units')).toBeVisible();
    expect(api.calls('createAdminInventory').at(-1)?.body).toMatchObject({ name: 'E2E-inventories', parentId: 'inv-global' });

    await fill(user, await screen.findByTestId('inventory-region'), 'e2e-region');
    await chooseParent(user, 'E2E-inventories', 'E2E-inventories');
    await user.click(screen.getByTestId('inventory-save'));
    expect(screen.getByTestId('inventory-error.parentId')).toHaveTextContent(VALIDATION.parentInventoryNotSelf);
    expect(api.calls('updateAdminInventory')).toHaveLength(0);
    await chooseParent(user, 'Global-News', 'Global-News');
    await user.click(screen.getByTestId('inventory-save'));
    await waitFor(() => expect(screen.queryByTestId('inventory-error.parentId')).not.toBeInTheDocument());
    await waitFor(() => expect(api.calls('updateAdminInventory')).toHaveLength(1));
    expect(api.calls('updateAdminInventory')[0]?.body).toMatchObject({ region: 'e2e-region', parentId: 'inv-global' });
  });
});
