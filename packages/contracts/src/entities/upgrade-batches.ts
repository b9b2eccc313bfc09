/**
 * Batch upgrades from a CSV of at most 500 devices (spec 001 §5 "Batch upgrade CSV: at most 500
 * devices", §9 "500 devices per batch"; the /batch_upgrade page of super users).
 *
 * The CSV has a header line naming its columns, `deviceId` and `targetVersion` (in any order; other
 * columns are ignored), then one device per line: a unit uniqueId or a server id, and the version it
 * goes to. More than 500 data lines refuse the whole batch (nothing stored). Each line is checked on
 * its own (device unknown or not the caller's, version unknown, not eligible, listed twice): a
 * refused line gets its messages, an accepted one a `pending` job; accepted jobs start in small
 * waves. The batch's state follows its jobs.
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { Id, IsoDate, pageOf, SortDir } from './common.js';
import { PAGE_OFFSET_MAX } from './unit-reads.js';
import { UpgradeDeviceType, UpgradeJob } from './upgrades.js';

/** Longest CSV text a batch takes (500 lines of id and version fit many times over). */
export const UPGRADE_BATCH_CSV_MAX_CHARS = 256_000;
/** CSV columns the core reads. */
export const UPGRADE_BATCH_CSV_COLUMNS = ['deviceId', 'targetVersion'] as const;

/** POST v2/admin/upgradeBatches: the CSV text, and an optional name for the list. */
export const CreateUpgradeBatchBody = z
  .object({
    csv: z
      .string({ error: VALIDATION.required })
      .min(1, { error: VALIDATION.required, abort: true })
      .max(UPGRADE_BATCH_CSV_MAX_CHARS, VALIDATION.maxChars(UPGRADE_BATCH_CSV_MAX_CHARS)),
    name: z.string().max(LIMITS.genericNameMax, VALIDATION.max255).optional(),
  })
  .strict();
export type CreateUpgradeBatchBody = z.infer<typeof CreateUpgradeBatchBody>;

/** The outcome of one CSV data line. */
export const UpgradeBatchRowResult = z.object({
  /** Line number in the CSV text (the header is line 1). */
  line: z.number().int().positive(),
  deviceId: z.string(),
  /** The device's type when it was found, else null. */
  deviceType: UpgradeDeviceType.nullable(),
  targetVersion: z.string(),
  /** True when the device got a job and will be upgraded. */
  accepted: z.boolean(),
  /** The job of an accepted line, or the `rejected` job of a known device's refused line; null otherwise. */
  jobId: Id.nullable(),
  /** Error catalogue key of the first problem (UPGRADE_6802, NOT_FOUND, VALIDATION_FAILED...), null when accepted. */
  errorCode: z.string().nullable(),
  /** Every problem of the line (empty when accepted), then its warnings (9.2.1 configuration reset...). */
  messages: z.array(z.string()),
  /** For each of `messages`, the upgrade rule (spec 001 §5) it comes from, or null (a line's own problem): what a console translates. */
  rules: z.array(z.string().nullable()),
  warnings: z.array(z.string()),
  /** For each of `warnings`, its rule (configurationReset, channelVersion...). */
  warningRules: z.array(z.string()),
});
export type UpgradeBatchRowResult = z.infer<typeof UpgradeBatchRowResult>;

/** `running` while a job is pending or upgrading, then `completed`. */
export const UPGRADE_BATCH_STATES = ['running', 'completed'] as const;
export const UpgradeBatchState = z.enum(UPGRADE_BATCH_STATES);
export type UpgradeBatchState = z.infer<typeof UpgradeBatchState>;

/** How many jobs of the batch are in each state. */
export const UpgradeBatchCounts = z.object({
  total: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  upgrading: z.number().int().nonnegative(),
  succeeded: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
});
export type UpgradeBatchCounts = z.infer<typeof UpgradeBatchCounts>;

/** A batch as the list shows it. */
export const UpgradeBatchSummary = z.object({
  id: Id,
  name: z.string(),
  /** The versions its lines go to (distinct). */
  targetVersions: z.array(z.string()),
  state: UpgradeBatchState,
  counts: UpgradeBatchCounts,
  requestedById: Id.nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type UpgradeBatchSummary = z.infer<typeof UpgradeBatchSummary>;

/**
 * GET v2/admin/upgradeBatches/{id}: the batch with each device's job (per-device state, progress,
 * code) and the outcome of every CSV data line in line order, as stored when the batch was made
 * (a refused line and why stay readable after a reload or a restart of the core).
 */
export const UpgradeBatch = UpgradeBatchSummary.extend({ jobs: z.array(UpgradeJob), rows: z.array(UpgradeBatchRowResult) });
export type UpgradeBatch = z.infer<typeof UpgradeBatch>;

/** POST answer: the batch as its read call answers it. */
export const UpgradeBatchCreated = UpgradeBatch;
export type UpgradeBatchCreated = z.infer<typeof UpgradeBatchCreated>;

/** GET v2/admin/upgradeBatches: newest first by default, page of 50. */
export const UpgradeBatchListQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(PAGE_OFFSET_MAX).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.unitSearchDefaultPageSize),
    sortDir: SortDir.default('desc'),
  })
  .strict();
export type UpgradeBatchListQuery = z.infer<typeof UpgradeBatchListQuery>;
export const UpgradeBatchPage = pageOf(UpgradeBatchSummary);
export type UpgradeBatchPage = z.infer<typeof UpgradeBatchPage>;
