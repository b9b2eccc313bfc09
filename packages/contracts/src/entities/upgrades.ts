/**
 * Software upgrades of servers and units (spec 001 §4 pending, upgrading, succeeded, failed, rejected; §5 upgrade rules; §8 codes).
 *
 * The spec shows the states, rules and codes but no calls ("Software upgrade ... calls: not
 * shown"). These are the shapes the /devices "software upgrade" tab needs: the devices it may
 * upgrade with their running or last job (`UpgradeCandidate`), for one device the versions it may
 * go to with every blocking reason and warning (`UpgradeTargets`, `UpgradeEligibility`), the start
 * (`StartUpgradeBody` → `UpgradeJob`), and the device's history (`UpgradeJobPage`).
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { UpgradeState } from '../enums.js';
import { VALIDATION } from '../messages.js';
import { Id, IsoDate, pageOf, SortDir } from './common.js';
import { PAGE_OFFSET_MAX } from './unit-reads.js';

/** What is upgraded: a unit (field device) or a server (hub, video return, transceiver, ingest). */
export const UPGRADE_DEVICE_TYPES = ['unit', 'server'] as const;
export const UpgradeDeviceType = z.enum(UPGRADE_DEVICE_TYPES);
export type UpgradeDeviceType = z.infer<typeof UpgradeDeviceType>;

/** A version number as a start names it: 'major.minor[.patch[.build]]'. */
export const UpgradeVersionNumber = z
  .string({ error: VALIDATION.required })
  .min(1, { error: VALIDATION.required, abort: true })
  .max(32, VALIDATION.maxChars(32))
  .regex(/^\d+(?:\.\d+){1,3}$/, VALIDATION.mustMatchPattern);

/**
 * One upgrade run of a device (the UpgradeJob row): created `pending` when the core accepts the
 * start, `upgrading` with its progress while the device downloads, installs and reboots, then
 * `succeeded`, or `failed` with the device's code (101–107, -1), or `rejected` (a batch row the
 * core refused, with the first blocker's code 6802, 6803, 6199, 6808 or 6810).
 */
export const UpgradeJob = z.object({
  id: Id,
  deviceType: UpgradeDeviceType,
  deviceId: Id,
  /** The device's name as the job was last read (the id when the device is gone). */
  deviceName: z.string(),
  fromVersion: z.string(),
  targetVersion: z.string(),
  state: UpgradeState,
  /** 0–100 while upgrading; 100 when succeeded. */
  progress: z.number().int().min(0).max(100),
  /** Spec 001 §8 code when failed or rejected: 101–107, -1, 6802, 6803, 6199, 6808, 6810. */
  failureCode: z.number().int().nullable(),
  /** The spec's text of the code (101–107, -1) or the catalogue's (68xx); null without a code. */
  failureText: z.string().nullable(),
  /** The batch the job belongs to, if started by one. */
  batchId: Id.nullable(),
  /** Who started it (user id), null for device-initiated runs. */
  requestedById: Id.nullable(),
  startedAt: IsoDate.nullable(),
  finishedAt: IsoDate.nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
  version: z.number().int().nonnegative(),
});
export type UpgradeJob = z.infer<typeof UpgradeJob>;

/** A job is open (the device is upgrading) in these states. */
export const OPEN_UPGRADE_STATES = ['pending', 'upgrading'] as const satisfies readonly UpgradeState[];

/** A device the caller may see on the software upgrade tab, with its running or last upgrade. */
export const UpgradeCandidate = z.object({
  deviceType: UpgradeDeviceType,
  /** Unit uniqueId or server id. */
  id: Id,
  name: z.string(),
  /** Product model ('LU800', 'mmh_server' product...). */
  productType: z.string(),
  /** Unit type group, or the server type (mmh_server, vr_server, ingest_server, transceiver_server). */
  kind: z.string(),
  /** Inventories the device belongs to (a server has at most one). */
  inventories: z.array(z.object({ id: Id, name: z.string() })),
  currentVersion: z.string(),
  /** The target version an admin set on the device (units), or null. */
  targetSwVersion: z.string().nullable(),
  /** Live status: a unit's status (online, offline, streaming...), a server's (online, offline, busy, upgrading). */
  status: z.string(),
  /** The running job, or else the last one; null when the device was never upgraded. */
  job: UpgradeJob.nullable(),
});
export type UpgradeCandidate = z.infer<typeof UpgradeCandidate>;

export const UPGRADE_CANDIDATE_SEARCH_KEYS = ['name', 'id', 'currentVersion', 'productType'] as const;
export const UPGRADE_CANDIDATE_SORT_KEYS = ['name', 'id', 'deviceType', 'currentVersion', 'status'] as const;

/**
 * GET v2/upgrades/candidates: the devices of the caller's scope (global roles: all), a page of 50
 * by default; filter by device type, inventory, job state (`none` = never upgraded); search one key.
 */
