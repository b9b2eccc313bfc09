/** The codec of the UpgradeBatchLine row's JSON column. */
import { z } from 'zod';
import { jsonColumn, lenientArray } from '../../platform/storage/json-column.js';

const texts = lenientArray(z.string()).transform((xs) => xs ?? []);

/**
 * What a batch line's check found besides its first code: every problem's message with the upgrade
 * rule it comes from (null: the line's own problem), every warning with its rule. Each list pairs
 * with its own; a stored value that does not fit reads as no message.
 */
export const upgradeBatchLineOutcome = jsonColumn(
  z.object({
    messages: texts,
    rules: lenientArray(z.string().nullable()).transform((xs) => xs ?? []),
    warnings: texts,
    warningRules: texts,
  }),
  () => ({ messages: [], rules: [], warnings: [], warningRules: [] }),
);
