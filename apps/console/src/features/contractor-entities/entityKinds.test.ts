import { describe, expect, it } from 'vitest';
import { nextListSort } from '../../components/listSort';
import { SECTIONS } from '../../routing/routes';
import { dbGatewayRows, ENTITY_KINDS, initialView, isEntityKind, listQuery } from './entityKinds';

describe('contractor entity kinds', () => {
  it('covers every kind of the /entities section', () => {
    expect(SECTIONS.contractorEntities.kinds.every(isEntityKind)).toBe(true);
    expect(Object.keys(ENTITY_KINDS).sort()).toEqual([...SECTIONS.contractorEntities.kinds].sort());
  });
  it('sorts ascending first, then descending, back on page 1', () => {
    const view = { ...initialView(ENTITY_KINDS.units), page: 3 };
    expect(nextListSort(view, 'status')).toMatchObject({ sortBy: 'status', sortDir: 'asc', page: 1 });
    expect(nextListSort(nextListSort(view, 'status'), 'status')).toMatchObject({ sortDir: 'desc' });
    expect(nextListSort(view, 'name')).toMatchObject({ sortBy: 'name', sortDir: 'desc' });
  });
  it('asks for the page shown and sends a search only when there is one', () => {
    expect(listQuery({ ...initialView(ENTITY_KINDS.channels), page: 2 })).toEqual({ offset: 50, limit: 50, sortDir: 'asc' });
    expect(listQuery({ ...initialView(ENTITY_KINDS.channels), searchValue: ' cam ' })).toMatchObject({ searchValue: 'cam' });
  });
  it('shows a gateway with its port and unit count', () => {
    const page = dbGatewayRows({ total: 1, offset: 0, limit: 50, items: [{ id: 'g', name: 'DBG', host: 'h', port: 7000, status: 'online', inventoryId: 'inv', inventoryName: 'Inv', unitCount: 2, createdAt: '', updatedAt: '' }] });
    expect(page.rows[0]).toEqual({ key: 'g', values: { name: 'DBG', host: 'h:7000', status: 'online', units: '2' }, inventoryIds: ['inv'] });
  });
});
