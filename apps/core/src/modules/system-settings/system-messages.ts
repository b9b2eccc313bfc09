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
  type SystemMessageDeleted,
  type SystemMessagePage,
  type SystemMessageSearchQuery,
  type ToastVariant,
  type UpdateSystemMessageBody,
} from '@fleet/contracts';
import type { Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import type { AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import { compareText } from '../../platform/order.js';
import { everyoneAudience, inventoryAudience } from '../../platform/topics.js';
import { pageOf } from '../../platform/paging.js';
import * as repo from './repository.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import { atVersion, requireFound } from '../../platform/versioned-write.js';

type NotificationRow = Prisma.NotificationGetPayload<object>;

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

export class SystemMessageService {
  constructor(private readonly deps: ServiceDeps) {}

  /** GET v2/admin/systemMessages. */
  async list(q: SystemMessageSearchQuery, now = this.deps.businessClock.now()): Promise<SystemMessagePage> {
    // A handful of messages: searched and ordered here so both providers behave the same.
    const value = (q.searchValue ?? '').toLowerCase();
    const dir = q.sortDir === 'asc' ? 1 : -1;
    const key = (r: NotificationRow): string => (q.sortBy === 'message' ? r.message : (r[q.sortBy]?.toISOString() ?? ''));
    const rows = (await repo.findNotifications(this.deps.db))
      .filter((r) => value === '' || r.message.toLowerCase().includes(value))
      .filter((r) => q.state === undefined || (q.state === 'expired') === isExpired(r, now))
      .sort((a, b) => dir * compareText(key(a), key(b)) || compareText(a.id, b.id));
    return pageOf(rows, q, (r) => this.toMessage(r, now));
  }

  /** GET v2/admin/systemMessages/{id}. */
  async get(id: string): Promise<SystemMessage> {
    return this.toMessage(await this.require(id), this.deps.businessClock.now());
  }

  /** POST v2/admin/systemMessages. */
  async create(body: CreateSystemMessageBody): Promise<SystemMessage> {
    const now = this.deps.businessClock.now();
    const globalNotification = body.globalNotification ?? false;
    const inventoryId = globalNotification ? null : (body.inventoryId ?? null);
    const problems = [...this.audienceProblems(globalNotification, inventoryId), ...expiryProblems(body.expireDate, now)];
    if (problems.length > 0) throw validationError(problems);
    const row = await repo.createNotification(this.deps.db, {
      message: body.message,
      level: body.level ?? 'info',
      expireDate: body.expireDate ? new Date(body.expireDate) : null,
      globalNotification,
      inventoryId,
    });
    this.announce(null, row);
    return this.toMessage(row, now);
  }

  /** PUT v2/admin/systemMessages/{id}. */
  async update(id: string, body: UpdateSystemMessageBody): Promise<SystemMessage> {
    const now = this.deps.businessClock.now();
    const row = await this.require(id);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    const globalNotification = body.globalNotification ?? row.globalNotification;
    const inventoryId = globalNotification ? null : body.inventoryId !== undefined ? body.inventoryId : row.inventoryId;
    const dateChanged =
      body.expireDate !== undefined && (body.expireDate === null ? row.expireDate !== null : row.expireDate?.getTime() !== new Date(body.expireDate).getTime());
    const problems = [...this.audienceProblems(globalNotification, inventoryId), ...(dateChanged ? expiryProblems(body.expireDate, now) : [])];
    if (problems.length > 0) throw validationError(problems);
    const data: Prisma.NotificationUncheckedUpdateManyInput = {
      ...(body.message !== undefined ? { message: body.message } : {}),
      ...(body.level !== undefined ? { level: body.level } : {}),
      ...(dateChanged ? { expireDate: body.expireDate ? new Date(body.expireDate) : null } : {}),
      globalNotification,
      inventoryId,
    };
    await atVersion(repo.updateNotificationAtVersion(this.deps.db, id, row.version, data));
    const fresh = await this.require(id);
    this.announce(row, fresh);
    return this.toMessage(fresh, now);
  }

  /** DELETE v2/admin/systemMessages/{id}. */
  async delete(id: string): Promise<SystemMessageDeleted> {
    const row = await this.require(id);
    await atVersion(repo.deleteNotificationAtVersion(this.deps.db, id, row.version));
    this.announce(row, null);
    return { id, deleted: true };
  }

  // ── helpers ────────────────────────────────────────────────────────────────────────────────

  /** client_notifications/fetch: the messages live now for the user's inventories (global: all), newest first. */
  async notifications(auth: AuthUser, now = this.deps.businessClock.now()): Promise<ClientNotification[]> {
    const rows = await repo.findLiveNotifications(this.deps.db, now, auth.global, auth.inventoryIds);
    // The same item this service pushes on /ws (one shape, one place).
    return rows.map((n) => clientNotificationOf(n, now));
  }

  private require(id: string): Promise<NotificationRow> {
    return requireFound(repo.findNotification(this.deps.db, id));
  }

  private audienceProblems(globalNotification: boolean, inventoryId: string | null): FieldProblem[] {
    if (globalNotification) return [];
    if (inventoryId === null) return [{ path: 'body.inventoryId', message: VALIDATION.required }];
    return this.deps.readModel.inventories.get(inventoryId) ? [] : [{ path: 'body.inventoryId', message: VALIDATION.invalidField }];
  }

  private audienceOf(row: NotificationRow): string[] {
    if (row.globalNotification) return everyoneAudience(this.deps.readModel);
    return row.inventoryId ? inventoryAudience(this.deps.readModel, [row.inventoryId]) : [];
  }

  /** The banners concerned: the message (as of now) to its audience, its removal to those it no longer concerns. */
  private announce(before: NotificationRow | null, after: NotificationRow | null): void {
    const at = this.deps.businessClock.now();
    const shown = after && !isExpired(after, at) ? this.audienceOf(after) : [];
    const left = before ? this.audienceOf(before).filter((t) => !shown.includes(t)) : [];
    if (shown.length > 0 && after) this.deps.hub.publish(shown, { type: 'notification', notification: clientNotificationOf(after, at), at });
    const removedId = (after ?? before)?.id;
    if (left.length > 0 && removedId) this.deps.hub.publish(left, { type: 'notification.removed', notificationId: removedId, at });
  }

  private toMessage(row: NotificationRow, now: number): SystemMessage {
    const flags = clientNotificationOf(row, now);
    return {
      id: row.id,
      message: row.message,
      level: flags.level,
      expireDate: flags.expireDate,
      globalNotification: row.globalNotification,
      inventoryId: row.inventoryId,
      inventoryName: row.inventoryId ? (this.deps.readModel.inventories.get(row.inventoryId)?.name ?? null) : null,
      expired: isExpired(row, now),
      expiresWithin2h: flags.expiresWithin2h,
      expiresWithin24h: flags.expiresWithin24h,
      ...recordStamps(row),
    };
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
