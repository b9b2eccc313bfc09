/**
 * Name and free-text field rules: spec 000 §5 (unit name, comment, file name prefix, story fields,
 * multi-camera labels, metadata, send-logs description) and spec 001 §5 (entity names). Every
 * function returns the exact spec message from `VALIDATION`, or null when the value is valid.
 * Lengths count characters as the user sees them (Unicode code points), not UTF-16 units.
 */
import { LIMITS, STORY_FIELDS, UNIT_NAME_PATTERN, VALIDATION, type FieldProblem } from '@fleet/contracts';

/**
 * Spec 000 §5 / 001 §5 names of units, channels, servers, devices, groups and video return
 * channels: letters, numbers, underscores and hyphens only. The pattern lives in contracts (the
 * `UnitName` schema uses it) and is re-exported here with the other patterns; ASCII letters and
 * digits only (names travel into file names and device configuration).
 */
export { UNIT_NAME_PATTERN };

/**
 * Spec 000 §5 file name prefix characters: a-z, A-Z, 0-9 and @ ~ _ - + = { } , ! ( ). Reading
 * chosen: the ';' after ')' in the spec separates clauses and is not an allowed character (it is
 * also the metadata separator).
 */
export const FILENAME_PREFIX_PATTERN = /^[A-Za-z0-9@~_\-+={},!()]*$/;

/** Spec 000 §5: metadata fields cannot contain a semicolon. */
export const METADATA_FORBIDDEN_PATTERN = /;/;

function length(value: string): number {
  return Array.from(value).length;
}

/**
 * Spec 000 §5 / 001 §5 entity name, worded exactly as the contracts `UnitName` schema: missing or
 * empty → required; over 255 characters (LIMITS.genericNameMax) → max255; any character outside
 * {@link UNIT_NAME_PATTERN} (spaces included, so a blank name too) → unitNameCharacters.
 * Uniqueness needs storage: the core checks it and answers VALIDATION.unitNameInUse.
 */
export function validateEntityName(name: string | null | undefined): string | null {
  if (typeof name !== 'string' || name === '') return VALIDATION.required;
  if (length(name) > LIMITS.genericNameMax) return VALIDATION.max255;
  if (!UNIT_NAME_PATTERN.test(name)) return VALIDATION.unitNameCharacters;
  return null;
}

/** Spec 000 §5 unit name: see {@link validateEntityName}. */
export function validateUnitName(name: string | null | undefined): string | null {
  return validateEntityName(name);
}

/**
 * Spec 000 §5 file name prefix: optional (empty is valid), at most 32 characters, characters of
 * {@link FILENAME_PREFIX_PATTERN} → 'Must match the pattern'. Uniqueness of the resulting name on the
 * multimedia hub needs storage (VALIDATION.filenamePrefixUnique, checked by the core).
 */
export function validateFilenamePrefix(prefix: string | null | undefined): string | null {
  if (prefix === null || prefix === undefined || prefix === '') return null;
  if (length(prefix) > LIMITS.filenamePrefixMax) return VALIDATION.maxChars(LIMITS.filenamePrefixMax);
  if (!FILENAME_PREFIX_PATTERN.test(prefix)) return VALIDATION.mustMatchPattern;
  return null;
}

/** Spec 000 §5 unit comment: optional, at most 100 characters. */
export function validateComment(comment: string | null | undefined): string | null {
  if (typeof comment !== 'string') return null;
  return length(comment) > LIMITS.unitCommentMax ? VALIDATION.maxChars(LIMITS.unitCommentMax) : null;
}

/** Spec 000 §5 multi-camera label: optional, at most 12 characters. */
export function validateCameraLabel(label: string | null | undefined): string | null {
  if (typeof label !== 'string') return null;
  return length(label) > LIMITS.cameraLabelMax ? VALIDATION.maxChars(LIMITS.cameraLabelMax) : null;
}

/** Spec 000 §3 story text fields. */
/** The story fields (contracts STORY_FIELDS). */
export const STORY_TEXT_FIELDS = STORY_FIELDS;
export type StoryTextField = (typeof STORY_TEXT_FIELDS)[number];
export type StoryTextFields = Partial<Record<StoryTextField, string | null>>;

/**
 * Spec 000 §5 one story field: the slugline is required (blank → 'Slugline is missing'); every
 * field is at most 1024 characters.
 */
export function validateStoryField(field: StoryTextField, value: string | null | undefined): string | null {
  if (field === 'slugline' && (typeof value !== 'string' || value.trim() === '')) return VALIDATION.sluglineMissing;
  if (typeof value === 'string' && length(value) > LIMITS.storyFieldMax) return VALIDATION.maxChars(LIMITS.storyFieldMax);
  return null;
}

/** Spec 000 §5 story fields: every field error, in {@link STORY_TEXT_FIELDS} order (empty = valid). */
export function validateStoryFields(story: StoryTextFields): FieldProblem[] {
  const errors: FieldProblem[] = [];
  for (const field of STORY_TEXT_FIELDS) {
    const message = validateStoryField(field, story[field]);
    if (message) errors.push({ path: field, message });
  }
  return errors;
}

/** Spec 000 §5: metadata fields cannot contain a semicolon. Empty values are valid. */
export function validateMetadataValue(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  return METADATA_FORBIDDEN_PATTERN.test(value) ? VALIDATION.noSemicolon : null;
}

/** Spec 000 §5: the send-logs description is required. */
export function validateSendLogsDescription(description: string | null | undefined): string | null {
  return typeof description !== 'string' || description.trim() === '' ? VALIDATION.required : null;
}
