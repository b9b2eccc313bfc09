/**
 * The fleet sizes (SQLite): every size holds the structural units of SEED_IDS with the same
 * memberships and names, and adds units a broadcaster would have around them, in real cities,
 * with hubs to stream to; the large fleet seeds in reasonable time.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DbHandle } from '../src/client.js';
import { FLEET_SIZES, SEED_IDS, seed, type FleetSize } from '../src/seed/index.js';
import { addressAt, nearestStreet, PLACES, placeNamed } from '@fleet/domain';
import { CITIES } from '../src/seed/fleet.js';
import { FIRST_NAMES, JOB_TITLES, LAST_NAMES, STORIES, UNIT_NOTES } from '../src/seed/newsroom.js';
import { describeSqlite, openFresh, sqliteProvider } from './helpers.js';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const PRODUCTS = ['LU800', 'LU600 H.264', 'LU300', 'Solo', 'Drone', 'LU-Lite', 'LU-Smart', 'LU-Link PTP', 'LU-Link PTMP', 'Xtender'];

interface Seeded {
  db: DbHandle;
  cleanup: () => Promise<void>;
  ms: number;
}

async function seeded(fleet: FleetSize): Promise<Seeded> {
  const opened = await openFresh(sqliteProvider);
  const started = performance.now();
  await seed(opened.db, { seed: 1, fleet, password: 'Fleet-pass-1', now: NOW, passwordCost: 1024 });
  return { ...opened, ms: performance.now() - started };
}

const unitsOf = (db: DbHandle) =>
  db.prisma.unit.findMany({ select: { id: true, name: true, productType: true, latitude: true, longitude: true, groups: { select: { groupId: true } } } });

describeSqlite('fleet sizes', () => {
  const fleets = new Map<FleetSize, Seeded>();
  beforeAll(async () => {
    for (const size of ['small', 'medium'] as const) fleets.set(size, await seeded(size));
  }, 120_000);
  afterAll(async () => {
    for (const f of fleets.values()) await f.cleanup();
  });

  it('small is the 24 structural units; medium about 60 around the same ones, same memberships and names', async () => {
    const small = await unitsOf(fleets.get('small')!.db);
    const medium = await unitsOf(fleets.get('medium')!.db);
    expect(small.map((u) => u.id).sort()).toEqual([...SEED_IDS.units].sort());
    expect(medium.length).toBeGreaterThanOrEqual(55);
    expect(medium.length).toBeLessThanOrEqual(65);
    const byId = new Map(medium.map((u) => [u.id, u]));
    for (const u of small) {
      expect(byId.get(u.id)?.name, u.id).toBe(u.name);
      expect(
        byId
          .get(u.id)
          ?.groups.map((g) => g.groupId)
          .sort(),
        u.id,
      ).toEqual(u.groups.map((g) => g.groupId).sort());
    }
    // The structural groups hold the same structural units (the added units sit beside them).
    for (const [group, ids] of Object.entries(SEED_IDS.unitsByGroup)) {
      const members = medium.filter((u) => u.groups.some((g) => g.groupId === group)).map((u) => u.id);
      expect(members, group).toEqual(expect.arrayContaining(ids));
    }
  });

  it('units a broadcaster would name, in real cities, every unit family, in every inventory', async () => {
    const { db } = fleets.get('medium')!;
    const units = await unitsOf(db);
    expect(new Set(units.map((u) => u.name)).size).toBe(units.length);
    for (const u of units) {
      expect(u.name).toMatch(/^(News|Sport|Regional)-[A-Za-z0-9-]+$/);
      const near = Object.values(CITIES)
        .flat()
        .some((c) => Math.abs(c.lat - (u.latitude ?? 0)) < 0.05 && Math.abs(c.lng - (u.longitude ?? 0)) < 0.05);
      expect(near, `${u.name} at ${u.latitude},${u.longitude}`).toBe(true);
      // A unit named after a city is in that city (the simulator starts it there too).
      const named = Object.values(CITIES)
        .flat()
        .find((c) => u.name.endsWith(`-${c.name}`));
      if (named) {
        expect(Math.abs(named.lat - (u.latitude ?? 0)), `${u.name} at ${u.latitude},${u.longitude}`).toBeLessThan(0.05);
        expect(Math.abs(named.lng - (u.longitude ?? 0)), `${u.name} at ${u.latitude},${u.longitude}`).toBeLessThan(0.05);
      }
    }
    expect(
      units
        .filter((u) => /^(News|Regional)-(Crew|MoJo|Lite|Drone|Xtender)-/.test(u.name))
        .every((u) =>
          Object.values(CITIES)
            .flat()
            .some((c) => u.name.endsWith(`-${c.name}`)),
        ),
    ).toBe(true);
    expect(units.map((u) => u.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^News-Crew-\d+-[A-Z]/), expect.stringMatching(/^Sport-OB\d+-Cam-\d+$/)]),
    );
    expect(new Set(units.map((u) => u.productType))).toEqual(new Set(PRODUCTS));
    const perInventory = await db.prisma.unitInventory.groupBy({ by: ['inventoryId'], _count: true });
    expect(perInventory).toHaveLength(3);
    for (const i of perInventory) expect(i._count, i.inventoryId).toBeGreaterThanOrEqual(15);
  });

  it('a unit stands on a real street of its city: its address is that street’s, as the country writes it', async () => {
    const { db } = fleets.get('medium')!;
    const units = await db.prisma.unit.findMany({ select: { name: true, latitude: true, longitude: true, address: true } });
    const streets = new Set(PLACES.flatMap((p) => p.streets.map((s) => s.name)));
    for (const u of units) {
      const at = `${u.name} at ${u.latitude},${u.longitude}: ${u.address}`;
      // The address of the position (the simulator's, as the unit moves, is the same).
      expect(u.address, at).toBe(addressAt(u.latitude!, u.longitude!));
      const street = nearestStreet(u.latitude!, u.longitude!);
      expect(street?.metres, at).toBeLessThan(300);
      expect(streets.has(street!.street.name), at).toBe(true);
      const named = PLACES.find((p) => u.name.endsWith(`-${p.name.replace(/ /g, '-')}`));
      if (named) expect(u.address, at).toContain(named.town);
      expect(u.address, at).toMatch(/^(\d+ .+, .+|.+ \d+, \d{4,5} .+)$/);
    }
    // Every city of the seed has its streets (the plan refuses a city without).
    for (const c of Object.values(CITIES).flat()) expect(placeNamed(c.name), c.name).toMatchObject({ lat: c.lat, lng: c.lng });
  });

  it('text a newsroom would write: stories with sluglines and reporters, people’s names, notes; no generated filler', async () => {
    const { db } = fleets.get('medium')!;
    const stories = await db.prisma.story.findMany({ orderBy: { id: 'asc' } });
    expect(stories.map((s) => s.slugline)).toEqual(STORIES.map((s) => s.slugline));
    for (const s of stories) {
      expect(s.slugline).toMatch(/^[A-Z0-9]+(-[A-Z0-9]+)+$/);
      expect(s.reporter).toMatch(/^\p{Lu}\p{L}+ \p{Lu}\p{L}+$/u);
      expect(s.crewName).toMatch(/^\p{Lu}\p{L}+ \p{Lu}\p{L}+$/u);
      expect(s.keywords.split(',').length).toBeGreaterThanOrEqual(3);
    }
    const users = await db.prisma.user.findMany();
    expect(new Set(users.map((u) => `${u.firstName} ${u.lastName}`)).size).toBe(users.length);
    for (const u of users) {
      expect(FIRST_NAMES).toContain(u.firstName);
      expect(LAST_NAMES).toContain(u.lastName);
      if (u.userLabel) expect(JOB_TITLES).toContain(u.userLabel);
    }
    const comments = (await db.prisma.unit.findMany({ select: { comment: true } })).map((u) => u.comment).filter(Boolean);
    expect(comments.length).toBeGreaterThan(0);
    for (const c of comments) expect(UNIT_NOTES).toContain(c);
    const servers = await db.prisma.server.findMany({ select: { alias: true } });
    for (const s of servers) expect(s.alias).toMatch(/^[A-Z][A-Za-z ]+ (Hub|Video Return|Ingest|Transceiver)$/);
    for (const v of await db.prisma.videoReturnChannel.findMany()) expect(v.description).toMatch(/^Return video to the [A-Z][A-Za-z ]+ crews$/);
  });

  it('hubs with channels to stream to for the units added, in each inventory', async () => {
    const { db } = fleets.get('medium')!;
    const hubs = await db.prisma.server.findMany({
      where: { serverType: 'mmh_server' },
      select: { id: true, inventoryId: true, channels: { select: { type: true } } },
    });
    const streamable = hubs.flatMap((h) => h.channels).filter((c) => c.type !== 'input').length;
    const units = await db.prisma.unit.count({ where: { typeGroup: { in: ['fieldUnits', 'liteUnits', 'smartUnits'] } } });
    expect(streamable).toBeGreaterThanOrEqual(units);
    expect(new Set(hubs.map((h) => h.inventoryId)).size).toBe(3);
  });

  it('large: 1,000 units seeded in reasonable time', async () => {
    const large = await seeded('large');
    try {
      expect(await large.db.prisma.unit.count()).toBe(1000);
      expect(new Set((await unitsOf(large.db)).map((u) => u.name)).size).toBe(1000);
      // About 25 s on an idle two-core machine (most of it the 90 days of usage records); the bound leaves room for a busy one.
      expect(large.ms, 'seed time of the large fleet (ms)').toBeLessThan(90_000);
    } finally {
      await large.cleanup();
    }
  }, 120_000);

  it('knows its sizes', () => {
    expect(FLEET_SIZES).toEqual(['small', 'medium', 'large']);
  });
});
