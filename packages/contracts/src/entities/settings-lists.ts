/**
 * What the stream and geocoding settings lists of /system_settings share (spec 001 §2): the paging
 * query of the admin lists (offset, limit, search by name, sort), the name rule and the row version
 * of the edit forms.
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { SortDir } from './common.js';

/** offset, limit (50 by default), searchValue (part of the name, any case), sortDir; each list adds its sortBy. */
export const settingsListShape = {
  offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.groupSearchDefaultPageSize),
  searchValue: z.string().max(LIMITS.genericNameMax).optional(),
  sortDir: SortDir.default('asc'),
};

/** A setting's name: required, at most 255 characters (unique: "Name field has to be unique", checked by the core). */
export const SettingName = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required, abort: true })
  .max(LIMITS.genericNameMax, VALIDATION.max255);

/** Versions are stored as 32-bit integers. */
export const RowVersion = z.number().int().nonnegative().max(2_147_483_647);

/** A JSON object a form edits (configuration, settings, attributes): an object, not a list or a scalar. */
export const SettingJsonObject = z.record(z.string(), z.json(), { error: VALIDATION.invalidField });
