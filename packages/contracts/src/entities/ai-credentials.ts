/**
 * AI credentials (spec 001 §2 /system_settings ai_settings; §3 "AI credentials (contents not shown)").
 * A credential names an AI provider, optionally one inventory (none: every inventory), its fields
 * and an active flag. Secret fields are write-only: reads carry `value: null` with `isSet` (the
 * console shows them masked); a secret field sent without a value keeps the stored one.
 */
import { z } from 'zod';
import { VALIDATION } from '../messages.js';
import { statesRules } from '../validation.js';
import { Id, pageOf, RecordStamps } from './common.js';
import { SettingName, settingsSearchQuery, SettingVersion } from './organisations.js';

/** Providers the mock knows (the spec names none). */
export const AI_PROVIDERS = ['openai', 'azureOpenai', 'googleVertex', 'anthropic', 'other'] as const;
export const AiProvider = z.enum(AI_PROVIDERS, { error: VALIDATION.invalidField });
export type AiProvider = z.infer<typeof AiProvider>;

/** Fields of one credential (not in the spec: a guard). */
export const AI_CREDENTIAL_FIELDS_MAX = 20;
export const AI_FIELD_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

export const AiCredentialField = z.object({
  name: z.string(),
  secret: z.boolean(),
  /** The value; null for a secret field (write-only). */
  value: z.string().nullable(),
  /** The field has a value (for a secret field, the only thing a read tells). */
  isSet: z.boolean(),
});
export type AiCredentialField = z.infer<typeof AiCredentialField>;

export const AiCredential = z.object({
  id: Id,
  name: z.string(),
  provider: AiProvider,
  inventoryId: Id.nullable(),
  inventoryName: z.string().nullable(),
  fields: z.array(AiCredentialField),
  active: z.boolean(),
  ...RecordStamps,
});
export type AiCredential = z.infer<typeof AiCredential>;

export const AI_CREDENTIAL_SORT_KEYS = ['name', 'provider', 'createdAt'] as const;
/** GET v2/admin/aiCredentials: search by name or provider. */
export const AiCredentialSearchQuery = settingsSearchQuery(AI_CREDENTIAL_SORT_KEYS);
export type AiCredentialSearchQuery = z.infer<typeof AiCredentialSearchQuery>;
export const AiCredentialPage = pageOf(AiCredential);
export type AiCredentialPage = z.infer<typeof AiCredentialPage>;

const FieldName = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required, abort: true })
  .max(64, VALIDATION.maxChars(64))
  .regex(AI_FIELD_NAME_PATTERN, VALIDATION.mustMatchPattern);
/** A field as written: a secret one without `value` keeps what is stored. */
export const AiCredentialFieldInput = z
  .object({ name: FieldName, secret: z.boolean(), value: z.string().max(4096, VALIDATION.maxChars(4096)).optional() })
  .strict();
export type AiCredentialFieldInput = z.infer<typeof AiCredentialFieldInput>;
const Fields = z
  .array(AiCredentialFieldInput)
  .max(AI_CREDENTIAL_FIELDS_MAX, VALIDATION.maxElements)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((f, i) => {
      if (seen.has(f.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: VALIDATION.fieldUnique });
      seen.add(f.name);
    });
  })
  .meta(statesRules({ field: 'name', message: VALIDATION.fieldUnique, rule: 'each field name once' }));

/** POST v2/admin/aiCredentials. */
export const CreateAiCredentialBody = z
  .object({ name: SettingName, provider: AiProvider, inventoryId: Id.nullable().optional(), fields: Fields.optional(), active: z.boolean().optional() })
  .strict();
export type CreateAiCredentialBody = z.infer<typeof CreateAiCredentialBody>;

/** PUT v2/admin/aiCredentials/{id}: fields left out keep their value; `fields` replaces the list (secret values kept when not sent). */
export const UpdateAiCredentialBody = z
  .object({
    name: SettingName.optional(),
    provider: AiProvider.optional(),
    inventoryId: Id.nullable().optional(),
    fields: Fields.optional(),
    active: z.boolean().optional(),
    version: SettingVersion.optional(),
  })
  .strict();
export type UpdateAiCredentialBody = z.infer<typeof UpdateAiCredentialBody>;
