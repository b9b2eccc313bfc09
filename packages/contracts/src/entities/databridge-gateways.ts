/**
 * Databridge gateways as platform records (spec 001 §2 /system_entities dbGateways; §3 databridge gateways).
 *
 * The list is the existing `searchAdminDbGateways` (remote-actions); these shapes are the edit
 * form's: name (§5 name characters, unique), host, port 1-65535 and inventory (none: usable by
 * units of every inventory).
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { Id, RecordStamps } from './common.js';
import { CHANNEL_NAME_PATTERN } from './channels.js';

const INT32_MAX = 2_147_483_647;

export const AdminDbGateway = z.object({
  id: Id,
  name: z.string(),
  host: z.string(),
  port: z.number().int().nullable(),
  status: z.string(),
  inventoryId: Id.nullable(),
  inventoryName: z.string().nullable(),
  /** How many units use the gateway. */
  unitCount: z.number().int().nonnegative(),
  ...RecordStamps,
});
export type AdminDbGateway = z.infer<typeof AdminDbGateway>;

export const DbGatewayName = z
  .string({ error: VALIDATION.required })
  .min(1, { error: VALIDATION.required, abort: true })
  .max(LIMITS.genericNameMax, VALIDATION.max255)
  .regex(CHANNEL_NAME_PATTERN, VALIDATION.unitNameCharacters);
const Host = z.string({ error: VALIDATION.required }).trim().min(1, { error: VALIDATION.required, abort: true }).max(LIMITS.genericNameMax, VALIDATION.max255);
const Port = z.number({ error: VALIDATION.numericRequired }).int(VALIDATION.integer).min(1, VALIDATION.minValue(1)).max(65535, VALIDATION.maxValue(65535));

export const CreateDbGatewayBody = z.object({ name: DbGatewayName, host: Host, port: Port, inventoryId: Id.nullable().optional() }).strict();
export type CreateDbGatewayBody = z.infer<typeof CreateDbGatewayBody>;

export const UpdateDbGatewayBody = z
  .object({
    name: DbGatewayName.optional(),
    host: Host.optional(),
    port: Port.optional(),
    inventoryId: Id.nullable().optional(),
    /** The version the form read (omitted: last write wins). */
    version: z.number().int().nonnegative().max(INT32_MAX).optional(),
  })
  .strict();
export type UpdateDbGatewayBody = z.infer<typeof UpdateDbGatewayBody>;

export const DbGatewayDeleted = z.object({ id: Id, deleted: z.literal(true) });
export type DbGatewayDeleted = z.infer<typeof DbGatewayDeleted>;
