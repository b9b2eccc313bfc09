import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { AdminInventory, RealtimeEvent } from '@fleet/contracts';
import { checkGroup, checkInventory, checkUnit, groupForm, inventoryBody, inventoryForm, unitCreateBody, unitForm } from './entityForms';
import { staleReads } from './entityRereads';

const inventory: AdminInventory = {
  id: 'inv-a',
  name: 'Alpha',
  region: 'EU',
  parentId: null,
  parentName: null,
  sipServer: null,
  childCount: 0,
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('inventory form', () => {
  it('sends a blank SIP server as none and trims the name', () => {
    expect(inventoryBody({ ...inventoryForm(inventory), name: '  Beta ', sipServer: '  ' })).toEqual({
      name: 'Beta',
      region: 'EU',
      parentId: null,
      sipServer: null,
    });
  });

  it('refuses a blank or one-character name in the spec words', () => {
    expect(checkInventory(null)({ ...inventoryForm(null), name: '' }).name).toBe(VALIDATION.required);
    expect(checkInventory(null)({ ...inventoryForm(null), name: 'x' }).name).toBe(VALIDATION.betweenChars(2, 255));
    expect(checkInventory(null)({ ...inventoryForm(null), name: 'Ok name' })).toEqual({});
  });

  it('refuses the inventory as its own parent, but not another parent', () => {
    expect(checkInventory('inv-a')({ ...inventoryForm(inventory), parentId: 'inv-a' }).parentId).toBe(VALIDATION.parentInventoryNotSelf);
    expect(checkInventory('inv-a')({ ...inventoryForm(inventory), parentId: 'inv-b' })).toEqual({});
  });
});

describe('group form', () => {
  it('needs an inventory and a name of letters, digits, _ and - for a new group', () => {
    const errors = checkGroup(true)({ ...groupForm(null), name: 'bad name!' });
    expect(errors.inventoryId).toBe(VALIDATION.required);
    expect(errors.name).toBeDefined();
    expect(checkGroup(true)({ ...groupForm(null), name: 'Good_name-1', inventoryId: 'inv-a' })).toEqual({});
  });

  it('does not ask an existing group for its inventory', () => {
    expect(checkGroup(false)({ ...groupForm(null), name: 'Renamed' })).toEqual({});
  });
});

describe('unit form', () => {
  it('registers a unit only with an inventory, a product type and a serial of letters, digits, - and _', () => {
    const errors = checkUnit(true)({ ...unitForm(null), name: 'NEW-1', productType: '', serialNumber: 'a b' });
    expect(errors.inventoryId).toBe(VALIDATION.required);
    expect(errors.productType).toBe(VALIDATION.required);
    expect(errors.serialNumber).toBe(VALIDATION.mustMatchPattern);
    const ok = { ...unitForm(null), name: 'NEW-1', productType: 'LU800', serialNumber: 'S1', inventoryId: 'inv-a' };
    expect(checkUnit(true)(ok)).toEqual({});
    expect(unitCreateBody(ok)).toMatchObject({ name: 'NEW-1', typeGroup: 'fieldUnits', inventoryId: 'inv-a' });
  });
});

describe('live reads', () => {
  it('an inventory, group or unit event makes its lists stale, other events nothing', () => {
    expect(staleReads({ type: 'inventory.removed', inventoryId: 'inv-a', at: 1 })).toContain('searchAdminInventories');
    expect(staleReads({ type: 'group.removed', groupId: 'g', at: 1 })).toContain('getAdminGroupUnits');
    expect(staleReads({ type: 'device.removed', unitId: 'u', at: 1 })).toContain('searchAdminUnits');
    expect(staleReads({ type: 'config.changed', wsLibrary: 'x', at: 1 } as RealtimeEvent)).toEqual([]);
  });
});
