/** The codecs of the AlertConfiguration row's JSON columns (a unit's, a group's or the platform default). */
import { z } from 'zod';
import { AlertConfigMode, AlertLevel } from '@fleet/contracts';
import { jsonColumn, lenient, lenientRecord } from '../../platform/storage/json-column.js';

/** AlertConfiguration.alerts: per alert type, whether it is on, its level and its thresholds. */
export const alertTypeSettings = jsonColumn(
  lenientRecord(z.looseObject({ enabled: lenient(z.boolean()), level: lenient(AlertLevel), thresholds: lenient(z.unknown()) })).transform((r) => r ?? {}),
  () => ({}),
);

/**
 * AlertConfiguration.settings of a group's configuration also holds the group's mode (spec 001 §4
 * automatic, by group, manual): the row has no column for it. Read beside the alert settings,
 * which ignore the extra key.
 */
export const groupAlertMode = jsonColumn(z.looseObject({ groupMode: lenient(AlertConfigMode) }), () => ({}));
