/**
 * Guest interview invitations of a group (spec 001 §7 Groups: POST groups/{id}/invitation, email,
 * sms; 000 §2 / 001 §2 "guest interview invite"; 001 §5 "Ad-hoc invite: phone digits only, email
 * format, device name unique"; 001 §9 ad-hoc periods). The reading is written down in
 * packages/contracts/src/entities/invitations.ts.
 *
 * Storage: the Invitation model (plan ADHOC, period, code, e-mail, phone, device name = the
 * guest's name, unit, expiry). The personal message is sent with the invitation, not stored (the
 * model has no column for it). Sending is simulated: the mock core has no mail or SMS gateway, so a
 * delivery is the recipient recorded on the invitation and answered to the caller.
 */
import { randomInt } from 'node:crypto';
import { transaction, type InvitationModel as Invitation } from '@fleet/db';
import {
  ADHOC_PERIOD_MS, VALIDATION,
  type AdhocPeriod, type CreateGuestInvitationBody, type FieldProblem, type GuestInvitation, type InvitationDelivery,
} from '@fleet/contracts';
import { AppError, nameInUse, validationError } from '../errors.js';
import { visibleGroup, type AuthUser } from './access.js';
import type { ServiceDeps } from './deps.js';
import { callsOf } from '../calls.js';

/** Plan type of a guest interview invitation (001 §3 plan types). */
const GUEST_PLAN = 'ADHOC';
/** Invitation codes: 8 characters without look-alikes (0/O, 1/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
/** The console page a guest opens to join (000 §2 easy-live entry page). */
const JOIN_PATH = '/easy_live';


function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

function isPeriod(v: string | null): v is AdhocPeriod {
  return v !== null && v in ADHOC_PERIOD_MS;
}

export class InvitationService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Groups the caller can see: every group for global users, else their groups and their inventories' groups. */

  /** The group, if the caller can see it; unknown and foreign groups are both 404. */
  private async requireGroup(user: AuthUser, groupId: string): Promise<{ id: string; name: string }> {
    const group = visibleGroup(this.deps.readModel, user, groupId);
    if (!group) throw new AppError('NOT_FOUND');
    return { id: group.id, name: group.name };
  }

  /**
   * POST groups/{id}/invitation: a new ad-hoc invitation of a guest to the group, valid for the
   * chosen period, sent to the given e-mail address and/or phone number. The unit, when given, must
   * be one of the group's units. The device name must be unique (001 §5): the guest's device joins
   * the fleet under it, so it may be neither a unit's name nor the device name of another open (not
   * used, not expired) invitation of any group — the rule and the message of a unit rename
   * (exact comparison, 409 NAME_IN_USE). Nothing is written when a rule fails.
   */
  async createGuestInvitation(user: AuthUser, groupId: string, body: CreateGuestInvitationBody): Promise<GuestInvitation> {
    const group = await this.requireGroup(user, groupId);
    const now = new Date();
    const row = await transaction(this.deps.db, async (tx) => {
      const problems: FieldProblem[] = [];
      if (body.unitId !== undefined && (await tx.unitGroup.count({ where: { groupId, unitId: body.unitId } })) === 0) {
        problems.push({ path: 'body.unitId', message: VALIDATION.invalidField });
      }
      if (problems.length > 0) throw validationError(problems);
      const unit = await tx.unit.findFirst({ where: { name: body.deviceName }, select: { id: true } });
      const open = unit
        ? null
        : await tx.invitation.findFirst({
            where: { deviceName: body.deviceName, usedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
            select: { id: true },
          });
      if (unit || open) throw nameInUse('body.deviceName');
      let code = newCode();
      for (let tries = 0; (await tx.invitation.count({ where: { code } })) > 0 && tries < 10; tries++) code = newCode();
      return tx.invitation.create({
        data: {
          groupId,
          planType: GUEST_PLAN,
          period: body.period,
          code,
          email: body.email ?? null,
          phone: body.phone ?? null,
          deviceName: body.deviceName,
          unitId: body.unitId ?? null,
          expiresAt: new Date(now.getTime() + ADHOC_PERIOD_MS[body.period]),
          createdAt: now,
        },
      });
    });
    const sentAt = row.createdAt.toISOString();
    const deliveries: InvitationDelivery[] = [];
    if (row.email !== null) deliveries.push({ invitationId: row.id, channel: 'email', to: row.email, sentAt });
    if (row.phone !== null) deliveries.push({ invitationId: row.id, channel: 'sms', to: row.phone, sentAt });
    return this.toView(row, group.name, deliveries);
  }

  /** POST groups/{id}/email: send an open invitation of the group to this address. */
  async sendEmail(user: AuthUser, groupId: string, body: { invitationId: string; email: string }): Promise<InvitationDelivery> {
    return this.deliver(user, groupId, body.invitationId, 'email', body.email);
  }

  /** POST groups/{id}/sms: send an open invitation of the group to this phone number. */
  async sendSms(user: AuthUser, groupId: string, body: { invitationId: string; phone: string }): Promise<InvitationDelivery> {
    return this.deliver(user, groupId, body.invitationId, 'sms', body.phone);
  }

  /**
   * Send an invitation again: it must be an open (not used, not expired) invitation of this group,
   * else the body's invitationId is an invalid field. The recipient is recorded on the invitation
   * (optimistic version: a concurrent change answers 409).
   */
  private async deliver(user: AuthUser, groupId: string, invitationId: string, channel: 'email' | 'sms', to: string): Promise<InvitationDelivery> {
    await this.requireGroup(user, groupId);
    const now = new Date();
    const inv = await this.deps.db.invitation.findFirst({
      where: { id: invitationId, groupId, planType: GUEST_PLAN, usedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      select: { id: true, version: true },
    });
    if (!inv) throw validationError([{ path: 'body.invitationId', message: VALIDATION.invalidField }]);
    const data = channel === 'email' ? { email: to } : { phone: to };
    const updated = await this.deps.db.invitation.updateMany({ where: { id: inv.id, version: inv.version }, data: { ...data, version: { increment: 1 } } });
    if (updated.count === 0) throw new AppError('CONFLICT');
    return { invitationId: inv.id, channel, to, sentAt: now.toISOString() };
  }

  private toView(row: Invitation, groupName: string, deliveries: InvitationDelivery[]): GuestInvitation {
    return {
      id: row.id,
      groupId: row.groupId,
      groupName,
      planType: row.planType,
      deviceName: row.deviceName ?? '',
      email: row.email,
      phone: row.phone,
      unitId: row.unitId,
      period: isPeriod(row.period) ? row.period : '1d',
      code: row.code,
      joinUrl: `${JOIN_PATH}?invitation=${encodeURIComponent(row.code)}`,
      expiresAt: (row.expiresAt ?? row.createdAt).toISOString(),
      createdAt: row.createdAt.toISOString(),
      deliveries,
    };
  }
}

/** The calls InvitationService answers. */
export const invitationCalls = callsOf<InvitationService>()({
  createGroupInvitation: (s, { params, body }, user) => s.createGuestInvitation(user, params.id, body),
  sendGroupInvitationEmail: (s, { params, body }, user) => s.sendEmail(user, params.id, body),
  sendGroupInvitationSms: (s, { params, body }, user) => s.sendSms(user, params.id, body),
});
