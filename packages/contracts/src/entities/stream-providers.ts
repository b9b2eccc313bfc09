/**
 * Stream providers and their stream profiles (spec 001 §2 /system_settings stream_providers,
 * stream_profile; §5 "Only one main stream profile per provider"). The spec shows neither their
 * contents nor their calls: a provider has a name (unique), a kind and a configuration JSON object;
 * a profile has a name (unique per provider), the main flag and a settings JSON object.
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { Id, pageOf, RecordStamps, StoredJsonObject } from './common.js';
import { RowVersion, SettingJsonObject, SettingName, settingsListShape } from './settings-lists.js';

export const StreamProvider = z.object({
  id: Id,
  name: z.string(),
  /** The transport the provider takes (e.g. rtmp, srt); free text, as a real core's providers vary. */
  kind: z.string(),
  configuration: StoredJsonObject,
  profileCount: z.number().int().nonnegative(),
  /** The provider's main profile, if it has one. */
  mainProfileName: z.string().nullable(),
  ...RecordStamps,
});
export type StreamProvider = z.infer<typeof StreamProvider>;

export const StreamProviderKind = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required, abort: true })
  .max(LIMITS.genericNameMax, VALIDATION.max255);

export const STREAM_PROVIDER_SORT_KEYS = ['name', 'kind', 'updatedAt'] as const;
export const StreamProviderSearchQuery = z.object({ ...settingsListShape, sortBy: z.enum(STREAM_PROVIDER_SORT_KEYS).default('name') }).strict();
export type StreamProviderSearchQuery = z.infer<typeof StreamProviderSearchQuery>;
export const StreamProviderPage = pageOf(StreamProvider);
export type StreamProviderPage = z.infer<typeof StreamProviderPage>;

export const CreateStreamProviderBody = z.object({ name: SettingName, kind: StreamProviderKind, configuration: SettingJsonObject.optional() }).strict();
export type CreateStreamProviderBody = z.infer<typeof CreateStreamProviderBody>;
/** Fields left out keep their value; with `version`, only over that version (else 409). */
export const UpdateStreamProviderBody = z
  .object({ name: SettingName.optional(), kind: StreamProviderKind.optional(), configuration: SettingJsonObject.optional(), version: RowVersion.optional() })
  .strict();
export type UpdateStreamProviderBody = z.infer<typeof UpdateStreamProviderBody>;
/** A provider's delete takes its profiles with it. */
export const StreamProviderDeleted = z.object({ id: Id, deleted: z.literal(true), profilesDeleted: z.number().int().nonnegative() });
export type StreamProviderDeleted = z.infer<typeof StreamProviderDeleted>;

export const StreamProfile = z.object({
  id: Id,
  name: z.string(),
  providerId: Id,
  providerName: z.string(),
  isMain: z.boolean(),
  settings: StoredJsonObject,
  ...RecordStamps,
});
export type StreamProfile = z.infer<typeof StreamProfile>;

export const STREAM_PROFILE_SORT_KEYS = ['name', 'providerName', 'updatedAt'] as const;
export const StreamProfileSearchQuery = z
  .object({ ...settingsListShape, sortBy: z.enum(STREAM_PROFILE_SORT_KEYS).default('name'), providerId: Id.optional() })
  .strict();
export type StreamProfileSearchQuery = z.infer<typeof StreamProfileSearchQuery>;
export const StreamProfilePage = pageOf(StreamProfile);
export type StreamProfilePage = z.infer<typeof StreamProfilePage>;

export const CreateStreamProfileBody = z
  .object({ providerId: Id, name: SettingName, isMain: z.boolean().optional(), settings: SettingJsonObject.optional() })
  .strict();
export type CreateStreamProfileBody = z.infer<typeof CreateStreamProfileBody>;
export const UpdateStreamProfileBody = z
  .object({ name: SettingName.optional(), isMain: z.boolean().optional(), settings: SettingJsonObject.optional(), version: RowVersion.optional() })
  .strict();
export type UpdateStreamProfileBody = z.infer<typeof UpdateStreamProfileBody>;
export const StreamProfileDeleted = z.object({ id: Id, providerId: Id, deleted: z.literal(true) });
export type StreamProfileDeleted = z.infer<typeof StreamProfileDeleted>;
