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
  const found: string[] = [];
  for (const t of TABLES) {
    const rows = await db.prisma.$queryRawUnsafe<Array<{ one: unknown }>>(`SELECT 1 AS one FROM ${q(t)} LIMIT 1`);
    if (rows.length > 0) found.push(t);
  }
  return found;
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
