/**
 * Software versions by product (spec 001 §2 /system_settings software_version_product; §3 Software
 * version: supported devices). A product is what a version's supported devices name (the unit type
 * groups and the server types); adding or removing one changes that list of the version.
 */
import { z } from 'zod';
import { Id } from './common.js';
import { RowVersion } from './settings-lists.js';
import { SoftwareVersionDevice } from './software-versions.js';

export const SoftwareVersionProductVersion = z.object({ id: Id, number: z.string(), deprecated: z.boolean(), version: z.number().int().nonnegative() });
export type SoftwareVersionProductVersion = z.infer<typeof SoftwareVersionProductVersion>;

/** Every product, with the versions supporting it (newest first). */
export const SoftwareVersionProducts = z.object({
  products: z.array(z.object({ product: SoftwareVersionDevice, versions: z.array(SoftwareVersionProductVersion) })),
  /** Every version (newest first), with its row version: what the add picker offers. */
  versions: z.array(SoftwareVersionProductVersion.extend({ supportedDevices: z.array(SoftwareVersionDevice) })),
});
export type SoftwareVersionProducts = z.infer<typeof SoftwareVersionProducts>;

export const SoftwareVersionProductParams = z.object({ id: Id, product: SoftwareVersionDevice });
export type SoftwareVersionProductParams = z.infer<typeof SoftwareVersionProductParams>;
/** With `version`, only over that version of the software version (else 409). */
export const SoftwareVersionProductBody = z.object({ version: RowVersion.optional() }).strict();
export const SoftwareVersionProductQuery = z.object({ version: z.coerce.number().int().nonnegative().max(2_147_483_647).optional() }).strict();

export const SoftwareVersionProductChange = z.object({
  id: Id,
  number: z.string(),
  supportedDevices: z.array(SoftwareVersionDevice),
  version: z.number().int().nonnegative(),
});
export type SoftwareVersionProductChange = z.infer<typeof SoftwareVersionProductChange>;
