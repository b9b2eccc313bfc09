/** The codecs of the stream and geocoding settings rows' JSON columns. */
import { z } from 'zod';
import { jsonColumn, lenient } from '../../platform/storage/json-column.js';

/** A JSON object edited as a whole (provider configuration, profile settings, media profile attributes); anything else reads as {}. */
export const settingsJson = jsonColumn(z.record(z.string(), z.unknown()), () => ({}));

/** A geocoding profile's refresh intervals (seconds), each read as 0 when missing. */
export const geocodingRefreshIntervals = jsonColumn(
  z.looseObject({ moving: lenient(z.number().int()), idle: lenient(z.number().int()) }).transform((v) => ({ moving: v.moving ?? 0, idle: v.idle ?? 0 })),
  () => ({ moving: 0, idle: 0 }),
);

/** A geocoding profile's geocoders (names) and accuracies (numbers); anything else reads as []. */
export const geocodingGeocoders = jsonColumn(z.array(z.string()), () => []);
export const geocodingAccuracies = jsonColumn(z.array(z.number()), () => []);
