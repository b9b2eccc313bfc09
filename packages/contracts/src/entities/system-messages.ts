/**
 * System messages (spec 001 §2 "system messages", "A global notification banner"; §3 Notification:
 * expireDate, globalNotification; §9 "Notification expiry flags within 2 h and 24 h"). A system
 * message is a stored notification: global (every user) or for one inventory's users, with a level
 * (the toast variants) and an optional expiry date. Users read theirs through
 * client_notifications/fetch (the banner); the admin calls here manage them.
 */
import { z } from 'zod';
import { TOAST_VARIANTS } from '../enum-values.js';
import { LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { Id, IsoDate, pageOf, RecordStamps, SortDir } from './common.js';

/** Longest message (not in the spec: a banner line or two). */
export const SYSTEM_MESSAGE_MAX = 1000;

export const SystemMessageLevel = z.enum(TOAST_VARIANTS, { error: VALIDATION.invalidField });
export type SystemMessageLevel = z.infer<typeof SystemMessageLevel>;

export const SystemMessage = z.object({
  id: Id,
  message: z.string(),
  level: z.enum(TOAST_VARIANTS),
  /** When it stops showing; null: until deleted. */
  expireDate: IsoDate.nullable(),
  /** Shown to every user; else to the users of `inventoryId`. */
  globalNotification: z.boolean(),
  inventoryId: Id.nullable(),
  inventoryName: z.string().nullable(),
  /** Read at answer time: past its expiry date (no longer shown), or within 2 h / 24 h of it. */
  expired: z.boolean(),
  expiresWithin2h: z.boolean(),
  expiresWithin24h: z.boolean(),
  ...RecordStamps,
});
export type SystemMessage = z.infer<typeof SystemMessage>;

export const SystemMessageText = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required, abort: true })
  .max(SYSTEM_MESSAGE_MAX, VALIDATION.maxChars(SYSTEM_MESSAGE_MAX));
/** An ISO date with its offset; whether it lies in the future is the service's check (it needs the clock). */
export const SystemMessageExpireDate = z.iso.datetime({ offset: true, error: VALIDATION.invalidField }).nullable();

/** Versions are stored as 32-bit integers. */
const Version = z.number().int().nonnegative().max(2_147_483_647);

export const SYSTEM_MESSAGE_STATES = ['current', 'expired'] as const;
export const SYSTEM_MESSAGE_SORT_KEYS = ['createdAt', 'updatedAt', 'expireDate', 'message'] as const;

/** GET v2/admin/systemMessages: page of 50, search in the text, filter current / expired, newest first. */
export const SystemMessageSearchQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(50),
    searchKey: z.enum(['message']).default('message'),
    searchValue: z.string().max(LIMITS.genericNameMax).optional(),
    state: z.enum(SYSTEM_MESSAGE_STATES).optional(),
    sortBy: z.enum(SYSTEM_MESSAGE_SORT_KEYS).default('createdAt'),
    sortDir: SortDir.default('desc'),
  })
  .strict();
export type SystemMessageSearchQuery = z.infer<typeof SystemMessageSearchQuery>;
export const SystemMessagePage = pageOf(SystemMessage);
export type SystemMessagePage = z.infer<typeof SystemMessagePage>;

/**
 * POST v2/admin/systemMessages. A message is global, or for one inventory (`inventoryId` required
 * then: "This field is required"); the expiry date, when given, lies in the future.
 */
export const CreateSystemMessageBody = z
  .object({
    message: SystemMessageText,
    level: SystemMessageLevel.optional(),
    expireDate: SystemMessageExpireDate.optional(),
    globalNotification: z.boolean().optional(),
    inventoryId: Id.nullable().optional(),
  })
  .strict()
  // The rule across the two fields, as the document states it (the core refuses with the spec's message at inventoryId).
  .meta({
    anyOf: [
      { properties: { globalNotification: { const: true } }, required: ['globalNotification'] },
      { properties: { inventoryId: { type: 'string' } }, required: ['inventoryId'] },
    ],
  });
export type CreateSystemMessageBody = z.infer<typeof CreateSystemMessageBody>;

/** PUT v2/admin/systemMessages/{id}: fields left out keep their value; with `version`, only over that version (else 409). */
export const UpdateSystemMessageBody = z
  .object({
    message: SystemMessageText.optional(),
    level: SystemMessageLevel.optional(),
    expireDate: SystemMessageExpireDate.optional(),
    globalNotification: z.boolean().optional(),
    inventoryId: Id.nullable().optional(),
    version: Version.optional(),
  })
  .strict();
export type UpdateSystemMessageBody = z.infer<typeof UpdateSystemMessageBody>;

export const SystemMessageDeleted = z.object({ id: Id, deleted: z.literal(true) });
export type SystemMessageDeleted = z.infer<typeof SystemMessageDeleted>;
