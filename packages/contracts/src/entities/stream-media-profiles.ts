/**
 * Stream media profiles (spec 001 §2 /system_settings stream_media_profile; §3 min and max
 * resolution, fps, bitrate, attributes JSON; §5 "Stream media profile values 0-2147483647"). The
 * same rows are what `fetchStreamMediaProfiles` (the streaming destinations' choice) answers.
 */
import { z } from 'zod';
import { CHANNEL_CONFIG_LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { statesRules } from '../validation.js';
import { Id, pageOf, RecordStamps, StoredJsonObject } from './common.js';
import { RowVersion, SettingJsonObject, SettingName, settingsListShape } from './settings-lists.js';

export const StreamMediaProfileSetting = z.object({
  id: Id,
  name: z.string(),
  minResolution: z.number().int(),
  maxResolution: z.number().int(),
  fps: z.number().int(),
  /** kbps */
  bitrate: z.number().int(),
  attributes: StoredJsonObject,
  ...RecordStamps,
});
export type StreamMediaProfileSetting = z.infer<typeof StreamMediaProfileSetting>;

/** §5: an integer from 0 to 2147483647. */
export const StreamMediaProfileValue = z
  .number({ error: (issue) => (issue.input === undefined ? VALIDATION.required : VALIDATION.numericRequired) })
  .int(VALIDATION.integer)
  .min(0, VALIDATION.streamMediaProfileValue)
  .max(CHANNEL_CONFIG_LIMITS.streamMediaProfileMax, VALIDATION.streamMediaProfileValue);

export const STREAM_MEDIA_PROFILE_SORT_KEYS = ['name', 'maxResolution', 'fps', 'bitrate', 'updatedAt'] as const;
export const StreamMediaProfileSearchQuery = z.object({ ...settingsListShape, sortBy: z.enum(STREAM_MEDIA_PROFILE_SORT_KEYS).default('name') }).strict();
export type StreamMediaProfileSearchQuery = z.infer<typeof StreamMediaProfileSearchQuery>;
export const StreamMediaProfilePage = pageOf(StreamMediaProfileSetting);
export type StreamMediaProfilePage = z.infer<typeof StreamMediaProfilePage>;

const values = {
  minResolution: StreamMediaProfileValue,
  maxResolution: StreamMediaProfileValue,
  fps: StreamMediaProfileValue,
  bitrate: StreamMediaProfileValue,
};

/** min ≤ max resolution, when both are there (an update giving one is checked against the stored other by the core). */
const minNotAboveMax = (b: { minResolution?: number | undefined; maxResolution?: number | undefined }) =>
  b.minResolution === undefined || b.maxResolution === undefined || b.minResolution <= b.maxResolution;
const MIN_NOT_ABOVE_MAX_RULE = {
  field: 'maxResolution',
  message: VALIDATION.minResolutionAboveMax,
  rule: 'not below minResolution (an update giving one is checked against the stored other)',
} as const;

export const CreateStreamMediaProfileBody = z
  .object({ name: SettingName, ...values, attributes: SettingJsonObject.optional() })
  .strict()
  .refine(minNotAboveMax, { path: ['maxResolution'], message: VALIDATION.minResolutionAboveMax })
  .meta(statesRules(MIN_NOT_ABOVE_MAX_RULE));
export type CreateStreamMediaProfileBody = z.infer<typeof CreateStreamMediaProfileBody>;
export const UpdateStreamMediaProfileBody = z
  .object({
    name: SettingName.optional(),
    minResolution: StreamMediaProfileValue.optional(),
    maxResolution: StreamMediaProfileValue.optional(),
    fps: StreamMediaProfileValue.optional(),
    bitrate: StreamMediaProfileValue.optional(),
    attributes: SettingJsonObject.optional(),
    version: RowVersion.optional(),
  })
  .strict()
  .refine(minNotAboveMax, { path: ['maxResolution'], message: VALIDATION.minResolutionAboveMax })
  .meta(statesRules(MIN_NOT_ABOVE_MAX_RULE));
export type UpdateStreamMediaProfileBody = z.infer<typeof UpdateStreamMediaProfileBody>;
export const StreamMediaProfileDeleted = z.object({ id: Id, deleted: z.literal(true) });
export type StreamMediaProfileDeleted = z.infer<typeof StreamMediaProfileDeleted>;
