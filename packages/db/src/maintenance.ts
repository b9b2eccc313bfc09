/** Whole-database helpers: emptiness check and reset (all model tables, never _prisma_migrations). */
import { Prisma } from '../generated/sqlite/client.js';
import { transaction, type DbHandle } from './client.js';

/** Every model's table name (models have no @@map: table = model name). */
export const TABLES: readonly string[] = Object.values(Prisma.ModelName);

function q(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"';
}

/** Names of the tables that hold at least one row. */
export async function nonEmptyTables(db: DbHandle): Promise<string[]> {
  // One query for every table (a sandbox's seed starts with this check: a query a table cost it 60 calls).
  const probes = TABLES.map((t) => `SELECT '${t.replace(/'/g, "''")}' AS name WHERE EXISTS (SELECT 1 FROM ${q(t)})`);
  const rows = await db.prisma.$queryRawUnsafe<Array<{ name: string }>>(probes.join(' UNION ALL '));
  const found = new Set(rows.map((r) => r.name));
  return TABLES.filter((t) => found.has(t));
}

/** Delete every row of every model table (keeps the schema and the migration history). */
export async function resetDatabase(db: DbHandle): Promise<void> {
  if (db.provider === 'postgresql') {
    await db.prisma.$executeRawUnsafe(`TRUNCATE TABLE ${TABLES.map(q).join(', ')} RESTART IDENTITY CASCADE`);
    return;
  }
  await transaction(db, async (tx) => {
    // Inventory.parent is ON DELETE RESTRICT: detach the tree first; everything else cascades.
    await tx.$executeRawUnsafe(`UPDATE "Inventory" SET "parentId" = NULL`);
    for (const t of TABLES) await tx.$executeRawUnsafe(`DELETE FROM ${q(t)}`);
    await tx.$executeRawUnsafe(`DELETE FROM sqlite_sequence`);
  });
}
