/**
 * Application configuration (spec 001 §2 /system_settings application_configuration; §3 "contents not shown").
 * Entries of a key (unique, fixed once made), a JSON value and a description. The keys the core
 * itself reads keep their shape (`APPLICATION_CONFIGURATION_SHAPES`): `chatSupport`
 * { enabled, scriptUrl } and `features` { flag: boolean } (the client configuration reads both).
 */
import { z } from 'zod';
import { VALIDATION } from '../messages.js';
import { statesRules } from '../validation.js';
import { Id, pageOf, RecordStamps, StoredJson } from './common.js';
import { settingsSearchQuery, SettingVersion } from './organisations.js';
import { RedirectUri } from './client-applications.js';

export const CONFIGURATION_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]*$/;
/** Serialized size of one value (not in the spec: a guard). */
export const CONFIGURATION_VALUE_MAX_CHARS = 65_536;

/** The values the core reads, by key: an edit of such an entry must keep the shape. */
export const APPLICATION_CONFIGURATION_SHAPES: Readonly<Record<string, z.ZodType>> = {
  chatSupport: z.object({ enabled: z.boolean(), scriptUrl: RedirectUri.nullable() }).strict(),
  features: z.record(z.string(), z.boolean()),
};

export const ApplicationConfigurationEntry = z.object({
  id: Id,
  key: z.string(),
  value: StoredJson,
  description: z.string(),
  ...RecordStamps,
});
export type ApplicationConfigurationEntry = z.infer<typeof ApplicationConfigurationEntry>;

export const APPLICATION_CONFIGURATION_SORT_KEYS = ['key', 'updatedAt'] as const;
/** GET v2/admin/applicationConfiguration: search by key or description. */
export const ApplicationConfigurationSearchQuery = settingsSearchQuery(APPLICATION_CONFIGURATION_SORT_KEYS);
export type ApplicationConfigurationSearchQuery = z.infer<typeof ApplicationConfigurationSearchQuery>;
export const ApplicationConfigurationPage = pageOf(ApplicationConfigurationEntry);
export type ApplicationConfigurationPage = z.infer<typeof ApplicationConfigurationPage>;

export const ConfigurationKey = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required, abort: true })
  .max(128, VALIDATION.maxChars(128))
  .regex(CONFIGURATION_KEY_PATTERN, VALIDATION.mustMatchPattern);
const Value = z
  .json({ error: VALIDATION.invalidField })
  .refine((v) => JSON.stringify(v).length <= CONFIGURATION_VALUE_MAX_CHARS, VALIDATION.maxChars(CONFIGURATION_VALUE_MAX_CHARS))
  .meta(
    statesRules({
      field: '',
      message: VALIDATION.maxChars(CONFIGURATION_VALUE_MAX_CHARS),
      rule: `at most ${CONFIGURATION_VALUE_MAX_CHARS} characters written as JSON`,
    }),
  );
const Description = z.string().max(1024, VALIDATION.maxChars(1024));

/** POST v2/admin/applicationConfiguration. */
export const CreateApplicationConfigurationBody = z.object({ key: ConfigurationKey, value: Value, description: Description.optional() }).strict();
export type CreateApplicationConfigurationBody = z.infer<typeof CreateApplicationConfigurationBody>;
/** PUT v2/admin/applicationConfiguration/{id}: the key stays. */
export const UpdateApplicationConfigurationBody = z
  .object({ value: Value.optional(), description: Description.optional(), version: SettingVersion.optional() })
  .strict();
export type UpdateApplicationConfigurationBody = z.infer<typeof UpdateApplicationConfigurationBody>;
