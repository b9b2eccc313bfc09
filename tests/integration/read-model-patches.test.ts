/**
 * The read model takes the hot unit writes (renames, settings saved, device state reports) from
 * the values written instead of reading the rows again. Under concurrent writes of every kind, with
 * the simulator's devices reporting, the units it holds must stay exactly what the database holds,
 * and each writer reads its own write at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitDetail, UnitSummary } from '@fleet/contracts';
import { unitMemberships } from '../../apps/core/src/platform/storage/unit-rows.js';
import { eventually, providers, startTestStack, type TestStack } from '../support/stack.js';

describe.each(providers())('read model patches on %s', (provider) => {
  let stack: TestStack;
  let admin: string;
  beforeAll(async () => {
    stack = await startTestStack({ provider });
    admin = await stack.login('super_user');
  });
  afterAll(async () => stack?.close());

  const call = async (method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) => {
    const res = await stack.app.inject({ method, url: `/api${url}`, headers: { cookie: admin }, ...(payload === undefined ? {} : { payload }) });
    return { status: res.statusCode, body: res.json() as unknown };
  };

  /** The read model's units against a fresh read of the database. */
  const compare = async () => {
    const { readModel, db } = stack.app.services;
    const stored = await db.unit.findMany({ include: unitMemberships });
    const held = readModel.units.all();
    expect(held.length).toBe(stored.length);
    const byId = new Map(held.map((u) => [u.id, u]));
    for (const row of stored) expect(byId.get(row.id), row.id).toEqual(row);
  };

  it('holds what the database holds after concurrent renames and settings changes, each read back at once', async () => {
    // Online units: their devices report state while the writes run.
    const units = (
      await eventually(async () => {
        const list = (await call('GET', '/devices/fetch')).body as UnitSummary[];
        return list.filter((u) => u.status !== 'offline').length >= 3 ? list : null;
      }, 15_000)
    ).slice(0, 8);
    await Promise.all(
      units.map(async (u, i) => {
        let version = ((await call('GET', `/v2/units/${u.uniqueId}`)).body as UnitDetail).version;
        for (let n = 0; n < 12; n++) {
          const res =
            n % 2 === 0
              ? await call('PUT', '/devices/update', { id: u.uniqueId, name: `Patch-${i}-${n}`, comment: `c${n}`, version })
              : await call('PUT', '/settingsConfiguration/add', { id: u.uniqueId, outputChannel: null, multiChannel: n % 4 === 1, version });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          version = (res.body as { version: number }).version;
          // Read-your-writes: the next read answers this write.
          const detail = (await call('GET', `/v2/units/${u.uniqueId}`)).body as UnitDetail;
          expect(detail.version).toBe(version);
          if (n % 2 === 0) expect(detail.name).toBe(`Patch-${i}-${n}`);
        }
      }),
    );
    // A stale version still answers 409 and changes nothing.
    const u = units[0]!;
    const before = (await call('GET', `/v2/units/${u.uniqueId}`)).body as UnitDetail;
    expect((await call('PUT', '/devices/update', { id: u.uniqueId, name: 'Stale-write', version: before.version - 1 })).status).toBe(409);
    expect(((await call('GET', `/v2/units/${u.uniqueId}`)).body as UnitDetail).name).toBe(before.name);
    await compare();
  });

  it('keeps the device state reports (status, applications) it patches equal to the stored ones', async () => {
    stack.sim!.stop();
    // Reports still in flight are applied shortly: poll until equal, then compare once more for the message.
    await eventually(
      () =>
        compare().then(
          () => true,
          () => false,
        ),
      5000,
    ).catch(() => undefined);
    await compare();
  });
});
