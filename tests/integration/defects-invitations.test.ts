/**
 * Spec 001 §5 "Ad-hoc invite: ... device name unique", against the real core on real SQLite and
 * PostgreSQL: an invitation may not name the guest's device after an existing unit (seen or not by
 * the caller) nor after another open invitation of any group; the refusal is the unit rename's
 * (409 NAME_IN_USE, "This name is already in use, please choose a different name", names compared
 * the way a rename compares them) and stores nothing. Used and expired invitations free the name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADHOC_PERIOD_MS, VALIDATION, RULES } from '@fleet/contracts';
import { TestClock } from '@fleet/core';
import { providers, startTestStack, type TestStack } from '../support/stack.js';

const GROUP = 'grp-newsroom';
const OTHER_GROUP = 'grp-field-crews';
const IN_USE = { code: 'NAME_IN_USE', message: VALIDATION.unitNameInUse, fields: [{ path: 'body.deviceName', message: VALIDATION.unitNameInUse }] };

describe.each(providers())('ad-hoc invitation device names on %s', (provider) => {
  let s: TestStack;
  let regular: string;
  let superUser: string;
  const clock = new TestClock();
  const signIn = async () => {
    [regular, superUser] = await Promise.all([s.login('luc_regular'), s.login('super_user')]);
  };

  beforeAll(async () => {
    s = await startTestStack({ provider, simulator: false, clock });
    await signIn();
  });
  afterAll(async () => s?.close());

  const db = () => s.app.services.db;
  const invite = (groupId: string, deviceName: string, cookie = regular) =>
    s.app.inject({ method: 'POST', url: `/api/groups/${groupId}/invitation`, headers: { cookie }, payload: { deviceName, email: 'guest@example.com' } });
  const rename = (id: string, name: string) =>
    s.app.inject({ method: 'PUT', url: '/api/devices/update', headers: { cookie: superUser }, payload: { id, name } });
  const snapshot = async () => JSON.stringify(await db().invitation.findMany({ orderBy: { id: 'asc' } }));
  const unitName = async (id: string) => (await db().unit.findUniqueOrThrow({ where: { id }, select: { name: true } })).name;

  it('refuses the name of an existing unit, also one the caller cannot see, storing nothing', async () => {
    const visible = await unitName('LU800-0001');
    // A unit of another customer's inventory: luc_regular does not see it, the name is taken all the same.
    const foreign = await db().unit.findFirstOrThrow({ where: { inventories: { none: { inventoryId: 'inv-global' } } }, select: { id: true, name: true } });
    expect((await s.app.inject({ method: 'GET', url: `/api/v2/units/${foreign.id}`, headers: { cookie: regular } })).statusCode).toBe(404);
    const before = await snapshot();
    for (const name of [visible, foreign.name]) {
      for (const group of [GROUP, OTHER_GROUP]) {
        const res = await invite(group, name);
        expect(res.statusCode, `${name} in ${group}: ${res.body}`).toBe(409);
        expect(res.json().error).toEqual(IN_USE);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('refuses the device name of another open invitation of any group; a used or expired one frees it', async () => {
    const name = `guest_${provider}_open`;
    const first = await invite(GROUP, name);
    expect(first.statusCode, first.body).toBe(201);
    const before = await snapshot();
    for (const group of [GROUP, OTHER_GROUP]) {
      const res = await invite(group, name);
      expect(res.statusCode, `${group}: ${res.body}`).toBe(409);
      expect(res.json().error).toEqual(IN_USE);
    }
    expect(await snapshot()).toBe(before);

    await db().invitation.update({ where: { id: first.json().id }, data: { usedAt: new Date() } });
    const afterUse = await invite(OTHER_GROUP, name);
    expect(afterUse.statusCode, afterUse.body).toBe(201);
    expect((await invite(GROUP, name)).statusCode).toBe(409);
    // Its day is over (the users sign in again: a session lasts 12 hours).
    await clock.advance(ADHOC_PERIOD_MS['1d']);
    await signIn();
    expect((await invite(GROUP, name)).statusCode).toBe(201);
  });

  it('compares names the way a unit rename does (case included)', async () => {
    const taken = await unitName('LU800-0002');
    const variant = taken === taken.toUpperCase() ? taken.toLowerCase() : taken.toUpperCase();
    expect(variant).not.toBe(taken);
    const own = await unitName('LU800-0003');
    expect((await rename('LU800-0003', taken)).statusCode).toBe(409);
    const invited = await invite(GROUP, variant);
    const renamed = await rename('LU800-0003', variant);
    // Whatever a rename decides for a name differing only in case, the invitation decides alike.
    expect([200, 409]).toContain(renamed.statusCode);
    expect(invited.statusCode === 201, `rename ${renamed.statusCode}, invitation ${invited.statusCode}`).toBe(renamed.statusCode === 200);
    if (invited.statusCode !== 201) expect(invited.json().error).toEqual(IN_USE);
    if (renamed.statusCode === 200) expect((await rename('LU800-0003', own)).statusCode).toBe(200);
  });

  it('keeps the other rules: an invalid unit is a 400 and stores nothing', async () => {
    const before = await snapshot();
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/groups/${GROUP}/invitation`,
      headers: { cookie: regular },
      payload: { deviceName: await unitName('LU800-0001'), email: 'guest@example.com', unitId: 'LU800-0003' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toEqual([{ path: 'body.unitId', message: RULES.notOfGroup }]);
    expect(await snapshot()).toBe(before);
  });
});
