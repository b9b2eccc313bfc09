/**
 * Usage reports (spec 001 §2 /reports, §4 usage kinds data and time, "over usage") against the real
 * core on real SQLite and PostgreSQL with the real simulator: a fresh seed's report has the usage of
 * the last months (packages/db seed-usage.ts) with a heavy user over its quota; a streaming unit's usage grows in the
 * report (written every few seconds from its telemetry, announced as usage.changed); per day and per
 * unit totals over a period; the profile's quota and over-usage since its last reset day; a group of
 * the inventory; roles, scope (unknown and foreign both 404) and the query's validation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION, type UnitDetail, type UsageReport, RULES } from '@fleet/contracts';
import { TestClock } from '@fleet/core';
import { eventually, providers, startTestStack, type TestStack, recordPublished, type Published } from '../support/stack.js';

const DAY_MS = 86_400_000;
/** How often counted usage is written (modules/usage/usage-accounting.ts). */
const USAGE_FLUSH_MS = 3_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe.each(providers())('usage reports on %s', (provider) => {
  let s: TestStack;
  let admin: string; // luc_admin: inventory inv-global only
  let regular: string;
  const published: Published[] = [];
  const clock = new TestClock();

  beforeAll(async () => {
    s = await startTestStack({ provider, clock });
    [admin, regular] = await Promise.all([s.login('luc_admin'), s.login('luc_regular')]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const get = (url: string, cookie: string | undefined) => s.app.inject({ method: 'GET', url: `/api${url}`, headers: cookie ? { cookie } : {} });
  const report = async (query = '', cookie = admin): Promise<UsageReport> => {
    const res = await get(`/v2/inventories/inv-global/usageReport${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const unitsOf = (inventoryId: string) => s.app.services.readModel.units.all().filter((u) => u.inventories.some((i) => i.inventoryId === inventoryId));

  it('answers 401 without a session, 403 outside the manage roles, 404 for unknown and foreign inventories and groups', async () => {
    expect((await get('/v2/inventories/inv-global/usageReport', undefined)).statusCode).toBe(401);
    expect((await get('/v2/inventories/inv-global/usageReport', regular)).statusCode).toBe(403);
    expect((await get('/v2/inventories/inv-metro/usageReport', admin)).statusCode).toBe(404);
    expect((await get('/v2/inventories/inv-no-such/usageReport', admin)).statusCode).toBe(404);
    expect((await get('/v2/inventories/inv-global/usageReport?groupId=grp-metro-live', admin)).statusCode).toBe(404);
    expect((await get('/v2/inventories/inv-global/usageReport?groupId=grp-no-such', admin)).statusCode).toBe(404);
  });

  it("validates the period with the spec's messages", async () => {
    const fieldsOf = async (query: string) => {
      const res = await get(`/v2/inventories/inv-global/usageReport${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      return res.json().error.fields;
    };
    expect(await fieldsOf('?from=2026/01/01')).toEqual([{ path: 'query.from', message: VALIDATION.mustMatchPattern }]);
    expect(await fieldsOf('?from=2026-02-30')).toEqual([{ path: 'query.from', message: VALIDATION.mustMatchPattern }]);
    expect(await fieldsOf('?from=2026-03-02&to=2026-03-01')).toEqual([{ path: 'query.from', message: RULES.periodStartAfterEnd }]);
    expect(await fieldsOf('?from=2024-01-01&to=2026-01-01')).toEqual([{ path: 'query.from', message: RULES.periodTooLong }]);
  });

  it("shows a fresh seed's usage: data and time on most of the last 30 days, the heavy user's quota since the reset day, and the over-usage rule", async () => {
    const r = await report();
    expect(r.totals.dataBytes).toBeGreaterThan(10e9);
    expect(r.totals.seconds).toBeGreaterThan(10 * 3600);
    // Every whole day before today has usage (today is the accounting's).
    expect(r.days.slice(0, -1).filter((d) => d.dataBytes > 0 && d.seconds > 0).length).toBeGreaterThanOrEqual(25);
    const used = r.units.filter((u) => u.dataBytes > 0);
    expect(used.length).toBeGreaterThanOrEqual(5);
    // The report's rule over the seeded rows: over usage exactly when usage since the reset day passes the quota.
    for (const u of r.units.filter((x) => x.profile !== null && x.sinceReset !== null)) {
      const amount = u.profile!.type === 'data' ? u.sinceReset!.dataBytes / 1e9 : u.sinceReset!.seconds / 3600;
      expect(u.overUsage, u.unitId).toBe(amount > u.profile!.quotaPerMonth);
    }
    // The heavy user (the inventory's first streaming unit with a profile) uses its quota 1.4 times as fast as a month allows.
    const heavy = r.units.filter((u) => u.profile !== null).reduce((a, b) => ((b.quotaUsed ?? 0) > (a.quotaUsed ?? 0) ? b : a));
    const elapsed = (Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${heavy.resetOn}T00:00:00Z`)) / DAY_MS;
    if (elapsed >= 5) expect(heavy.quotaUsed).toBeGreaterThan((elapsed / 30) * 1.2);
    if (elapsed >= 24) expect(heavy.overUsage).toBe(true);
  });

  it('covers the last 30 days by default, every day listed, every unit of the inventory (or of one group)', async () => {
    const r = await report();
    const today = dayOf(clock.now());
    expect(r.to).toBe(today);
    expect(r.days).toHaveLength(30);
    expect(r.days.at(-1)?.day).toBe(today);
    expect(new Set(r.units.map((u) => u.unitId))).toEqual(new Set(unitsOf('inv-global').map((u) => u.id)));
    const group = s.app.services.readModel.groups.all().find((g) => g.inventoryId === 'inv-global')!;
    const inGroup = await report(`?groupId=${group.id}`);
    expect(inGroup.groupId).toBe(group.id);
    expect(new Set(inGroup.units.map((u) => u.unitId))).toEqual(
      new Set(
        unitsOf('inv-global')
          .filter((u) => u.groups.some((g) => g.groupId === group.id))
          .map((u) => u.id),
      ),
    );
  });

  it('sums records per day and per unit and flags a unit over its quota since the last reset day', async () => {
    const db = s.app.services.db;
    const [over, under] = unitsOf('inv-global').filter((u) => u.status !== 'streaming');
    // From no usage (the seed's records of these two units gone), so the sums below are exact.
    await db.usageRecord.deleteMany({ where: { unitId: { in: [over!.id, under!.id] } } });
    await db.unit.update({ where: { id: over!.id }, data: { usageProfileId: 'usp-hours-default' } }); // 100 hours a month, reset on the 1st
    await db.unit.update({ where: { id: under!.id }, data: { usageProfileId: 'usp-data-default' } }); // 500 GB a month
    const now = clock.now();
    const today = now - (now % DAY_MS);
    const resetOn = Date.UTC(new Date(today).getUTCFullYear(), new Date(today).getUTCMonth(), 1);
    // Over: 101 hours since the reset; under: 2 GB today and 600 GB well before the reset (not counted against the quota).
    // Added to what the accounting may have written for those days already.
    const add = (unitId: string, day: number, seconds: number, dataBytes: bigint) =>
      db.usageRecord.upsert({
        where: { unitId_periodStart: { unitId, periodStart: new Date(day) } },
        create: { unitId, periodStart: new Date(day), periodEnd: new Date(day + DAY_MS), seconds, dataBytes },
        update: { seconds: { increment: seconds }, dataBytes: { increment: dataBytes } },
      });
    await add(over!.id, resetOn, 101 * 3600, 5n);
    await add(under!.id, today, 60, 2_000_000_000n);
    const earlyDay = async () => (await report(`?from=${dayOf(resetOn - 40 * DAY_MS)}&to=${dayOf(resetOn - 40 * DAY_MS)}`)).days[0]!.dataBytes;
    const othersEarly = await earlyDay();
    await add(under!.id, resetOn - 40 * DAY_MS, 0, 600_000_000_000n);
    const r = await report(`?from=${dayOf(resetOn - 40 * DAY_MS)}&to=${dayOf(today)}`);
    const o = r.units.find((u) => u.unitId === over!.id)!;
    expect(o).toMatchObject({ profile: { id: 'usp-hours-default', type: 'hours', quotaPerMonth: 100 }, resetOn: dayOf(resetOn), overUsage: true });
    expect(o.sinceReset?.seconds).toBeGreaterThanOrEqual(101 * 3600);
    const u = r.units.find((x) => x.unitId === under!.id)!;
    expect(u).toMatchObject({ profile: { id: 'usp-data-default', type: 'data' }, overUsage: false });
    expect(u.dataBytes).toBeGreaterThanOrEqual(602_000_000_000);
    expect(u.sinceReset?.dataBytes).toBeLessThan(600_000_000_000);
    expect(u.quotaUsed).toBeCloseTo(u.sinceReset!.dataBytes / 500e9, 6);
    expect(r.totals.overUsage).toBeGreaterThanOrEqual(1);
    expect(r.days.find((d) => d.day === dayOf(resetOn - 40 * DAY_MS))?.dataBytes).toBe(othersEarly + 600_000_000_000);
    expect(r.unitDays).toContainEqual({ unitId: under!.id, day: dayOf(resetOn - 40 * DAY_MS), dataBytes: 600_000_000_000, seconds: 0 });
    // A period without those days leaves them out of the totals.
    const later = await report(`?from=${dayOf(today)}&to=${dayOf(today)}`);
    expect(later.days).toHaveLength(1);
    expect(later.units.find((x) => x.unitId === under!.id)!.dataBytes).toBeLessThan(600_000_000_000);
  });

  it("grows while a simulated unit streams: data and time in the report, usage.changed on the inventory's topic", async () => {
    const regularCookie = await s.login('super_user');
    const unit = await eventually(async () => {
      const candidates = unitsOf('inv-global').map((u) => u.id);
      for (const id of candidates) {
        const d: UnitDetail = (await get(`/v2/units/${id}`, regularCookie)).json();
        if (d.status === 'idle' && d.cameraConnected && d.licenseValid) return d;
      }
      return null;
    }, 15_000);
    const before = (await report()).units.find((u) => u.unitId === unit.uniqueId)!;
    const start = await s.app.inject({ method: 'POST', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie: regularCookie } });
    expect(start.statusCode, start.body).toBe(200);
    try {
      const grown = await eventually(async () => {
        // What the unit's telemetry counted so far is written at the next flush.
        await clock.advance(USAGE_FLUSH_MS);
        const row = (await report()).units.find((u) => u.unitId === unit.uniqueId)!;
        return row.dataBytes > before.dataBytes && row.seconds > before.seconds ? row : null;
      }, 20_000);
      expect(grown.seconds).toBeGreaterThan(0);
      // The flush announces after its last batch is written: a report read between two batches
      // already sees the first one's rows, so the announcement may still be on its way.
      const announced = await eventually(
        async () =>
          published.some((p) => p.event.type === 'usage.changed' && p.event.inventoryId === 'inv-global' && p.topics.includes('inventory:inv-global')) || null,
        10_000,
      );
      expect(announced).toBe(true);
    } finally {
      await s.app.inject({ method: 'DELETE', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie: regularCookie } });
    }
  }, 40_000);
});
