/**
 * The unit upgrade rules of spec 001 §5 and their codes (§8) on the upgrade service alone (the
 * seeded template, a fake gateway, the units reported online and idle): SLA, server first,
 * 600-series H.264, hardware, 5.1 or below, the 9.2.1 and channel warnings, a version found
 * whichever way it is spelt, and the admin target software version on the same rules. Starts run
 * by the simulated devices, the server rules against live server states, roles and validation of
 * the calls are in tests/integration/upgrades.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../errors.js';
import type { AuthUser } from '../../platform/access.js';
import { moduleHarness, type ModuleHarness } from '../../testing/module-harness.js';
import * as serversModule from '../servers/index.js';
import * as upgradesModule from './index.js';
import { storeUnitFacts, type UnitFacts } from '../../testing/unit-facts.js';

const build = (h: ModuleHarness) => {
  const { servers } = serversModule.create(h.deps);
  return { servers, upgrades: upgradesModule.create(h.deps, { servers, units: h.units.units }).upgrades, adminUnits: h.units.adminUnits };
};

describe('unit upgrade rules', () => {
  let h: ModuleHarness;
  let s: ReturnType<typeof build>;
  let admin: AuthUser; // luc_admin: inv-global
  let superUser: AuthUser;

  beforeAll(async () => {
    h = await moduleHarness();
    s = build(h);
    await s.servers.start();
    [admin, superUser] = await Promise.all([h.user('luc_admin'), h.user('super_user')]);
    // The units taken here are online and idle, as the simulated devices report them in a stack.
    for (const id of ['LU800-0003', 'LU600H264-0002', 'LUSMART-0001']) await h.report(id);
  });
  afterAll(async () => {
    s?.upgrades.close();
    await h?.close();
  });

  const db = () => h.db;
  const jobsSnapshot = async () => JSON.stringify(await db().upgradeJob.findMany({ orderBy: { id: 'asc' } }));
  const eligibility = (type: 'units' | 'servers', id: string, target: string, user = admin) =>
    s.upgrades.eligibility(user, type === 'units' ? 'unit' : 'server', id, target);
  /** The server at `swVersion`: stored, and reported by its device online with its channels idle. */
  const setServer = async (id: string, swVersion: string) => {
    await db().server.update({ where: { id }, data: { swVersion } });
    await h.event({ type: 'serverState', serverId: id, online: true, status: 'online', cpu: 0, storage: 0, swVersion });
    for (const c of await db().channel.findMany({ where: { serverId: id }, select: { id: true } })) {
      await h.event({ type: 'channelState', serverId: id, channelId: c.id, status: 'idle', allocatedToUnitUid: null, licensed: true });
    }
  };
  /** The unit's version (and SLA service) as stored. */
  async function setUnit(id: string, data: UnitFacts): Promise<void> {
    await storeUnitFacts(db(), id, data);
    await h.deps.readModel.units.refresh([id]);
  }

  it('checks the unit rules: SLA, server first, 600-series H.264, hardware, 5.1 or below, with the 9.2.1 and channel warnings', async () => {
    const before = await jobsSnapshot();
    await setServer('MMH-0001', '10.0');
    await setUnit('LU800-0003', { swVersion: '9.2.1', sla: true, selectedChannelId: 'MMH-0001-CH1' });
    await db().channel.update({ where: { id: 'MMH-0001-CH1' }, data: { swVersion: '9.2.1' } });
    // Server first: its server is at 10.0, below 10.1.
    const first = await eligibility('units', 'LU800-0003', '10.1');
    expect(first.eligible).toBe(false);
    expect(first.reasons.map((r) => r.rule)).toContain('serverFirst');
    await expect(s.upgrades.start(admin, 'unit', 'LU800-0003', '10.1')).rejects.toMatchObject({ status: 422, code: 'UPGRADE_6802', deviceCode: 6802 });
    // 10.0 is allowed, with the configuration-reset warning (from 9.2.1) and the channel below the unit.
    const ok = await eligibility('units', 'LU800-0003', '10.0');
    expect(ok).toMatchObject({ eligible: true, reasons: [] });
    expect(ok.warnings.map((w) => w.rule).sort()).toEqual(['channelVersionBelowUnit', 'configurationReset']);
    // Without SLA: not eligible (6802).
    await setUnit('LU800-0003', { sla: false });
    expect((await eligibility('units', 'LU800-0003', '10.0')).reasons.map((r) => r.rule)).toContain('noSla');
    await setUnit('LU800-0003', { sla: true });
    // 6803 for a 600-series H.264 unit; 6810 for hardware the version does not list.
    await setUnit('LU600H264-0002', { swVersion: '8.0', sla: true });
    await expect(s.upgrades.start(superUser, 'unit', 'LU600H264-0002', '8.5')).rejects.toMatchObject({ code: 'UPGRADE_6803' });
    await setUnit('LUSMART-0001', { swVersion: '8.0', sla: true });
    const hw = await eligibility('units', 'LUSMART-0001', '3.5', superUser);
    expect(hw.reasons[0]).toMatchObject({ rule: 'hardwareNotSupported', errorCode: 'UPGRADE_6810', deviceCode: 6810 });
    // Nothing at 5.1 or below.
    await setUnit('LU800-0003', { swVersion: '5.1' });
    expect((await eligibility('units', 'LU800-0003', '8.5')).reasons.map((r) => r.rule)).toContain('versionTooOld');
    expect(await jobsSnapshot()).toBe(before);
    // No command went to any device.
    expect(h.gateway.sent).toEqual([]);
  });

  it('finds a version whichever way it is spelt ("10.0.0" is the stored "10.0")', async () => {
    await setServer('VRS-0001', '8.5');
    const spelt = await eligibility('servers', 'VRS-0001', '10.0.0');
    expect(spelt).toMatchObject({ targetVersion: '10.0', eligible: true, reasons: [] });
    expect((await eligibility('units', 'LU800-0003', '9.9.0')).reasons[0]).toMatchObject({ rule: 'unknownVersion', errorCode: 'UPGRADE_6802' });
  });

  it('keeps the admin target software version on the same rules', async () => {
    await setUnit('LU800-0003', { swVersion: '10.0', sla: false });
    const noSla = (await eligibility('units', 'LU800-0003', '10.1')).reasons.find((r) => r.rule === 'noSla')!.message;
    const refused: unknown = await s.adminUnits.setTargetSwVersion(admin, 'LU800-0003', '10.1').then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ code: 'UPGRADE_6802' });
    expect((refused as AppError).fields?.map((f) => f.message)).toContain(noSla);
  });
});
