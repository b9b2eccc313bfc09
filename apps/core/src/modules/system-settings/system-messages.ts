/**
 * System messages that feed the global notification banner (spec 001 §2 system messages, global
 * notification banner; §3 Notification expireDate, globalNotification; §9 expiry flags within 2 h
 * and 24 h).
 *
 * - A message is global or for one inventory ("This field is required" without one); the inventory
 *   must exist ("Invalid field"). The expiry date, when given, lies in the future when the message
 *   is created or its date changed.
 * - Updates carry the form's `version` (409 when the message changed meanwhile).
 * - Users read theirs through client_notifications/fetch (`notifications`). Every change
 *   is pushed to those it concerns as `notification` (the banner's item, with its expiry flags as of
 *   now), and a message deleted, expired or moved away from some users as `notification.removed` to
 *   them, so an open banner follows without waiting for its 5-minute poll.
 */
import {
  TIMINGS,
  VALIDATION,
  TOAST_VARIANTS,
  type ClientNotification,
  type CreateSystemMessageBody,
  type FieldProblem,
  type SystemMessage,
  type SystemMessageSearchQuery,
  type ToastVariant,
  type UpdateSystemMessageBody,
  RULES,
} from '@fleet/contracts';
import { callsOf } from '../../calls.js';
import { validationError } from '../../errors.js';
import type { AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import { everyoneAudience, inventoryAudience } from '../../platform/topics.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import { defineSettingKind, settingService } from './setting-kind.js';
import * as repo from './repository.js';

type NotificationRow = repo.NotificationRecord;

/** A stored level outside the toast variants reads as the default one. */
export const levelOf = (stored: string): ToastVariant => ((TOAST_VARIANTS as readonly string[]).includes(stored) ? (stored as ToastVariant) : 'info');

/** What the banner's list holds for a message, as of `now` (the fields client_notifications/fetch answers). */
export function clientNotificationOf(row: NotificationRow, now: number): ClientNotification {
  const left = row.expireDate ? row.expireDate.getTime() - now : Number.POSITIVE_INFINITY;
  return {
    id: row.id,
    message: row.message,
    expireDate: row.expireDate ? row.expireDate.toISOString() : null,
    globalNotification: row.globalNotification,
    level: levelOf(row.level),
    expiresWithin2h: left <= TIMINGS.notificationExpiringSoonMs,
    expiresWithin24h: left <= TIMINGS.notificationExpiringDayMs,
  };
}

function audienceProblems(deps: ServiceDeps, globalNotification: boolean, inventoryId: string | null): FieldProblem[] {
  if (globalNotification) return [];
  if (inventoryId === null) return [{ path: 'body.inventoryId', message: VALIDATION.required }];
  return deps.readModel.inventories.get(inventoryId) ? [] : [{ path: 'body.inventoryId', message: RULES.unknownInventory }];
}

function audienceOf(deps: ServiceDeps, row: NotificationRow): string[] {
  if (row.globalNotification) return everyoneAudience(deps.readModel);
  return row.inventoryId ? inventoryAudience(deps.readModel, [row.inventoryId]) : [];
}

export const systemMessageKind = defineSettingKind<{
  row: NotificationRow;
  out: SystemMessage;
  create: CreateSystemMessageBody;
  update: UpdateSystemMessageBody;
  query: SystemMessageSearchQuery;
}>()({
  store: repo.notifications,
  /** Business time now: what the expiry flags are as of. */
  context: (deps) => deps.businessClock.now(),
  present: (row, now, deps) => {
    const flags = clientNotificationOf(row, now);
    return {
      id: row.id,
      message: row.message,
      level: flags.level,
      expireDate: flags.expireDate,
      globalNotification: row.globalNotification,
      inventoryId: row.inventoryId,
      inventoryName: row.inventoryId ? (deps.readModel.inventories.get(row.inventoryId)?.name ?? null) : null,
      expired: isExpired(row, now),
      expiresWithin2h: flags.expiresWithin2h,
      expiresWithin24h: flags.expiresWithin24h,
      ...recordStamps(row),
    };
  },
  list: {
    search: (m) => [m.message],
    searchAsSent: true,
    filter: (m, q) => q.state === undefined || (q.state === 'expired') === m.expired,
    sort: (m, key) => m[key] ?? '',
  },
  /** Its audience (global, or one existing inventory) and a future expiry date (a new one, or a changed one). */
  check: ({ body, row }, deps) => {
    const now = deps.businessClock.now();
    const globalNotification = body.globalNotification ?? row?.globalNotification ?? false;
    const inventoryId = globalNotification ? null : body.inventoryId !== undefined ? body.inventoryId : (row?.inventoryId ?? null);
    const dateChanged =
      row === null ||
      (body.expireDate !== undefined &&
        (body.expireDate === null ? row.expireDate !== null : row.expireDate?.getTime() !== new Date(body.expireDate).getTime()));
    const problems = [...audienceProblems(deps, globalNotification, inventoryId), ...(dateChanged ? expiryProblems(body.expireDate, now) : [])];
    if (problems.length > 0) throw validationError(problems);
    return { globalNotification, inventoryId, dateChanged };
  },
  insert: (body, { dateChanged: _new, ...audience }) => ({
    message: body.message,
    level: body.level ?? 'info',
    expireDate: body.expireDate ? new Date(body.expireDate) : null,
    ...audience,
  }),
  changes: (body, _row, { dateChanged, ...audience }) => ({
    ...(body.message !== undefined ? { message: body.message } : {}),
    ...(body.level !== undefined ? { level: body.level } : {}),
    ...(dateChanged ? { expireDate: body.expireDate ? new Date(body.expireDate) : null } : {}),
    ...audience,
  }),
  /** The banners concerned: the message (as of now) to its audience, its removal to those it no longer concerns. */
  announce: (deps, before, after) => {
    const at = deps.businessClock.now();
    const shown = after && !isExpired(after, at) ? audienceOf(deps, after) : [];
    const left = before ? audienceOf(deps, before).filter((t) => !shown.includes(t)) : [];
    if (shown.length > 0 && after) deps.hub.publish(shown, { type: 'notification', notification: clientNotificationOf(after, at), at });
    const removedId = (after ?? before)?.id;
    if (left.length > 0 && removedId) deps.hub.publish(left, { type: 'notification.removed', notificationId: removedId, at });
  },
});

export class SystemMessageService extends settingService(systemMessageKind) {
  /** client_notifications/fetch: the messages live now for the user's inventories (global: all), newest first. */
  async notifications(auth: AuthUser, now = this.deps.businessClock.now()): Promise<ClientNotification[]> {
    const rows = await repo.findLiveNotifications(this.deps.db, now, auth.global, auth.inventoryIds);
    // The same item this service pushes on /ws (one shape, one place).
    return rows.map((n) => clientNotificationOf(n, now));
  }
}

function isExpired(row: NotificationRow, now: number): boolean {
  return row.expireDate !== null && row.expireDate.getTime() <= now;
}

function expiryProblems(expireDate: string | null | undefined, now: number): FieldProblem[] {
  if (expireDate === undefined || expireDate === null) return [];
  return new Date(expireDate).getTime() > now ? [] : [{ path: 'body.expireDate', message: VALIDATION.expiryInFuture }];
}

export const systemMessageCalls = callsOf<SystemMessageService>()({
  fetchClientNotifications: (s, _input, user) => s.notifications(user),
  listSystemMessages: (svc, { query }) => svc.list(query),
  createSystemMessage: (svc, { body }) => svc.create(body),
  getSystemMessage: (svc, { params }) => svc.get(params.id),
  updateSystemMessage: (svc, { params, body }) => svc.update(params.id, body),
  deleteSystemMessage: (svc, { params }) => svc.delete(params.id),
});
