/**
 * Entities of the admin unit calls (spec 000 §7 "Admin unit calls", §6 "admin-level unit calls
 * ... live under an admin path"): create, update, delete, inventory and group associations,
 * target software version, databridge gateway, deregistration.
 */
import { z } from 'zod';
import { Ownership, UNIT_DEVICE_GROUPS } from '../enums.js';
import { LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { Id, IdParams } from './common.js';
import { UNIT_NAME_PATTERN } from '../entity-values.js';
import { UnitName } from './unit.js';

/**
 * Limits of the admin calls that the spec names without a value. "Unit max inventories reached"
 * (spec 001 §8): our choice is 3 — the owning inventory, a sub-inventory and one it is lent to.
 */
export const ADMIN_UNIT_LIMITS = { maxInventoriesPerUnit: 3 } as const;

/** Versions are stored as 32-bit integers (PostgreSQL int4): a larger one can never match. */
const INT32_MAX = 2_147_483_647;

/** The unit-like type groups an admin may create (servers are created elsewhere, spec 001). */
export const AdminUnitTypeGroup = z.enum(UNIT_DEVICE_GROUPS);

const ProductType = z.string({ error: VALIDATION.required }).trim().min(1, VALIDATION.required).max(64, VALIDATION.maxChars(64));
/** Serial numbers: letters, digits, '-' and '_' (they become part of the default unique id). */
const SerialNumber = z
  .string({ error: VALIDATION.required })
  .min(1, VALIDATION.required)
  .max(64, VALIDATION.maxChars(64))
  .regex(/^[A-Za-z0-9_-]+$/, VALIDATION.mustMatchPattern);
const Comment = z.string().max(LIMITS.unitCommentMax, VALIDATION.maxChars(LIMITS.unitCommentMax));
/** A software version number as stored ("8.0", "7.5.1"). */
const VersionNumber = z
  .string()
  .max(32)
  .regex(/^\d+(?:\.\d+){0,3}$/, VALIDATION.mustMatchPattern);

/**
 * POST v2/admin/units: register a unit. Name rules of spec 000 §5 (letters, digits, _ and -;
 * unique); type group and product type; serial number (unique); the inventory it belongs to
 * (required); optional groups of that inventory. `uniqueId` defaults to
 * "<product type letters/digits>-<serial>".
 */
export const CreateAdminUnitBody = z
  .object({
    uniqueId: z.string().min(1).max(128).regex(UNIT_NAME_PATTERN, VALIDATION.mustMatchPattern).optional(),
    name: UnitName,
    comment: Comment.optional(),
    typeGroup: AdminUnitTypeGroup,
    productType: ProductType,
    serialNumber: SerialNumber,
    inventoryId: Id,
    groupIds: z.array(Id).max(50).optional(),
    swVersion: VersionNumber.optional(),
    ownership: Ownership.optional(),
  })
  .strict();
export type CreateAdminUnitBody = z.infer<typeof CreateAdminUnitBody>;

/**
 * PUT v2/admin/units/{id}: change the unit's identity fields. With `version` the change applies
 * only while the unit is still at that version (else 409 CONFLICT).
 */
export const UpdateAdminUnitBody = z
  .object({
    name: UnitName.optional(),
    comment: Comment.optional(),
    typeGroup: AdminUnitTypeGroup.optional(),
    productType: ProductType.optional(),
    serialNumber: SerialNumber.optional(),
    ownership: Ownership.optional(),
    usageProfileId: Id.nullable().optional(),
    version: z.number().int().nonnegative().max(INT32_MAX).optional(),
  })
  .strict();
export type UpdateAdminUnitBody = z.infer<typeof UpdateAdminUnitBody>;

export const AdminUnitInventoryParams = IdParams.extend({ inventoryId: Id }).strict();
export const AdminUnitGroupParams = IdParams.extend({ groupId: Id }).strict();

/** PUT v2/admin/units/{id}/targetSwVersion: the version to upgrade to (null clears it). */
export const SetTargetSwVersionBody = z.object({ targetSwVersion: VersionNumber.nullable() }).strict();

/** PUT v2/admin/units/{id}/dbgateway: the databridge gateway the unit uses. */
export const SetUnitDbGatewayBody = z.object({ gatewayId: Id }).strict();

/** Answer of POST v2/admin/units/{id}/deregistration. */
export const UnitDeregistered = z.object({
  uniqueId: Id,
  deregistered: z.literal(true),
  /** The inventories and groups the unit was removed from. */
  removedInventoryIds: z.array(z.string()),
  removedGroupIds: z.array(z.string()),
});
export type UnitDeregistered = z.infer<typeof UnitDeregistered>;

/** Answer of DELETE v2/admin/units/{id}. */
export const AdminUnitDeleted = z.object({ uniqueId: Id, deleted: z.literal(true) });
