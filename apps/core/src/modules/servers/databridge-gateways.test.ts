import { describe, expect, it } from 'vitest';
import { dbGatewayListed } from './databridge-gateways.js';

type Row = Parameters<typeof dbGatewayListed>[0];
const row = (over: Partial<Row>): Row =>
  ({
    id: 'g1',
    name: 'Gateway 1',
    host: 'gw.example.com',
    port: 8443,
    status: 'online',
    inventoryId: 'inv1',
    _count: { units: 3 },
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-01-02T00:00:00Z'),
    ...over,
  }) as Row;

describe('dbGatewayListed: a databridge gateway in the admin list', () => {
  const inventories = new Map([['inv1', { name: 'North' }]]);

  it('names its inventory and counts its units', () => {
    expect(dbGatewayListed(row({}), inventories)).toMatchObject({ id: 'g1', inventoryName: 'North', unitCount: 3, createdAt: '2026-01-01T00:00:00.000Z' });
  });

  it('has no inventory name without an inventory, or for one the read model does not know', () => {
    expect(dbGatewayListed(row({ inventoryId: null }), inventories).inventoryName).toBeNull();
    expect(dbGatewayListed(row({ inventoryId: 'gone' }), inventories).inventoryName).toBeNull();
  });
});
