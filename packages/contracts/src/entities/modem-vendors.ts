/**
 * Modem vendors and their models (spec 001 §2 /system_settings modem_vendor; support-staff menu Modems Vendor/Model).
 * The spec shows no fields ("contents not shown"): a vendor has a name and a list of model names,
 * unique within the vendor; the form adds, renames and removes models (the whole list is sent).
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { statesRules } from '../validation.js';
import { Id, pageOf, RecordStamps } from './common.js';
import { SettingName, settingsSearchQuery, SettingVersion } from './organisations.js';

/** Models of one vendor (not in the spec: a guard). */
export const MODEM_MODELS_MAX = 200;

export const ModemModel = z.object({ name: z.string() });
export const ModemVendor = z.object({
  id: Id,
  name: z.string(),
  models: z.array(ModemModel),
  ...RecordStamps,
});
export type ModemVendor = z.infer<typeof ModemVendor>;

export const MODEM_VENDOR_SORT_KEYS = ['name', 'createdAt'] as const;
/** GET v2/admin/modemVendors: search by vendor or model name. */
export const ModemVendorSearchQuery = settingsSearchQuery(MODEM_VENDOR_SORT_KEYS);
export type ModemVendorSearchQuery = z.infer<typeof ModemVendorSearchQuery>;
export const ModemVendorPage = pageOf(ModemVendor);
export type ModemVendorPage = z.infer<typeof ModemVendorPage>;

const ModelName = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required, abort: true })
  .max(LIMITS.genericNameMax, VALIDATION.max255);
/** The models, each named once ("This field must be unique" on a repeated name, case-insensitively). */
const Models = z
  .array(z.object({ name: ModelName }).strict())
  .max(MODEM_MODELS_MAX, VALIDATION.maxElements)
  .superRefine((models, ctx) => {
    const seen = new Set<string>();
    models.forEach((m, i) => {
      const key = m.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: VALIDATION.fieldUnique });
      seen.add(key);
    });
  })
  .meta(statesRules({ field: 'name', message: VALIDATION.fieldUnique, rule: 'each model name once, in any case' }));

export const CreateModemVendorBody = z.object({ name: SettingName, models: Models.optional() }).strict();
export type CreateModemVendorBody = z.infer<typeof CreateModemVendorBody>;
export const UpdateModemVendorBody = z.object({ name: SettingName.optional(), models: Models.optional(), version: SettingVersion.optional() }).strict();
export type UpdateModemVendorBody = z.infer<typeof UpdateModemVendorBody>;
