import { describe, expect, it } from 'vitest';
import { machinesOf } from './p2p.js';

describe('machinesOf: the machines a point-to-point link lists', () => {
  it('keeps the entries with a uid and drops the others', () => {
    expect(machinesOf({ machines: [{ uid: 'A1' }, { uid: '' }, null, ['B2'], { id: 'C3' }, { uid: 'D4', extra: 1 }] })).toEqual([{ uid: 'A1' }, { uid: 'D4' }]);
  });

  it('reads a column that is not a list as no machines', () => {
    expect(machinesOf({ machines: { uid: 'A1' } })).toEqual([]);
    expect(machinesOf({ machines: null })).toEqual([]);
  });
});