export const UpgradeCandidateQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(PAGE_OFFSET_MAX).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.unitSearchDefaultPageSize),
    deviceType: UpgradeDeviceType.optional(),
    inventoryId: Id.optional(),
    jobState: z.enum([...UpgradeState.options, 'none']).optional(),
    searchKey: z.enum(UPGRADE_CANDIDATE_SEARCH_KEYS).default('name'),
    searchValue: z.string().max(LIMITS.genericNameMax).optional(),
    sortBy: z.enum(UPGRADE_CANDIDATE_SORT_KEYS).default('name'),
    sortDir: SortDir.default('asc'),
  })
  .strict();
export type UpgradeCandidateQuery = z.infer<typeof UpgradeCandidateQuery>;
export const UpgradeCandidatePage = pageOf(UpgradeCandidate);
export type UpgradeCandidatePage = z.infer<typeof UpgradeCandidatePage>;

/** Rules of spec 001 §5 (and §8) that block an upgrade (packages/domain version.ts `UpgradeBlockRule`, plus the ones the core sees). */
export const UPGRADE_BLOCK_RULES = [
  'invalidVersion',
  'unknownVersion',
  'targetOutOfRange',
  'versionTooOld',
  'noSla',
  'lu600H264',
  'hardwareNotSupported',
  'serverFirst',
  'serverOffline',
  'serverBusy',
  'serverNeeds10_0',
  'transceiverBusy',
  'upgradeRunning',
  'unitOffline',
  'unitBusy',
] as const;
export const UpgradeBlockRule = z.enum(UPGRADE_BLOCK_RULES);
export type UpgradeBlockRule = z.infer<typeof UpgradeBlockRule>;
export const UPGRADE_WARN_RULES = ['configurationReset', 'channelVersionBelowUnit'] as const;
export const UpgradeWarnRule = z.enum(UPGRADE_WARN_RULES);

/** One reason a device may not go to a version. */
export const UpgradeBlockReason = z.object({
  rule: UpgradeBlockRule,
  /** The error catalogue key a start answers with for this reason (UPGRADE_6802, UPGRADE_6199, ...). */
  errorCode: z.string(),
  /** Its numeric code where the spec has one (6802, 6803, 6199, 6808, 6810), else null. */
  deviceCode: z.number().int().nullable(),
  message: z.string(),
});
export type UpgradeBlockReason = z.infer<typeof UpgradeBlockReason>;

/** One warning about an upgrade that does not block it (9.2.1 configuration reset, channel below unit). */
export const UpgradeWarning = z.object({ rule: UpgradeWarnRule, message: z.string() });
export type UpgradeWarning = z.infer<typeof UpgradeWarning>;

/** GET .../upgrade/eligibility?targetVersion=: whether the device may go to that version now. */
export const UpgradeEligibilityQuery = z.object({ targetVersion: UpgradeVersionNumber }).strict();
export type UpgradeEligibilityQuery = z.infer<typeof UpgradeEligibilityQuery>;

/** Eligible exactly when `reasons` is empty; reasons in the order a start reports them (the first decides its code). */
export const UpgradeEligibility = z.object({
  deviceType: UpgradeDeviceType,
  deviceId: Id,
  currentVersion: z.string(),
  targetVersion: z.string(),
  eligible: z.boolean(),
  reasons: z.array(UpgradeBlockReason),
  warnings: z.array(UpgradeWarning),
});
export type UpgradeEligibility = z.infer<typeof UpgradeEligibility>;

/** A version offered to a device, with whether it may go there now. */
export const UpgradeTarget = z.object({
  /** The SoftwareVersion number. */
  number: z.string(),
  description: z.string(),
  releaseNotesUrl: z.string().nullable(),
  eligible: z.boolean(),
  reasons: z.array(UpgradeBlockReason),
  warnings: z.array(UpgradeWarning),
});
export type UpgradeTarget = z.infer<typeof UpgradeTarget>;

/**
 * GET .../upgrade/targets: the released (non-deprecated) versions available to one of the device's
 * inventories (or to every inventory: a version without inventories), newest first, each with its
 * eligibility; plus the device's version and running job.
 */
export const UpgradeTargets = z.object({
  deviceType: UpgradeDeviceType,
  deviceId: Id,
  currentVersion: z.string(),
  job: UpgradeJob.nullable(),
  targets: z.array(UpgradeTarget),
});
export type UpgradeTargets = z.infer<typeof UpgradeTargets>;

/** POST v2/admin/{units|servers}/{id}/upgrade: the version to go to. */
export const StartUpgradeBody = z.object({ targetVersion: UpgradeVersionNumber }).strict();
export type StartUpgradeBody = z.infer<typeof StartUpgradeBody>;

/** GET .../upgrades: a device's upgrade history, newest first (page of 50 by default). */
export const UpgradeHistoryQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(PAGE_OFFSET_MAX).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.unitSearchDefaultPageSize),
  })
  .strict();
export type UpgradeHistoryQuery = z.infer<typeof UpgradeHistoryQuery>;
export const UpgradeJobPage = pageOf(UpgradeJob);
export type UpgradeJobPage = z.infer<typeof UpgradeJobPage>;
