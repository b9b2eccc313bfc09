/**
 * Joining a group with a code (POST groups/join; spec 001 §1 "Guests and freelancers take part
 * through ad-hoc or permanent invitations", §3 plan types, §5 device name, §9 ad-hoc periods; the
 * reading in packages/contracts/src/entities/invitations.ts) against the real core with the real
 * simulator attached: an LU-Smart or LU-Lite joins with a group's ad-hoc code and with its permanent
 * key under each plan type, and with a guest invitation's code; the unit it becomes is in the group
 * and its inventory for the code's stay, the simulator runs it (online, reporting), and the group's
 * users hear of it over /ws. A wrong, used, expired or regenerated code, a device the plan does not
 * admit, a name in use: refused in the spec's words, nothing written. The mock's control plane makes
 * a simulated device join the same way (`fleet.join`).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADHOC_PERIOD_MS,
  ADHOC_PLAN_TYPES,
  ERROR_CATALOGUE,
  groupTopic,
  PERMANENT_PLAN_TYPES,
  VALIDATION,
  type AdhocSettings,
  type GroupListRow,
  type GuestInvitation,
  type JoinedDevice,
  type JoinProductType,
  type PermanentSettings,
  type PlanType,
  type UnitDetail,
  type UnitExpiration,
  type UnitSummary,
  RULES,
} from '@fleet/contracts';
import { TestClock } from '@fleet/core';
import { ControlPlaneError, CoreClient } from '@fleet/simulator';
import { coreCall, DEMO_PASSWORD, eventually, providers, startTestStack, type Method, type TestStack } from '../support/stack.js';
import { connect, type WsClient } from './realtime-client.js';

const GROUP = 'grp-newsroom';
const INVENTORY = 'inv-global';
/** A group luc_regular is not in (Metro-TV's): a code is all a device needs. */
const FOREIGN_GROUP = 'grp-metro-live';
const DAY = 86_400_000;

/** A device the plan type admits, and one it does not (null: it admits both). */
const DEVICES: Record<PlanType, { admitted: JoinProductType; refused: JoinProductType | null }> = {
  ADHOC: { admitted: 'LU-Lite', refused: null },
  ADHOC_SMART: { admitted: 'LU-Smart', refused: 'LU-Lite' },
  ADHOC_LITE: { admitted: 'LU-Lite', refused: 'LU-Smart' },
  PERMANENT: { admitted: 'LU-Smart', refused: null },
  PERMANENT_SMART: { admitted: 'LU-Smart', refused: 'LU-Lite' },
  PERMANENT_LITE: { admitted: 'LU-Lite', refused: 'LU-Smart' },
};

