/**
 * "Reset the demo" (the control plane's demo.set with a reset) gives the seeded units back what the
 * seed wrote of what a person or a scenario may change — names (two units renamed into each
 * other's names included), notes, settings —, computed again from the seed; a unit the seed did not
 * make keeps what it has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTORED_UNIT_COLUMNS, seededUnits } from '@fleet/db';
import { coreCall, startTestStack, type TestStack } from '../support/stack.js';
import { TEST_FLEET } from '../support/templates.js';
import { trpc } from '../support/trpc.js';

describe('resetting the demo restores the seeded units', () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack();
  });
  afterAll(async () => s?.close());

  const unitRow = (id: string) => s.app.services.db.unit.findUniqueOrThrow({ where: { id } });

  it('computes the seeded units again exactly as the seed wrote them, whatever the reference time', async () => {
    const again = seededUnits({ seed: 1, fleet: TEST_FLEET, now: new Date('2031-02-03T04:05:06Z') });
    expect(again.length).toBe(await s.app.services.db.unit.count());
    for (const u of again) {
      const row = await unitRow(u.id);
      expect(row.serialNumber, u.id).toBe(u.serialNumber);
      for (const column of RESTORED_UNIT_COLUMNS) expect(row[column] ?? null, `${u.id} ${column}`).toEqual(u[column] ?? null);
    }
  });

  it('puts back names, notes and settings a person or a scenario changed', async () => {
    const operator = await s.login('super_user');
    const [a, b, c] = await Promise.all(['LU800-0004', 'LU800-0005', 'LU300-0001'].map(unitRow));
    const rename = async (id: string, name: string, comment?: string) => {
      const res = await coreCall(s, 'PUT', '/devices/update', operator, { id, name, ...(comment === undefined ? {} : { comment }) });
      expect(res.statusCode, res.body).toBe(200);
    };
    // A scenario's rename (unit-outage), two units swapped into each other's names, a note changed.
    await rename(a!.id, 'LU800-0004-taken');
    await rename(b!.id, a!.name);
    await rename(a!.id, b!.name);
    await rename(c!.id, c!.name, 'Left at the stadium gate');
    expect((await unitRow(a!.id)).name).toBe(b!.name);

    expect(await trpc(s, operator, 'mutation', 'demo.set', { preset: 'off' })).toEqual({ data: { preset: 'off', shards: 1 } });

    for (const before of [a!, b!, c!]) {
      const after = await unitRow(before.id);
      expect({ name: after.name, comment: after.comment }, before.id).toEqual({ name: before.name, comment: before.comment });
      expect(after.version, before.id).toBeGreaterThan(before.version);
    }
    // The unit list answers the seeded names too (the read model follows the writes).
    const list = await coreCall(s, 'GET', '/devices/fetch', operator);
    const names = new Map((list.json() as { uniqueId: string; name: string }[]).map((u) => [u.uniqueId, u.name]));
    expect(names.get(a!.id)).toBe(a!.name);
    expect(names.get(b!.id)).toBe(b!.name);
  });
});
