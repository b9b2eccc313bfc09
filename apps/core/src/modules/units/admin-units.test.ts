/**
 * The admin unit rules of spec 000 §6, §7 on the admin unit service alone (the seeded template, a
 * fake gateway): the version and unique names of an update, inventory and group associations with
 * their limits, and the target software version by the upgrade rules and their codes (6802, 6803,
 * 6810, 6199, 6808); what each change announces, and that a refused change stores nothing. The
 * calls' HTTP side (roles, field validation of the bodies, the simulator emulating a new unit) is
 * in tests/integration/unit-admin.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_UNIT_LIMITS, RULES } from '@fleet/contracts';
import type { AuthUser } from '../../platform/access.js';
import { moduleHarness, type ModuleHarness } from '../../testing/module-harness.js';

const build = (h: ModuleHarness) => ({ adminUnits: h.units.adminUnits, licences: h.units.unitLicences });

describe('admin unit rules', () => {
  let h: ModuleHarness;
  let s: ReturnType<typeof build>;
  let admin: AuthUser; // luc_admin: inventory inv-global only
  let superUser: AuthUser;
  const ID = 'LU800-SN0001';

  beforeAll(async () => {
    h = await moduleHarness();
    s = build(h);
    [admin, superUser] = await Promise.all([h.user('luc_admin'), h.user('super_user')]);
    const newUnit = (n: string, extra: Record<string, unknown>) =>
      ({ name: `Admin-Unit-${n}`, typeGroup: 'fieldUnits', productType: 'LU800', serialNumber: `SN${n}`, inventoryId: 'inv-global', ...extra }) as const;
    await s.adminUnits.createUnit(admin, newUnit('0001', { groupIds: ['grp-newsroom'] }));
    await s.adminUnits.createUnit(superUser, newUnit('0003', { inventoryId: 'inv-metro', typeGroup: 'smartUnits', productType: 'LU-Smart' }));
  });
  afterAll(async () => h?.close());
  beforeEach(() => h.hub.clear());

  const db = () => h.db;
  const snapshot = async () => {
    const [units, inventories, groups, services] = await Promise.all([
      db().unit.findMany({ orderBy: { id: 'asc' } }),
      db().unitInventory.findMany({ orderBy: [{ unitId: 'asc' }, { inventoryId: 'asc' }], omit: { createdAt: true } }),
      db().unitGroup.findMany({ orderBy: [{ unitId: 'asc' }, { groupId: 'asc' }], omit: { createdAt: true } }),
      db().service.findMany({ orderBy: { id: 'asc' } }),
    ]);
    return JSON.stringify({ units, inventories, groups, services });
  };

  it('updates a unit under its version; names stay unique; foreign units are 404 for a non-global admin', async () => {
    const current = await db().unit.findUniqueOrThrow({ where: { id: ID } });
    const before = await snapshot();
    await expect(s.adminUnits.updateUnit(admin, ID, { comment: 'x', version: current.version + 5 })).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
    await expect(s.adminUnits.updateUnit(admin, ID, { name: 'Admin-Unit-0003' })).rejects.toMatchObject({ code: 'NAME_IN_USE' });
    await expect(s.adminUnits.updateUnit(admin, ID, { usageProfileId: 'usp-nope' })).rejects.toMatchObject({
      fields: [{ path: 'body.usageProfileId', message: RULES.notOfInventory }],
    });
    await expect(s.adminUnits.updateUnit(admin, 'LUSmart-SN0003', { comment: 'mine now' })).rejects.toMatchObject({ status: 404 });
    await expect(s.adminUnits.updateUnit(superUser, 'NO-SUCH', { comment: 'x' })).rejects.toMatchObject({ status: 404 });
    expect(await snapshot()).toBe(before);

    const ok = await s.adminUnits.updateUnit(admin, ID, {
      name: 'Admin-Unit-0001b',
      comment: 'renamed',
      usageProfileId: 'usp-news-data',
      version: current.version,
    });
    expect(ok).toMatchObject({ name: 'Admin-Unit-0001b', comment: 'renamed', usageProfileId: 'usp-news-data', version: current.version + 1 });
  });

  it('associates inventories up to the maximum and groups of those inventories', async () => {
    const before = await snapshot();
    await expect(s.adminUnits.addInventory(admin, ID, 'inv-metro')).rejects.toMatchObject({ status: 404 });
    await expect(s.adminUnits.addInventory(admin, ID, 'inv-global')).rejects.toMatchObject({
      status: 409,
      code: 'ASSOCIATION_EXISTS',
      message: 'Association already exists',
    });
    await expect(s.adminUnits.addGroup(superUser, ID, 'grp-football')).rejects.toMatchObject({ status: 409, code: 'GROUP_OUTSIDE_UNIT_INVENTORIES' });
    await expect(s.adminUnits.removeInventory(admin, ID, 'inv-global')).rejects.toMatchObject({ code: 'UNIT_LAST_INVENTORY' });
    await expect(s.adminUnits.addGroup(admin, ID, 'grp-nope')).rejects.toMatchObject({ status: 404 });
    expect(await snapshot()).toBe(before);

    const sports = await s.adminUnits.addInventory(superUser, ID, 'inv-global-sports');
    expect([...sports.inventoryIds].sort()).toEqual(['inv-global', 'inv-global-sports']);
    expect(h.hub.published.some((p) => p.event.type === 'device.added' && p.topics.includes('inventory:inv-global-sports'))).toBe(true);
    const football = await s.adminUnits.addGroup(superUser, ID, 'grp-football');
    expect([...football.groupIds].sort()).toEqual(['grp-football', 'grp-newsroom']);
    expect(h.deps.index.topicsOf(ID)).toContain('group:grp-football');
    await expect(s.adminUnits.addGroup(superUser, ID, 'grp-football')).rejects.toMatchObject({ code: 'ASSOCIATION_EXISTS' });

    expect(ADMIN_UNIT_LIMITS.maxInventoriesPerUnit).toBe(3);
    await s.adminUnits.addInventory(superUser, ID, 'inv-metro');
    await db().inventory.create({ data: { id: 'inv-extra', name: 'Extra-Inventory' } });
    await expect(s.adminUnits.addInventory(superUser, ID, 'inv-extra')).rejects.toMatchObject({
      status: 409,
      code: 'UNIT_MAX_INVENTORIES',
      message: 'Unit max inventories reached',
    });

    // Leaving an inventory leaves its groups too.
    h.hub.clear();
    const left = await s.adminUnits.removeInventory(superUser, ID, 'inv-global-sports');
    expect(left.groupIds).toEqual(['grp-newsroom']);
    expect(h.hub.topicsOfType('device.removed').flat().sort()).toEqual(['group:grp-football', 'inventory:inv-global-sports']);
    await s.adminUnits.removeInventory(superUser, ID, 'inv-metro');
    const field = await s.adminUnits.addGroup(admin, ID, 'grp-field-crews');
    expect([...field.groupIds].sort()).toEqual(['grp-field-crews', 'grp-newsroom']);
    const gone = await s.adminUnits.removeGroup(admin, ID, 'grp-field-crews');
    expect(gone.groupIds).toEqual(['grp-newsroom']);
    await expect(s.adminUnits.removeGroup(admin, ID, 'grp-field-crews')).rejects.toMatchObject({ status: 404 });
  });

  it('sets the target software version by the upgrade rules and their codes', async () => {
    const put = (id: string, target: string | null, user = superUser) => s.adminUnits.setTargetSwVersion(user, id, target);
    const sla = (id: string) => s.licences.addUnitService(id, { serviceName: 'sla' });
    const before = await snapshot();
    await expect(put('LU800-0003', '9.9')).rejects.toMatchObject({
      status: 422,
      code: 'UPGRADE_6802',
      message: 'Target version not allowed',
      deviceCode: 6802,
    });
    expect(await snapshot()).toBe(before);

    // 6803: a 600-series H.264 unit.
    await sla('LU600H264-0002');
    await db().unit.update({ where: { id: 'LU600H264-0002' }, data: { swVersion: '8.0' } });
    await expect(put('LU600H264-0002', '10.0')).rejects.toMatchObject({ code: 'UPGRADE_6803', deviceCode: 6803 });
    // 6810: a version that does not support the unit's hardware (3.5 lists field units only).
    await sla('LUSMART-0001');
    await db().unit.update({ where: { id: 'LUSMART-0001' }, data: { swVersion: '8.0' } });
    await expect(put('LUSMART-0001', '3.5')).rejects.toMatchObject({ code: 'UPGRADE_6810', deviceCode: 6810 });
    // 6199 / 6808: the server of the unit's selected channel is offline / busy.
    await sla('LU800-0003');
    await db().unit.update({ where: { id: 'LU800-0003' }, data: { swVersion: '8.0', selectedChannelId: 'MMH-0001-CH1' } });
    await db().server.update({ where: { id: 'MMH-0001' }, data: { status: 'offline', swVersion: '10.1' } });
    await expect(put('LU800-0003', '10.0')).rejects.toMatchObject({ code: 'UPGRADE_6199', message: 'Server offline', deviceCode: 6199 });
    await db().server.update({ where: { id: 'MMH-0001' }, data: { status: 'busy' } });
    await expect(put('LU800-0003', '10.0')).rejects.toMatchObject({ code: 'UPGRADE_6808', message: 'Server busy', deviceCode: 6808 });
    await db().server.update({ where: { id: 'MMH-0001' }, data: { status: 'online' } });
    // A unit without SLA is not eligible (6802).
    await s.licences.removeUnitService('LU800-0002', 'sla');
    await expect(put('LU800-0002', '10.0', admin)).rejects.toMatchObject({ code: 'UPGRADE_6802' });

    expect((await put('LU800-0003', '10.0', admin)).targetSwVersion).toBe('10.0');
    expect((await put('LU800-0003', null, admin)).targetSwVersion).toBeNull();
    await expect(put('LU800-0005', '10.0', admin)).rejects.toMatchObject({ status: 404 });
  });
});
