/**
 * "Reset the demo" puts the seeded units back as the seed wrote them: what a person or a scenario
 * may change on a unit (its name, note and settings: RESTORED_UNIT_COLUMNS) is computed again from
 * the seed (packages/db seededUnits) and written where it differs, each change announced to the
 * consoles (`unit.updated`) and a new name told to the device, as a rename is.
 *
 * The seed is the core's (`SEED`); its fleet size is the one whose units' serial numbers match the
 * database's (`SEED_FLEET` first): a database seeded otherwise (another seed) has no unit that
 * matches, and nothing is touched. Units the seed did not make (generated, added, imported) and
 * units a seeded unit's serial no longer matches are left as they are.
 */
import { FLEET_SIZES, RESTORED_UNIT_COLUMNS, seededUnits, type FleetSize, type SeededUnit } from '@fleet/db';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { UnitColumnValues } from '../platform/storage/unit-rows.js';

/** The seeded units of the database: the fleet size whose serial numbers match the most units (none when none matches). */
function seededFleet(app: FastifyInstance): SeededUnit[] {
  const rows = app.services.readModel.unitRows;
  const sizes: FleetSize[] = [app.config.SEED_FLEET, ...FLEET_SIZES.filter((s) => s !== app.config.SEED_FLEET)];
  let best: SeededUnit[] = [];
  for (const fleet of sizes) {
    const all = seededUnits({ seed: app.config.SEED, fleet });
    const units = all.filter((u) => rows.findById(u.id)?.serialNumber === u.serialNumber);
    if (units.length > best.length) best = units;
    // Every unit of this size is in the database as the seed made it: no other size has more.
    if (units.length > 0 && units.length === all.length) break;
  }
  return best;
}

/** A temporary name no seeded unit has, for a unit whose seeded name another unit holds until it is restored. */
const parked = (id: string) => `~reset~${id}`;

/** Restore the seeded units' changeable columns; answers how many units changed. */
export async function restoreSeededUnits(app: FastifyInstance): Promise<number> {
  const rows = app.services.readModel.unitRows;
  const changes: { id: string; set: UnitColumnValues; renamed: boolean }[] = [];
  for (const seeded of seededFleet(app)) {
    const row = rows.findById(seeded.id);
    if (!row) continue;
    const set: Record<string, unknown> = {};
    for (const column of RESTORED_UNIT_COLUMNS) {
      const now: unknown = row[column];
      const then: unknown = seeded[column] ?? null;
      if (!isDeepStrictEqual(now ?? null, then)) set[column] = then;
    }
    if (Object.keys(set).length > 0) changes.push({ id: seeded.id, set: set as UnitColumnValues, renamed: 'name' in set });
  }
  if (changes.length === 0) return 0;
  // Names are unique: a unit whose seeded name another restored unit holds now (two renamed into
  // each other's names) waits under a parked name until every name is free.
  const targets = new Set(changes.flatMap((c) => (c.renamed && typeof c.set.name === 'string' ? [c.set.name] : [])));
  for (const c of changes) {
    const current = rows.findById(c.id)?.name;
    if (c.renamed && current !== undefined && targets.has(current)) await rows.update({ id: c.id }, { name: parked(c.id) });
  }
  for (const c of changes) await rows.update({ id: c.id }, c.set, { incrementVersion: true });
  for (const c of changes) {
    await app.services.units.announce(c.id);
    if (c.renamed && typeof c.set.name === 'string') app.services.gateway.notify(c.id, { type: 'rename', name: c.set.name });
  }
  return changes.length;
}
