/** The codecs of unit licence activation: an inventory's licence pool, a user's grantable permissions. */
import { z } from 'zod';
import { jsonColumn, lenient, lenientRecord } from '../../platform/storage/json-column.js';

/**
 * The inventory's licence pool, kept in Inventory.settings under `licences` (the settings codec of
 * inventory-columns.ts keeps unknown keys, and this one keeps the others): `{ [unit service]: { total } }`.
 */
export const inventoryLicencePool = jsonColumn(
  z.looseObject({
    licences: lenientRecord(z.looseObject({ total: z.number().int().nonnegative() })).transform((r) => r ?? {}),
  }),
  () => ({ licences: {} }),
);

/** User.permissions: grantable permissions, e.g. `{ unitLicenseActivation: true }` (spec 001 §6). */
export const userPermissions = jsonColumn(z.looseObject({ unitLicenseActivation: lenient(z.boolean()) }), () => ({}));
