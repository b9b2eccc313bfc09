/**
 * The forms of the stream and geocoding settings tabs (spec 001 §3 stream providers and profiles,
 * stream media profile, geocoding profile; §5 "accuracies non-negative, must match geocoders",
 * "Stream media profile values 0-2147483647"): the values as the inputs hold them, the client's
 * checks in the spec's words (the core checks the same and its answer shows on the same fields),
 * and the request bodies.
 */
import {
  CHANNEL_CONFIG_LIMITS,
  GEOCODERS,
  VALIDATION,
  type Geocoder,
  type JsonRecord,
  type GeocodingProfile,
  type StreamMediaProfileSetting,
  type StreamProfile,
  type StreamProvider,
} from '@fleet/contracts';
import type { FieldErrors } from '../../lib/forms/fieldErrors';

/** A JSON object typed in a text area: {} when blank; null when it is not a JSON object. */
export function parseJsonObject(text: string): JsonRecord | null {
  if (text.trim() === '') return {};
  try {
    // What JSON.parse answers is JSON: an object of JSON values once it is an object.
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonRecord) : null;
  } catch {
    return null;
  }
}

/** A stored JSON object as the text area shows it ('' for {}). */
export function jsonText(value: Record<string, unknown>): string {
  return Object.keys(value).length === 0 ? '' : JSON.stringify(value, null, 2);
}

/** Accuracies typed as "50, 20.5": the numbers in order; null when one is not a number. */
export function parseAccuracies(text: string): number[] | null {
  if (text.trim() === '') return [];
  const parts = text.split(',').map((p) => p.trim());
  const numbers = parts.map((p) => (p === '' ? Number.NaN : Number(p)));
  return numbers.every((n) => Number.isFinite(n)) ? numbers : null;
}

const blank = (s: string) => s.trim() === '';
/** A number typed as text: null when empty or not a number. */
const toNumber = (v: string): number | null => (v.trim() === '' || !Number.isFinite(Number(v)) ? null : Number(v));

// ── stream providers ──────────────────────────────────────────────────────────────────────────
export type ProviderForm = ReturnType<typeof providerForm>;

export const providerForm = (p: StreamProvider | null) => ({
  name: p?.name ?? '',
  kind: p?.kind ?? '',
  configuration: p ? jsonText(p.configuration) : '',
});

export function checkProvider(v: ProviderForm): FieldErrors {
  const errors: Record<string, string> = {};
  if (blank(v.name)) errors.name = VALIDATION.required;
  if (blank(v.kind)) errors.kind = VALIDATION.required;
  if (parseJsonObject(v.configuration) === null) errors.configuration = VALIDATION.invalidField;
  return errors;
}

export const providerBody = (v: ProviderForm) => ({ name: v.name.trim(), kind: v.kind.trim(), configuration: parseJsonObject(v.configuration) ?? {} });

// ── stream profiles ───────────────────────────────────────────────────────────────────────────
export type ProfileForm = ReturnType<typeof profileForm>;

export const profileForm = (p: StreamProfile | null, providerId: string | null) => ({
  providerId: p?.providerId ?? providerId,
  name: p?.name ?? '',
  isMain: p?.isMain ?? false,
  settings: p ? jsonText(p.settings) : '',
});

export function checkProfile(v: ProfileForm): FieldErrors {
  const errors: Record<string, string> = {};
  if (v.providerId == null) errors.providerId = VALIDATION.required;
  if (blank(v.name)) errors.name = VALIDATION.required;
  if (parseJsonObject(v.settings) === null) errors.settings = VALIDATION.invalidField;
  return errors;
}

export const profileBody = (v: ProfileForm) => ({ name: v.name.trim(), isMain: v.isMain, settings: parseJsonObject(v.settings) ?? {} });

// ── stream media profiles ─────────────────────────────────────────────────────────────────────
export const MEDIA_VALUE_FIELDS = ['minResolution', 'maxResolution', 'fps', 'bitrate'] as const;
type MediaValueField = (typeof MEDIA_VALUE_FIELDS)[number];

/** The name, the four values and the attributes, as typed. */
export type MediaForm = Readonly<Record<'name' | MediaValueField | 'attributes', string>>;