describe.each(providers())('joining a group with a code on %s', (provider) => {
  let s: TestStack;
  let base: string;
  let admin: string;
  let superUser: string;
  let freelancer: string;
  let regular: string;
  let reader: string;
  const clock = new TestClock();
  const signIn = async () => {
    [admin, superUser, freelancer, regular, reader] = await Promise.all([
      s.login('luc_admin'),
      s.login('super_user'),
      s.login('luc_freelancer'),
      s.login('luc_regular'),
      s.login('luc_read'),
    ]);
  };
  /**
   * `ms` pass on the core's clock; the users sign in again (a session lasts 12 hours). The expiry
   * sweep the step started (units whose stay ended leave their group) is awaited, so a check of
   * "nothing written" next sees only what the call under test writes.
   */
  const later = async (ms: number) => {
    await clock.advance(ms);
    await s.app.services.invitations.sweepExpiredUnits();
    await signIn();
  };

  beforeAll(async () => {
    s = await startTestStack({ provider, clock });
    const address = (await s.app.listen({ host: '127.0.0.1', port: 0 })) as string | AddressInfo;
    base = typeof address === 'string' ? address : `http://127.0.0.1:${address.port}`;
    await signIn();
  });
  afterAll(async () => s?.close());

  const call = (method: Method, path: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, path, cookie, payload);
  const ok = async <T>(method: Method, path: string, payload: unknown, cookie: string, status = 200): Promise<T> => {
    const res = await call(method, path, cookie, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const join = (body: unknown, cookie = freelancer) => call('POST', '/groups/join', cookie, body);
  const joined = async (body: unknown, cookie = freelancer): Promise<JoinedDevice> => ok<JoinedDevice>('POST', '/groups/join', body, cookie, 201);
  const db = () => s.app.services.db;
  /** What a joining writes: units, memberships, invitations, the groups' versions. */
  const snapshot = async () =>
    JSON.stringify({
      units: await db().unit.findMany({ orderBy: { id: 'asc' }, select: { id: true, name: true } }),
      inventories: await db().unitInventory.findMany({ orderBy: [{ unitId: 'asc' }, { inventoryId: 'asc' }] }),
      members: await db().unitGroup.findMany({ orderBy: [{ unitId: 'asc' }, { groupId: 'asc' }] }),
      invitations: await db().invitation.findMany({ orderBy: { id: 'asc' }, omit: { updatedAt: true } }),
      groups: await db().group.findMany({ orderBy: { id: 'asc' }, select: { id: true, version: true } }),
    });
  /** Refused with `status` (and the field's message), nothing written. */
  const refused = async (body: unknown, status: number, field?: { path: string; message: string }, cookie: string | undefined = freelancer) => {
    const before = await snapshot();
    const res = await call('POST', '/groups/join', cookie, body);
    expect(res.statusCode, res.body).toBe(status);
    if (field) {
      expect(res.json().error.fields).toContainEqual(field);
      expect(res.json().error.message).toBe(field.message);
    }
    expect(await snapshot()).toBe(before);
    return res;
  };
  const invalidCode = { path: 'body.code', message: RULES.joinCodeNotCurrent };
  /** How long the device stays in the group from its joining (ms). */
  const stay = (d: JoinedDevice) => Date.parse(d.expiresAt ?? '') - Date.parse(d.joinedAt);

  const groupVersion = async (g: string) => (await db().group.findUniqueOrThrow({ where: { id: g } })).version;
  const setAdhoc = (mode: AdhocSettings['mode'], period: AdhocSettings['period'], g = GROUP) =>
    groupVersion(g).then((version) => ok<AdhocSettings>('PUT', `/groups/${g}/adhoc`, { mode, period, version }, admin));
  const setPermanent = async (body: { mode?: PermanentSettings['mode']; regenerate: PermanentSettings['regenerate']; resetKey?: boolean }, g = GROUP) =>
    ok<PermanentSettings>('PUT', `/groups/${g}/permanent`, { ...body, version: await groupVersion(g) }, superUser);

  /** The unit as a user of the group reads it, once the simulator has brought it online and it reported. */
  const onlineAndReporting = (unitId: string) =>
    eventually(async () => {
      const res = await call('GET', `/v2/units/${unitId}`, regular);
      if (res.statusCode !== 200) return null;
      const unit: UnitDetail = res.json();
      return unit.status === 'idle' && unit.battery !== null && unit.modems.length > 0 ? unit : null;
    }, 15_000);

  /** A user of the group following its topic over /ws. */
  const follow = async (cookie: string, group: string): Promise<WsClient> => {
    const c = await connect(base, { cookie });
    await c.next((m) => m.op === 'hello');
    c.send({ op: 'subscribe', topics: [groupTopic(group)] });
    await c.next((m) => m.op === 'subscribed');
    return c;
  };

  it("an LU-Smart joins with the group's ad-hoc code: a unit of the group and its inventory for the period, run by the simulator; the group's users hear of it live", async () => {
    const settings = await setAdhoc('ADHOC_SMART', '3d');
    expect(settings.code).toMatch(/^[A-Z2-9]{8}$/);
    const ws = await follow(regular, GROUP);
    const before = (await ok<GroupListRow[]>('GET', '/groups/fetch', undefined, admin)).find((g) => g.id === GROUP)!;
    // Typed as a person would: lower case, with a space.
    const code = `${settings.code!.slice(0, 4).toLowerCase()} ${settings.code!.slice(4)}`;
    const device = await joined({ code, deviceName: 'Guest-Cam-1', productType: 'LU-Smart' });
    expect(device).toMatchObject({
      name: 'Guest-Cam-1',
      productType: 'LU-Smart',
      groupId: GROUP,
      groupName: 'Newsroom',
      inventoryId: INVENTORY,
      planType: 'ADHOC_SMART',
    });
    expect(device.unitId).toMatch(/^LUSMART-[A-Z2-9]{8}$/);
    expect(stay(device)).toBe(ADHOC_PERIOD_MS['3d']);

    // A unit like the others: the group's, its inventory's, the simulator runs it.
    const unit = await onlineAndReporting(device.unitId);
    expect(unit).toMatchObject({ uniqueId: device.unitId, name: 'Guest-Cam-1', type: 'LU-Smart', typeGroup: 'smartUnits' });
    expect(unit.license.valid).toBe(true);
    expect(s.sim!.device(device.unitId)?.online).toBe(true);
    const list: UnitSummary[] = (await call('GET', `/devices/fetch?group=${GROUP}`, regular)).json();
    expect(list.map((u) => u.uniqueId)).toContain(device.unitId);
    const expiration = await ok<UnitExpiration>('GET', `/v2/groups/${GROUP}/units/${device.unitId}/expiration`, undefined, admin);
    expect(expiration).toMatchObject({ expiresAt: device.expiresAt, expired: false });
    const row = await db().unitInventory.findMany({ where: { unitId: device.unitId } });
    expect(row.map((r) => r.inventoryId)).toEqual([INVENTORY]);

    // Live: device.added and the group with one more unit (and a new version: its members changed).
    await eventually(async () => ws.events.some((e) => e.topic === groupTopic(GROUP) && e.event.type === 'device.added' && e.event.unitId === device.unitId));
    await eventually(async () =>
      ws.events.some(
        (e) =>
          e.event.type === 'group.changed' &&
          e.event.group.id === GROUP &&
          e.event.group.counts.units === before.counts.units + 1 &&
          e.event.group.version > before.version,
      ),
    );
    ws.ws.close();

    // The code stays open for others until its period ends.
    const second = await joined({ code: settings.code, deviceName: 'Guest-Cam-2', productType: 'LU-Smart' }, regular);
    expect(second.groupId).toBe(GROUP);
  });

  it.each(ADHOC_PLAN_TYPES.map((p) => [p]))('ad-hoc plan type %s: the device it admits joins for the period; one it does not is refused', async (planType) => {
    const { code } = await setAdhoc(planType, '1w');
    const { admitted, refused: other } = DEVICES[planType];
    if (other)
      await refused({ code, deviceName: `Adhoc-${planType}-x`, productType: other }, 400, { path: 'body.productType', message: RULES.productNotInPlan });
    const device = await joined({ code, deviceName: `Adhoc-${planType}`, productType: admitted });
    expect(device).toMatchObject({ planType, productType: admitted, groupId: GROUP });
    expect(stay(device)).toBe(ADHOC_PERIOD_MS['1w']);
    expect(device.unitId.startsWith(admitted === 'LU-Smart' ? 'LUSMART-' : 'LULITE-')).toBe(true);
  });

  it.each(PERMANENT_PLAN_TYPES.map((p) => [p]))(
    'permanent plan type %s: the device it admits joins with the key for good; one it does not is refused',
    async (planType) => {
      const settings = await setPermanent({ mode: planType, regenerate: 'never' }, FOREIGN_GROUP);
      expect(settings).toMatchObject({ mode: planType, regenerate: 'never' });
      expect(settings.key).toMatch(/^[A-Z2-9]{8}$/);
      const { admitted, refused: other } = DEVICES[planType];
      if (other)
        await refused({ code: settings.key, deviceName: `Perm-${planType}-x`, productType: other }, 400, {
          path: 'body.productType',
          message: RULES.productNotInPlan,
        });
      // luc_regular is not in Metro-TV: the key is all it takes.
      const device = await joined({ code: settings.key, deviceName: `Perm-${planType}`, productType: admitted }, regular);
      expect(device).toMatchObject({ planType, productType: admitted, groupId: FOREIGN_GROUP, inventoryId: 'inv-metro', expiresAt: null });
      const expiration = await ok<UnitExpiration>('GET', `/v2/groups/${FOREIGN_GROUP}/units/${device.unitId}/expiration`, undefined, superUser);
      expect(expiration.expiresAt).toBeNull();
      // The smart-unit admin read names how an LU-Smart joined.
      if (admitted === 'LU-Smart') {
        const smart = await ok<{ invitation: unknown }>('GET', `/v2/admin/smartunit/${device.unitId}`, undefined, superUser);
        expect(smart.invitation).toEqual({ planType, groupId: FOREIGN_GROUP, expiresAt: null });
      }
      // Another user of the group sees the unit; the joining user (not in the group) does not.
      expect((await call('GET', `/v2/units/${device.unitId}`, superUser)).statusCode).toBe(200);
      expect((await call('GET', `/v2/units/${device.unitId}`, regular)).statusCode).toBe(404);
    },
  );

  it("a guest invitation's code: the device takes the invited name and stays the invitation's period; the code is used once", async () => {
    const invite = await ok<GuestInvitation>(
      'POST',
      `/groups/${GROUP}/invitation`,
      { deviceName: 'Interview-Guest', email: 'guest@example.com', period: '1d' },
      admin,
      201,
    );
    expect(invite.joinUrl).toContain(`invitation=${invite.code}`);
    const device = await joined({ code: invite.code, productType: 'LU-Smart' });
    expect(device).toMatchObject({ name: 'Interview-Guest', planType: 'ADHOC', groupId: GROUP });
    expect(stay(device)).toBe(ADHOC_PERIOD_MS['1d']);
    await refused({ code: invite.code, deviceName: 'Interview-Again', productType: 'LU-Smart' }, 400, invalidCode);
    await onlineAndReporting(device.unitId);
  });

  it('a wrong code, joining turned off, a regenerated key: Invalid field, nothing written', async () => {
    await refused({ code: 'ZZZZ2222', deviceName: 'Nobody', productType: 'LU-Smart' }, 400, invalidCode);
    const { code } = await setAdhoc('ADHOC', '1d');
    await setAdhoc(null, '1d');
    await refused({ code, deviceName: 'Nobody', productType: 'LU-Smart' }, 400, invalidCode);
    const on = await setPermanent({ mode: 'PERMANENT', regenerate: 'never' });
    const reset = await setPermanent({ regenerate: 'never', resetKey: true });
    // The plan type is kept when the body leaves it out; the old key is no longer the group's.
    expect(reset.mode).toBe('PERMANENT');
    expect(reset.key).not.toBe(on.key);
    await refused({ code: on.key, deviceName: 'Nobody', productType: 'LU-Smart' }, 400, invalidCode);
    const off = await setPermanent({ mode: null, regenerate: 'never' });
    expect(off.key).toBe(reset.key);
    await refused({ code: reset.key, deviceName: 'Nobody', productType: 'LU-Smart' }, 400, invalidCode);
  });

  it('expired: an ad-hoc code past its period, a guest invitation past its period, a permanent key due for regeneration (a save draws a new code)', async () => {
    const adhoc = await setAdhoc('ADHOC_LITE', '1d');
    const invite = await ok<GuestInvitation>(
      'POST',
      `/groups/${GROUP}/invitation`,
      { deviceName: 'Late-Guest', phone: '4420794600', period: '1d' },
      admin,
      201,
    );
    const key = await setPermanent({ mode: 'PERMANENT_LITE', regenerate: 'daily', resetKey: true });
    await later(DAY - 60_000);
    // A minute before the end, all three still open (checked without joining: a wrong device is refused at productType, not at code).
    for (const code of [adhoc.code, key.key]) {
      expect((await join({ code, deviceName: 'Early', productType: 'LU-Smart' })).json().error.fields).toEqual([
        { path: 'body.productType', message: RULES.productNotInPlan },
      ]);
    }
    await later(60_000);
    await refused({ code: adhoc.code, deviceName: 'Too-Late', productType: 'LU-Lite' }, 400, invalidCode);
    await refused({ code: invite.code, productType: 'LU-Lite' }, 400, invalidCode);
    await refused({ code: key.key, deviceName: 'Too-Late', productType: 'LU-Lite' }, 400, invalidCode);
    // Saving the same settings once the period is over draws a new code.
    const renewed = await setAdhoc('ADHOC_LITE', '1d');
    expect(renewed.code).not.toBe(adhoc.code);
    expect((await joined({ code: renewed.code, deviceName: 'On-Time', productType: 'LU-Lite' })).planType).toBe('ADHOC_LITE');
  });

  it("the device name: the unit name rules, unique among units and open guest invitations; required with a group's code", async () => {
    const { code } = await setAdhoc('ADHOC', '1d');
    const taken = { path: 'body.deviceName', message: VALIDATION.unitNameInUse };
    const seededName = (await db().unit.findUniqueOrThrow({ where: { id: 'LU800-0001' } })).name;
    expect((await refused({ code, deviceName: seededName, productType: 'LU-Smart' }, 409, taken)).json().error.code).toBe('NAME_IN_USE');
    await ok<GuestInvitation>('POST', `/groups/${GROUP}/invitation`, { deviceName: 'Reserved-Guest', email: 'guest@example.com', period: '1d' }, admin, 201);
    await refused({ code, deviceName: 'Reserved-Guest', productType: 'LU-Smart' }, 409, taken);
    await refused({ code, productType: 'LU-Smart' }, 400, { path: 'body.deviceName', message: VALIDATION.required });
    await refused({ code, deviceName: 'has space', productType: 'LU-Smart' }, 400, { path: 'body.deviceName', message: VALIDATION.unitNameCharacters });
    await refused({ code, deviceName: 'Fine-Name', productType: 'LU-800' }, 400, { path: 'body.productType', message: VALIDATION.invalidField });
    await refused({ code: '', deviceName: 'Fine-Name', productType: 'LU-Smart' }, 400, { path: 'body.code', message: VALIDATION.required });
  });

  it('who may join: read-only users and callers without a session may not', async () => {
    const { code } = await setAdhoc('ADHOC', '1d');
    const body = { code, deviceName: 'Reader-Cam', productType: 'LU-Smart' };
    expect((await refused(body, 403, undefined, reader)).json().error.message).toBe(ERROR_CATALOGUE.FORBIDDEN.message);
    await refused(body, 401, undefined, '');
  });

  it("the control plane's fleet.join: a simulated device joins through the same call, the shard runs it; refusals keep the core's words", async () => {
    const client = new CoreClient({ baseUrl: base });
    const operator = await client.login('super_user', DEMO_PASSWORD);
    const regularCookie = await client.login('luc_regular', DEMO_PASSWORD);
    const { code } = await setAdhoc('ADHOC_SMART', '1d');
    const device = (await client.mutate(operator, 'fleet.join', { code, deviceName: 'Sim-Join-1', productType: 'LU-Smart' })) as JoinedDevice;
    expect(device).toMatchObject({ name: 'Sim-Join-1', groupId: GROUP, planType: 'ADHOC_SMART' });
    await onlineAndReporting(device.unitId);
    const status = (await client.query(operator, 'fleet.status')) as { shardStatus: { devices: number }[] };
    expect(status.shardStatus[0]!.devices).toBe(await db().unit.count());
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'OK',
        (e: unknown) => (e instanceof ControlPlaneError ? `${e.code}: ${e.message.slice(`fleet.join: ${e.code} `.length)}` : String(e)),
      );
    expect(await codeOf(client.mutate(operator, 'fleet.join', { code: 'ZZZZ2222', deviceName: 'Sim-Join-2', productType: 'LU-Smart' }))).toBe(
      `BAD_REQUEST: ${RULES.joinCodeNotCurrent}`,
    );
    expect(await codeOf(client.mutate(operator, 'fleet.join', { code, deviceName: 'Sim-Join-1', productType: 'LU-Smart' }))).toBe(
      `CONFLICT: ${VALIDATION.unitNameInUse}`,
    );
    expect(await codeOf(client.mutate(regularCookie, 'fleet.join', { code, deviceName: 'Sim-Join-3', productType: 'LU-Smart' }))).toMatch(/^FORBIDDEN/);
  });
});
