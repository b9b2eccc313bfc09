/**
 * Access approvals (spec 001 §2 /access_approvals; §4 "Access approval: active, expired, used";
 * "Support access on a device lasts 8 hours, then blocks automatically"; §9 support access 8 hours).
 * An approval is opened by the support access remote action; the /access_approvals page lists every
 * approval, revokes an active one and marks one used. An active approval past its expiry reads
 * `expired` whatever is stored, and cannot be used.
 */
import { z } from 'zod';
import { ACCESS_APPROVAL_STATES } from '../enum-values.js';
import { LIMITS } from '../constants.js';
import { Id, IsoDate, pageOf, RecordStamps, SortDir } from './common.js';

export const AccessApprovalStatus = z.enum(ACCESS_APPROVAL_STATES);
export type AccessApprovalStatus = z.infer<typeof AccessApprovalStatus>;

export const ACCESS_APPROVAL_DEVICE_TYPES = ['unit', 'server', 'channel', 'vrChannel'] as const;

export const AccessApproval = z.object({
  id: Id,
  deviceType: z.enum(ACCESS_APPROVAL_DEVICE_TYPES),
  deviceId: Id,
  /** The device's name when read ('' for a device no longer stored). */
  deviceName: z.string(),
  /** As read now: an active approval past `expiresAt` is expired. */
  status: AccessApprovalStatus,
  reason: z.string(),
  requestedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  /** When the access ends (or ended: a revoked access ends when revoked). */
  expiresAt: IsoDate,
  /** Marked used: when and by whom. */
  usedAt: IsoDate.nullable(),
  usedBy: z.string().nullable(),
  /** Revoked before its time: when and by whom. */
  revokedAt: IsoDate.nullable(),
  revokedBy: z.string().nullable(),
  ...RecordStamps,
});
export type AccessApproval = z.infer<typeof AccessApproval>;

export const ACCESS_APPROVAL_SORT_KEYS = ['createdAt', 'expiresAt', 'deviceId', 'status'] as const;

/** GET v2/admin/accessApprovals: page of 50 (§9), filter by status and device, search, newest first. */
export const AccessApprovalSearchQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(50),
    status: AccessApprovalStatus.optional(),
    deviceId: Id.optional(),
    /** Matches the device id or name, the reason, or who asked (case-insensitive). */
    searchValue: z.string().max(LIMITS.genericNameMax).optional(),
    sortBy: z.enum(ACCESS_APPROVAL_SORT_KEYS).default('createdAt'),
    sortDir: SortDir.default('desc'),
  })
  .strict();
export type AccessApprovalSearchQuery = z.infer<typeof AccessApprovalSearchQuery>;
export const AccessApprovalPage = pageOf(AccessApproval);
export type AccessApprovalPage = z.infer<typeof AccessApprovalPage>;

/** Versions are stored as 32-bit integers. */
const Version = z.number().int().nonnegative().max(2_147_483_647);

/** PUT v2/admin/accessApprovals/{id}/revoke and .../used: only over that version when given (else 409). */
export const AccessApprovalChangeBody = z.object({ version: Version.optional() }).strict();
export type AccessApprovalChangeBody = z.infer<typeof AccessApprovalChangeBody>;