/** The four values of a media profile, each made by `value` (as typed, or as sent). */
const mediaValues = <T>(value: (field: MediaValueField) => T) => Object.fromEntries(MEDIA_VALUE_FIELDS.map((f) => [f, value(f)])) as Record<MediaValueField, T>;

export const mediaForm = (p: StreamMediaProfileSetting | null): MediaForm => ({
  name: p?.name ?? '',
  ...mediaValues((f) => (p ? String(p[f]) : '')),
  attributes: p ? jsonText(p.attributes) : '',
});

export function checkMedia(v: MediaForm): FieldErrors {
  const errors: Record<string, string> = {};
  if (blank(v.name)) errors.name = VALIDATION.required;
  for (const field of MEDIA_VALUE_FIELDS) {
    const n = toNumber(v[field]);
    if (n === null) errors[field] = VALIDATION.required;
    else if (!Number.isInteger(n)) errors[field] = VALIDATION.integer;
    else if (n < 0 || n > CHANNEL_CONFIG_LIMITS.streamMediaProfileMax) errors[field] = VALIDATION.streamMediaProfileValue;
  }
  const min = toNumber(v.minResolution);
  const max = toNumber(v.maxResolution);
  if (errors.minResolution === undefined && errors.maxResolution === undefined && min !== null && max !== null && min > max)
    errors.maxResolution = VALIDATION.minResolutionAboveMax;
  if (parseJsonObject(v.attributes) === null) errors.attributes = VALIDATION.invalidField;
  return errors;
}

export const mediaBody = (v: MediaForm) => ({
  name: v.name.trim(),
  ...mediaValues((f) => toNumber(v[f]) ?? 0),
  attributes: parseJsonObject(v.attributes) ?? {},
});

// ── geocoding profiles ────────────────────────────────────────────────────────────────────────
export type GeocodingForm = ReturnType<typeof geocodingForm>;

export const geocodingForm = (p: GeocodingProfile | null) => ({
  name: p?.name ?? '',
  moving: String(p?.refreshIntervals.moving ?? 60),
  idle: String(p?.refreshIntervals.idle ?? 600),
  distanceThreshold: String(p?.distanceThreshold ?? 0),
  percentageThreshold: String(p?.percentageThreshold ?? 0),
  geocoders: (p?.geocoders ?? []) as readonly string[],
  accuracies: p ? p.accuracies.join(', ') : '',
  isDefault: p?.isDefault ?? false,
  /** The profile is the default as stored: it stops being it only when another becomes it. */
  wasDefault: p?.isDefault ?? false,
});

export function checkGeocoding(v: GeocodingForm): FieldErrors {
  const errors: Record<string, string> = {};
  if (blank(v.name)) errors.name = VALIDATION.required;
  for (const field of ['moving', 'idle', 'distanceThreshold', 'percentageThreshold'] as const) {
    const n = toNumber(v[field]);
    if (n === null) errors[field] = VALIDATION.required;
    else if ((field === 'moving' || field === 'idle') && !Number.isInteger(n)) errors[field] = VALIDATION.integer;
    else if (n < 0) errors[field] = VALIDATION.minValue(0);
    else if (field === 'percentageThreshold' && n > 100) errors[field] = VALIDATION.maxValue(100);
  }
  if (v.geocoders.length === 0) errors.geocoders = VALIDATION.required;
  const accuracies = parseAccuracies(v.accuracies);
  if (accuracies === null) errors.accuracies = VALIDATION.number;
  else if (accuracies.some((a) => a < 0)) errors.accuracies = VALIDATION.minValue(0);
  else if (v.geocoders.length > 0 && accuracies.length !== v.geocoders.length) errors.accuracies = VALIDATION.accuraciesMatchGeocoders;
  return errors;
}

export const geocodingBody = (v: GeocodingForm) => ({
  name: v.name.trim(),
  refreshIntervals: { moving: toNumber(v.moving) ?? 0, idle: toNumber(v.idle) ?? 0 },
  distanceThreshold: toNumber(v.distanceThreshold) ?? 0,
  percentageThreshold: toNumber(v.percentageThreshold) ?? 0,
  // The geocoders come from the select of the known ones.
  geocoders: v.geocoders.filter((g): g is Geocoder => (GEOCODERS as readonly string[]).includes(g)),
  accuracies: parseAccuracies(v.accuracies) ?? [],
  isDefault: v.isDefault,
});
