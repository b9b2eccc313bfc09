/**
 * Unit and licence activation, a grantable permission (spec 001 §6; /unit_license_activation; "license limit reached").
 *
 * An inventory holds a pool of licences per unit service (how many of its units may have it); a
 * user granted `unitLicenseActivation` (or a super user) activates and deactivates them on the
 * inventory's units, one unit service each (the unit's services of spec 000 §7).
 */
import { z } from 'zod';
import { SERVICES } from '../enum-values.js';
import { Id } from './common.js';

/** The unit services an inventory's licence pool counts (spec 001 §3 services). */
export const ACTIVATABLE_LICENCES = [
  'sla',
  'video-return',
  '4K',
  'hevc',
  'ip-pipe',
  'databridge',
  'smpte-output',
  'multi-camera',
] as const satisfies readonly (typeof SERVICES)[number][];
export const ActivatableLicence = z.enum(ACTIVATABLE_LICENCES);
export type ActivatableLicence = z.infer<typeof ActivatableLicence>;

/** The grantable permission's key in User.permissions (§6 "Unit and license activation is a grantable permission"). */
export const UNIT_LICENSE_ACTIVATION = 'unitLicenseActivation';

export const LicencePoolEntry = z.object({
  serviceName: ActivatableLicence,
  /** Licences the inventory bought, in use on its units, still free. */
  total: z.number().int().nonnegative(),
  used: z.number().int().nonnegative(),
  available: z.number().int().nonnegative(),
});
export type LicencePoolEntry = z.infer<typeof LicencePoolEntry>;

export const LicenceUnit = z.object({
  unitId: Id,
  name: z.string(),
  productType: z.string(),
  /** The licences active on the unit (of ACTIVATABLE_LICENCES). */
  active: z.array(ActivatableLicence),
});
export type LicenceUnit = z.infer<typeof LicenceUnit>;

/** The /unit_license_activation screen: the pool, the units × licences, whether the caller may change them. */
export const LicenceActivationView = z.object({
  inventoryId: Id,
  canActivate: z.boolean(),
  pool: z.array(LicencePoolEntry),
  units: z.array(LicenceUnit),
});
export type LicenceActivationView = z.infer<typeof LicenceActivationView>;

/** Activate (active true) or deactivate one licence on one unit of the inventory. */
export const SetLicenceActivationBody = z.object({ unitId: Id, serviceName: ActivatableLicence, active: z.boolean() }).strict();
export type SetLicenceActivationBody = z.infer<typeof SetLicenceActivationBody>;

export const LicenceActivationResult = z.object({ inventoryId: Id, unit: LicenceUnit, pool: z.array(LicencePoolEntry) });
export type LicenceActivationResult = z.infer<typeof LicenceActivationResult>;

/** Admin: set an inventory's pool size of one licence (super user, staff). */
export const SetLicencePoolBody = z.object({ serviceName: ActivatableLicence, total: z.number().int().min(0).max(100_000) }).strict();
export type SetLicencePoolBody = z.infer<typeof SetLicencePoolBody>;

/** Grant or revoke the permission on a user (admins: users of their inventories). */
export const LicencePermissionParams = z.object({ id: Id }).strict();
export const SetLicencePermissionBody = z.object({ granted: z.boolean() }).strict();
export type SetLicencePermissionBody = z.infer<typeof SetLicencePermissionBody>;
export const LicencePermission = z.object({ userId: Id, granted: z.boolean() });
export type LicencePermission = z.infer<typeof LicencePermission>;
