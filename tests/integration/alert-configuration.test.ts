/**
 * One resolution of a unit's alert configuration (spec 000 §3 modes: automatic, by group, manual):
 * the unit's configuration (configurationV2.alerts) and GET v2/units/{id}/alerts/configuration name
 * the same group and show the same alert types and recipients, for every seeded unit, in every mode,
 * including an inventory that has its own configuration and a manual unit that never saved one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_TYPES, type UnitSummary } from '@fleet/contracts';
import { providers, startTestStack, type TestStack } from '../support/stack.js';

describe.each(providers())('alert configuration on %s', (provider) => {
  let s: TestStack;
  let cookie: string;

  const call = async (url: string) => {
    const res = await s.app.inject({ method: 'GET', url: `/api${url}`, headers: { cookie } });
    expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
    return res.json();
  };

  /** The configuration answer and the alerts read agree on group, types and recipients. */
  const expectSame = async (unitId: string) => {
    const configured = (await call(`/v2/units/${unitId}/configurationV2`)).alerts;
    const read = await call(`/v2/units/${unitId}/alerts/configuration`);
    expect(configured.mode, unitId).toBe(read.mode);
    expect(configured.groupId, unitId).toBe(read.groupId);
    for (const t of ALERT_TYPES) {
      expect({ enabled: configured.alerts[t].enabled, level: configured.alerts[t].level }, `${unitId} ${t}`).toEqual({
        enabled: read.alerts[t].enabled,
        level: read.alerts[t].level,
      });
    }
    const key = (r: { alertType: string; email: string }) => `${r.email} ${r.alertType}`;
    expect(configured.recipients.map(key).sort(), unitId).toEqual(read.recipients.map(key).sort());
    return read;
  };

  beforeAll(async () => {
    s = await startTestStack({ provider, simulator: false });
    cookie = await s.login('super_user');
  });
  afterAll(async () => s?.close());

  it('every seeded unit in automatic mode', async () => {
    const units: UnitSummary[] = await call('/devices/fetch');
    expect(units.length).toBeGreaterThan(10);
    for (const u of units) await expectSame(u.uniqueId);
  });

  it('an inventory with its own configuration, a manual unit without one, a unit in no group', async () => {
    const units: UnitSummary[] = await call('/devices/fetch');
    const unit = units.find((u) => u.groupIds.length > 0 && u.inventoryIds.length > 0);
    const loner = units.find((u) => u.groupIds.length === 0 && u.inventoryIds.length > 0);
    expect(unit).toBeDefined();
    const db = s.app.services.db;
    const groupId = unit!.groupIds[0]!;
    const group = await db.group.findUniqueOrThrow({ where: { id: groupId }, select: { inventoryId: true } });
    // The group's inventory gets a configuration of its own; the group's own (if any) is removed.
    await db.alertConfiguration.deleteMany({ where: { groupId } });
    await db.alertConfiguration.deleteMany({ where: { scope: 'inventory', inventoryId: group.inventoryId } });
    await db.alertConfiguration.create({
      data: {
        scope: 'inventory',
        inventoryId: group.inventoryId,
        alerts: { battery: { enabled: false, level: 'critical' } },
        recipients: { create: [{ alertType: 'battery', email: 'inventory-desk@example.com' }] },
      },
    });
    const inherited = await expectSame(unit!.uniqueId);
    expect(inherited.source).toBe('inventory');
    expect(inherited.alerts.battery).toMatchObject({ enabled: false, level: 'critical' });

    // Manual mode before the unit saved a configuration of its own: what automatic mode gives.
    await db.alertConfiguration.deleteMany({ where: { unitId: unit!.uniqueId } });
    await db.unit.update({ where: { id: unit!.uniqueId }, data: { alertsConfigMode: 'manual' } });
    const manual = await expectSame(unit!.uniqueId);
    expect(manual.mode).toBe('manual');
    expect(manual.alerts.battery).toMatchObject({ enabled: false, level: 'critical' });

    if (loner) await expectSame(loner.uniqueId);
  });
});
