import { describe, expect, it } from 'vitest';
import { nextListSort } from '../../components/listSort';
import type { ListView } from '../../kit';
import { SECTIONS } from '../../routing/routes';
import { dbGatewayRows, ENTITY_KINDS, isEntityKind } from './entityKinds';

const view = (over: Partial<ListView> = {}): ListView => ({ searchKey: 'name', searchValue: '', sortBy: 'name', sortDir: 'asc', page: 1, ...over });

describe('contractor entity kinds', () => {
  it('covers every kind of the /entities section', () => {
    expect(SECTIONS.contractorEntities.kinds.every(isEntityKind)).toBe(true);
    expect(Object.keys(ENTITY_KINDS).sort()).toEqual([...SECTIONS.contractorEntities.kinds].sort());
  });
  it('sorts ascending first, then descending, back on page 1', () => {
    const third = view({ page: 3 });
    expect(nextListSort(third, 'status')).toMatchObject({ sortBy: 'status', sortDir: 'asc', page: 1 });
    expect(nextListSort(nextListSort(third, 'status'), 'status')).toMatchObject({ sortDir: 'desc' });
    expect(nextListSort(third, 'name')).toMatchObject({ sortBy: 'name', sortDir: 'desc' });
  });
  it('asks for the page shown, a search only when there is one, and servers of the inventory and type', () => {
    expect(ENTITY_KINDS.channels.list('').key(view({ page: 2 }))).toEqual([
      'searchAdminChannels',
      { query: { offset: 50, limit: 50, sortDir: 'asc', sortBy: 'name' } },
    ]);
    expect(ENTITY_KINDS.channels.list('').key(view({ searchKey: 'uniqueId', searchValue: ' cam ' }))[1]).toMatchObject({
      query: { searchKey: 'uniqueId', searchValue: 'cam' },
    });
    expect(ENTITY_KINDS.vr_servers.list('inv-1').key(view())[1]).toMatchObject({ params: { id: 'inv-1' }, query: { type: 'vr_server' } });
  });
  it('shows a gateway with its port and unit count', () => {
    const page = dbGatewayRows({
      total: 1,
      offset: 0,
      limit: 50,
      items: [
        { id: 'g', name: 'DBG', host: 'h', port: 7000, status: 'online', inventoryId: 'inv', inventoryName: 'Inv', unitCount: 2, createdAt: '', updatedAt: '' },
      ],
    });
    expect(page.items[0]).toEqual({ key: 'g', values: { name: 'DBG', host: 'h:7000', status: 'online', units: '2' }, inventoryIds: ['inv'] });
  });
});
