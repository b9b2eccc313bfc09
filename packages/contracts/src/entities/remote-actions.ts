/**
 * Shapes of remote actions (spec 001 §2 /remote_actions for partners and super users: support
 * actions on devices of the caller's inventories) and of the databridge gateway list of the
 * contractor entities view (spec 001 §2 /entities, db_gateways).
 */
import { z } from 'zod';
import { ACCESS_APPROVAL_STATES } from '../enum-values.js';
import { LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { statesRules } from '../validation.js';
import { Id, IdParams, IsoDate, pageOf, SortDir, StoredJsonObject } from './common.js';
import { PAGE_OFFSET_MAX } from './unit-reads.js';
import { SEND_LOGS_DESCRIPTION_MAX } from './unit-actions.js';
import { AdminDbGateway } from './databridge-gateways.js';

const Offset = z.coerce.number().int().min(0).max(PAGE_OFFSET_MAX).default(0);
const Limit = z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.unitSearchDefaultPageSize);

// ── remote actions ─────────────────────────────────────────────────────────────────────────────

/** What a support action does: send the unit's logs, reboot it, or open support access (spec 001 §4, §9: 8 hours). */
export const REMOTE_ACTION_KINDS = ['sendLogs', 'reboot', 'supportAccess'] as const;
export const RemoteActionKind = z.enum(REMOTE_ACTION_KINDS);
export type RemoteActionKind = z.infer<typeof RemoteActionKind>;

/** The device kinds a remote action may target; the spec's partner page acts on units. */
export const REMOTE_ACTION_DEVICE_TYPES = ['unit'] as const;

/** pending → running → done / failed as the device answers (the RemoteAction model). */
export const REMOTE_ACTION_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export const RemoteActionStatus = z.enum(REMOTE_ACTION_STATUSES);
export type RemoteActionStatus = z.infer<typeof RemoteActionStatus>;

/** Spec 001 §4 access approval states; "expired" once its 8 hours are over, whatever is stored. */
export const AccessApprovalState = z.enum(ACCESS_APPROVAL_STATES);

/** The support access a `supportAccess` action opened. */
export const SupportAccess = z.object({
  id: Id,
  status: AccessApprovalState,
  expiresAt: IsoDate,
});
export type SupportAccess = z.infer<typeof SupportAccess>;

/** One remote action: what a history row shows, with its live status. */
export const RemoteAction = z.object({
  id: Id,
  deviceType: z.enum(REMOTE_ACTION_DEVICE_TYPES),
  deviceId: Id,
  /** The unit's name when the action was read ('' for a unit no longer stored). */
  deviceName: z.string(),
  /** The device's inventories (the realtime topics the action is announced on). */
  inventoryIds: z.array(Id),
  action: RemoteActionKind,
  reason: z.string(),
  status: RemoteActionStatus,
  /** What the device answered when the action ended (e.g. `{ reason: 'offline' }` for a failure). */
  result: StoredJsonObject,
  requestedBy: z.string().nullable(),
  /** For `supportAccess`: the access it opened; null for the other actions. */
  supportAccess: SupportAccess.nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
  version: z.number().int().nonnegative(),
});
export type RemoteAction = z.infer<typeof RemoteAction>;
export const RemoteActionPage = pageOf(RemoteAction);
export type RemoteActionPage = z.infer<typeof RemoteActionPage>;

/** GET v2/remoteActions: newest first, paged (default 50), optionally one device's or one inventory's devices'. */
export const RemoteActionListQuery = z
  .object({
    deviceId: Id.optional(),
    /** The admin view's inventory filter: actions on the units of that inventory (one of the caller's). */
    inventoryId: Id.optional(),
    offset: Offset,
    limit: Limit,
  })
  .strict();
export type RemoteActionListQuery = z.infer<typeof RemoteActionListQuery>;

/**
 * POST v2/remoteActions. Sending logs opens a support case (spec 000 §5), so its description
 * (`reason`) is required there and the logs go through `channelId` (else the unit's selected
 * channel); the reason of a support access is optional.
 */
export const CreateRemoteActionBody = z
  .object({
    deviceType: z.enum(REMOTE_ACTION_DEVICE_TYPES, { error: VALIDATION.invalidField }),
    deviceId: Id,
    action: z.enum(REMOTE_ACTION_KINDS, { error: VALIDATION.invalidField }),
    reason: z.string().max(SEND_LOGS_DESCRIPTION_MAX, VALIDATION.maxChars(SEND_LOGS_DESCRIPTION_MAX)).optional(),
    channelId: Id.optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.action === 'sendLogs' && (b.reason === undefined || b.reason.trim() === '')) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: VALIDATION.required });
    }
  })
  .meta(statesRules({ field: 'reason', message: VALIDATION.required, rule: 'required, not blank, for the sendLogs action' }));
export type CreateRemoteActionBody = z.infer<typeof CreateRemoteActionBody>;

export const RemoteActionParams = IdParams;

// ── databridge gateways (contractor entities, db_gateways) ───────────────────────────────────────

export const DB_GATEWAY_SEARCH_KEYS = ['name', 'host', 'status'] as const;
export const DB_GATEWAY_SORT_KEYS = ['name', 'host', 'status', 'createdAt', 'updatedAt'] as const;

/** GET v2/admin/dbGateways: the admin searches' paging (offset, limit 50, searchKey, searchValue, sortBy, sortDir). */
export const AdminDbGatewaySearchQuery = z
  .object({
    offset: Offset,
    limit: Limit,
    searchKey: z.enum(DB_GATEWAY_SEARCH_KEYS).default('name'),
    searchValue: z.string().max(LIMITS.genericNameMax).optional(),
    sortBy: z.enum(DB_GATEWAY_SORT_KEYS).default('name'),
    sortDir: SortDir.default('asc'),
  })
  .strict();
export type AdminDbGatewaySearchQuery = z.infer<typeof AdminDbGatewaySearchQuery>;

/** A gateway as the admin list shows it: the gateway's fields without its version. */
export const AdminDbGatewayRow = AdminDbGateway.omit({ version: true });
export type AdminDbGatewayRow = z.infer<typeof AdminDbGatewayRow>;
export const AdminDbGatewayPage = pageOf(AdminDbGatewayRow);
export type AdminDbGatewayPage = z.infer<typeof AdminDbGatewayPage>;
