/** The codecs of the AlertConfiguration row's JSON columns (a unit's, a group's or the platform default). */
import { z } from 'zod';
import { AlertLevel } from '@fleet/contracts';
import { jsonColumn, lenient, lenientRecord } from './json-column.js';

/** AlertConfiguration.alerts: per alert type, whether it is on, its level and its thresholds. */
export const alertTypeSettings = jsonColumn(
  lenientRecord(z.looseObject({ enabled: lenient(z.boolean()), level: lenient(AlertLevel), thresholds: lenient(z.unknown()) })).transform((r) => r ?? {}),
  () => ({}),
);
