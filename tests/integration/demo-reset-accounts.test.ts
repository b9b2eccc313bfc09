/**
 * "Reset the demo" (the control plane's demo.set, as the Simulator panel calls it) gives every
 * seeded demo account its seeded preferences again, so that each opens on the unit list as after the
 * seed, whatever page, filters or language it had saved; an account created later keeps its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type UserPreferences } from '@fleet/contracts';
import { seededPreferences } from '@fleet/db';
import { coreCall, startTestStack, type TestStack } from '../support/stack.js';
import { trpc } from '../support/trpc.js';

const PASSWORD = 'Brand-new1';

describe('resetting the demo', () => {
  let s: TestStack;
  beforeAll(async () => {
    // The demo runs on simulator shards: one attached in-process (the small fleet).
    s = await startTestStack();
  });
  afterAll(async () => s?.close());

  const prefsOf = async (cookie: string): Promise<UserPreferences> => {
    const res = await coreCall(s, 'GET', '/userPreferences', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as UserPreferences;
  };
  const save = async (cookie: string, patch: UserPreferences) => {
    const res = await coreCall(s, 'PUT', '/userPreferences', cookie, patch);
    expect(res.statusCode, res.body).toBe(200);
  };

  it("restores every demo account's seeded preferences (the unit list first); a later account keeps its own", async () => {
    const cookies = new Map(await Promise.all(ROLES.map(async (role) => [role, await s.login(role)] as const)));
    const seeded = new Map(await Promise.all(ROLES.map(async (role) => [role, await prefsOf(cookies.get(role)!)] as const)));
    for (const role of ROLES) expect(seeded.get(role)?.currentRoute, role).toBe('/list');

    // Each account wanders off: another page, a filter, another language, a wider panel.
    for (const [i, role] of ROLES.entries()) {
      await save(cookies.get(role)!, {
        currentRoute: i % 2 ? '/map' : '/channels',
        language: 'zh',
        leftPanelWidth: 480,
        filters: { devices: { status: ['streaming'] } },
      });
    }
    const admin = await s.login('luc_admin');
    const made = await coreCall(s, 'POST', '/v2/users', admin, {
      username: 'guest.editor',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'guest.editor@example.com',
      userType: 'luc_regular',
      inventoryIds: ['inv-global'],
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
    });
    expect(made.statusCode, made.body).toBe(201);
    const guest = await s.login('guest.editor', PASSWORD);
    await save(guest, { currentRoute: '/map', language: 'zh' });

    const operator = cookies.get('super_user')!;
    expect(await trpc(s, operator, 'mutation', 'demo.set', { preset: 'off' })).toMatchObject({ data: { preset: 'off' } });

    for (const role of ROLES) {
      const now = await prefsOf(cookies.get(role)!);
      expect(now, role).toEqual(seeded.get(role));
      expect(now.currentRoute, role).toBe('/list');
      expect(now.language, role).toBe('en');
      expect(now, role).toMatchObject(seededPreferences(role));
    }
    expect(await prefsOf(guest)).toMatchObject({ currentRoute: '/map', language: 'zh' });

    // Switching the preset without a reset leaves what the accounts saved alone.
    await save(cookies.get('luc_regular')!, { currentRoute: '/map' });
    expect(await trpc(s, operator, 'mutation', 'demo.set', { preset: 'off', reset: false })).toMatchObject({ data: { preset: 'off' } });
    expect((await prefsOf(cookies.get('luc_regular')!)).currentRoute).toBe('/map');
  });
});
