/**
 * Guest interview invitations of a group (spec 001 §7 Groups: POST groups/{id}/invitation, email,
 * sms; 000 §2 / 001 §2 "guest interview invite"; 001 §5 "Ad-hoc invite: phone digits only, email
 * format, device name unique"; 001 §9 ad-hoc periods). The reading is written down in
 * packages/contracts/src/entities/invitations.ts.
 *
 * Storage: the Invitation model (plan ADHOC, period, code, e-mail, phone, device name = the
 * guest's name, unit, expiry). The personal message is sent with the invitation, not stored (the
 * model has no column for it). Sending is simulated: the mock core has no mail or SMS gateway, so a
 * delivery is the recipient recorded on the invitation, answered to the caller and recorded in the
 * outbox (outbox.ts); a recipient the mock gateway refuses answers 001 §8 "generic email/SMS
 * error, try again" (EMAIL_SMS_ERROR) and nothing is stored.
 *
 * Also the group's ad-hoc joining settings and permanent key (the group's `invitation` column,
 * invitation-columns.ts) and a unit's expiration in a group (UnitGroup.expiresAt);
 * joining a group with a code is joining.ts.
 * A unit whose membership expired is no longer a member: a sweep every EXPIRY_SWEEP_MS removes it
 * through the admin's removal path (AdminUnitService.leaveGroup: the unit's version, `device.removed`
 * on the group's topic, `group.changed` by GroupService), so it leaves the group's lists and consoles.
 */
import { transaction, type InvitationModel as Invitation, type Prisma } from '@fleet/db';
import {
  ADHOC_PERIOD_MS,
  PERMANENT_REGENERATION_MS,
  joinPathOf,
  type AdhocPeriod,
  type AdhocSettings,
  type CreateGuestInvitationBody,
  type FieldProblem,
  type GuestInvitation,
  type InvitationDelivery,
  type PermanentKeyRegeneration,
  type PermanentPlanType,
  type PermanentSettings,
  type UnitExpiration,
  RULES,
} from '@fleet/contracts';
import { AppError, nameInUse, validationError } from '../../errors.js';
import { groupInvitation, type GroupInvitationColumn } from './invitation-columns.js';
import type { GroupRow } from '../../platform/storage/read-model.js';
import { visibleGroup, type AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import type { ClockTimer } from '../../platform/clock.js';
import type { Outbox } from '../../platform/outbox.js';
import { type AdminUnitService } from '../units/admin-units.js';
import { callsOf } from '../../calls.js';
import { codeExpired, GUEST_PLAN, isPeriod, keyDue, newCode, CODE_TRIES } from './codes.js';
import * as repo from './repository.js';
import { findUnitWithMemberships } from '../units/repository.js';

/** How often expired unit memberships are removed: a unit leaves its group at most this long after its expiry. */
const EXPIRY_SWEEP_MS = 30_000;
/** Expired memberships removed per sweep (the rest go on the next one). */
const EXPIRY_SWEEP_BATCH = 200;

export class InvitationService {
  private readonly sweepTimer: ClockTimer;
  /** The sweep under way: one at a time. */
  private sweeping: Promise<number> | null = null;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly outbox: Outbox,
    private readonly units: Pick<AdminUnitService, 'leaveGroup'>,
  ) {
    this.sweepTimer = deps.clock
      .setInterval(() => {
        this.sweepExpiredUnits().catch((e: unknown) => this.deps.log.warn({ err: e }, 'expired unit memberships not swept'));
      }, EXPIRY_SWEEP_MS)
      .unref();
  }

  /** Stop the sweep (the app is closing). */
  close(): void {
    this.deps.clock.clearInterval(this.sweepTimer);
  }

  /**
   * Remove the units whose membership of a group expired (UnitGroup.expiresAt passed), as an
   * admin's removal does; answers how many left. A membership changed meanwhile (the unit's
   * version moved, the row is gone, a new expiration was set) is skipped: the next sweep reads it again.
   */
  sweepExpiredUnits(now: Date = this.deps.clock.date()): Promise<number> {
    this.sweeping ??= this.sweepOnce(now).finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private async sweepOnce(now: Date): Promise<number> {
    const expired = await repo.findExpiredMemberships(this.deps.db, now, EXPIRY_SWEEP_BATCH);
    let removed = 0;
    for (const link of expired) {
      const unit = await findUnitWithMemberships(this.deps.db, link.unitId);
      if (!unit?.groups.some((g) => g.groupId === link.groupId)) continue;
      try {
        await this.units.leaveGroup(unit, link.groupId, now);
        removed++;
      } catch (e) {
        this.deps.log.warn({ err: e, unitId: link.unitId, groupId: link.groupId }, 'expired unit membership left for the next sweep');
      }
    }
    return removed;
  }

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
    this.outbox.assertDeliverable([
      ...(body.email !== undefined ? [{ channel: 'email' as const, to: body.email }] : []),
      ...(body.phone !== undefined ? [{ channel: 'sms' as const, to: body.phone }] : []),
    ]);
    const now = this.deps.clock.date();
    const row = await transaction(this.deps.db, async (tx) => {
      const problems: FieldProblem[] = [];
      if (body.unitId !== undefined && !(await repo.unitInGroup(tx, groupId, body.unitId))) {
        problems.push({ path: 'body.unitId', message: RULES.notOfGroup });
      }
      if (problems.length > 0) throw validationError(problems);
      const unit = await repo.unitNameTaken(tx, body.deviceName);
      const open = unit ? false : await repo.deviceNameReserved(tx, body.deviceName, now);
      if (unit || open) throw nameInUse('body.deviceName');
      let code = newCode();
      for (let tries = 0; (await repo.invitationCodeTaken(tx, code)) && tries < 10; tries++) code = newCode();
      return repo.createInvitation(tx, {
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
      });
    });
    const sentAt = row.createdAt.toISOString();
    const deliveries: InvitationDelivery[] = [];
    if (row.email !== null) deliveries.push({ invitationId: row.id, channel: 'email', to: row.email, sentAt });
    if (row.phone !== null) deliveries.push({ invitationId: row.id, channel: 'sms', to: row.phone, sentAt });
    const view = this.toView(row, group.name, deliveries);
    for (const d of deliveries) this.sendInvitation(d.channel, d.to, view.code, view.joinUrl, group.name);
    return view;
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
    const now = this.deps.clock.date();
    const inv = await repo.findOpenGuestInvitation(this.deps.db, groupId, invitationId, GUEST_PLAN, now);
    if (!inv) throw validationError([{ path: 'body.invitationId', message: RULES.unknownInvitation }]);
    this.outbox.assertDeliverable([{ channel, to }]);
    const data = channel === 'email' ? { email: to } : { phone: to };
    const updated = await repo.updateInvitationAtVersion(this.deps.db, inv.id, inv.version, data);
    if (updated === 0) throw new AppError('CONFLICT');
    const group = this.deps.readModel.groups.get(groupId);
    this.sendInvitation(channel, to, inv.code, joinPathOf(inv.code), group?.name ?? '');
    return { invitationId: inv.id, channel, to, sentAt: now.toISOString() };
  }

  /**
   * The message a guest gets: its link under the core's public base (a sandbox's `/sandboxes/<id>`), as
   * a download link is; the answers' `joinUrl` stays relative to the console, which puts its own base before it.
   */
  private sendInvitation(channel: 'email' | 'sms', to: string, code: string, joinPath: string, groupName: string): void {
    const joinUrl = `${this.deps.config.PUBLIC_BASE}${joinPath}`;
    this.outbox.send({
      channel,
      to,
      subject: `Interview invitation (${groupName})`,
      body: `You are invited to an interview in ${groupName}. Code ${code}: ${joinUrl}`,
      link: joinUrl,
    });
  }

  // ── ad-hoc joining, permanent key, unit expiration ─────────────────────────────────────────

  /** The group (the route checked that the caller sees it) and its decoded `invitation` column. */
  private groupSettings(groupId: string): { group: GroupRow; settings: GroupInvitationColumn } {
    const group = this.deps.readModel.groups.get(groupId);
    if (!group) throw new AppError('NOT_FOUND');
    return { group, settings: groupInvitation.read(group.invitation) };
  }

  /** Write the group's `invitation` column over the version read (409 when the group changed meanwhile). */
  private async saveSettings(
    group: GroupRow,
    version: number,
    settings: GroupInvitationColumn,
    conflict: 'CONFLICT' | 'CODE_RESET_FAILED' = 'CONFLICT',
  ): Promise<void> {
    if (group.version !== version) throw new AppError('CONFLICT');
    const done = await repo.updateGroupInvitationAtVersion(this.deps.db, group.id, version, groupInvitation.write(settings) as Prisma.InputJsonValue);
    if (done === 0) throw new AppError(conflict);
  }

  /**
   * A code no invitation holds and no other group uses as its ad-hoc code or permanent key; null
   * when every try met one (a unit joining with it could not tell the groups apart).
   */
  private async freshCode(groupId: string): Promise<string | null> {
    const others = new Set<string>();
    for (const g of this.deps.readModel.groups.all()) {
      if (g.id === groupId) continue;
      const s = groupInvitation.read(g.invitation);
      if (s.adhoc?.code) others.add(s.adhoc.code);
      if (s.permanent?.key) others.add(s.permanent.key);
    }
    for (let i = 0; i < CODE_TRIES; i++) {
      const code = newCode();
      if (!others.has(code) && !(await repo.invitationCodeTaken(this.deps.db, code))) return code;
    }
    return null;
  }

  /** GET groups/{groupId}/adhoc. */
  async adhocSettings(groupId: string): Promise<AdhocSettings> {
    const { group, settings } = this.groupSettings(groupId);
    const a = settings.adhoc ?? {};
    const mode = a.mode ?? null;
    return {
      groupId,
      mode,
      period: a.period ?? '1d',
      code: mode === null ? null : (a.code ?? null),
      codeCreatedAt: mode === null ? null : (a.codeCreatedAt ?? null),
      version: group.version,
    };
  }

  /**
   * PUT groups/{groupId}/adhoc: turning ad-hoc joining on, or changing its mode or period, draws a
   * new code, as does saving once the code's period is over; off clears it.
   */
  async updateAdhocSettings(groupId: string, body: { mode: AdhocSettings['mode']; period: AdhocPeriod; version: number }): Promise<AdhocSettings> {
    const { group, settings } = this.groupSettings(groupId);
    if (group.version !== body.version) throw new AppError('CONFLICT');
    const held = settings.adhoc ?? {};
    let code = held.code ?? null;
    let codeCreatedAt = held.codeCreatedAt ?? null;
    if (body.mode === null) {
      code = null;
      codeCreatedAt = null;
    } else if (code === null || held.mode !== body.mode || held.period !== body.period || codeExpired(held, this.deps.clock.now())) {
      code = await this.freshCode(groupId);
      if (code === null) throw new AppError('CODE_RESET_FAILED');
      codeCreatedAt = this.deps.clock.date().toISOString();
    }
    await this.saveSettings(group, body.version, { ...settings, adhoc: { ...held, mode: body.mode, period: body.period, code, codeCreatedAt } });
    return this.adhocSettings(groupId);
  }

  /**
   * GET groups/{id}/permanent (a group whose key was never set has none yet: the first save draws
   * it). A key whose regeneration time has passed is renewed first (001 §9 daily, weekly,
   * monthly): the mock has no scheduler, so the renewal happens when the key is next looked at.
   */
  async permanentSettings(groupId: string): Promise<PermanentSettings> {
    await this.renewDueKey(groupId);
    const { group, settings } = this.groupSettings(groupId);
    return this.permanentView(group, settings);
  }

  /** Renew the permanent key when its regeneration time has passed (a concurrent save wins: it is read again). */
  private async renewDueKey(groupId: string): Promise<void> {
    const { group, settings } = this.groupSettings(groupId);
    const p = settings.permanent ?? {};
    if (p.key === undefined || !keyDue(p, this.deps.clock.now())) return;
    const key = await this.freshCode(groupId);
    if (key === null) return; // kept until a key can be drawn
    try {
      await this.saveSettings(group, group.version, { ...settings, permanent: { ...p, key, keyCreatedAt: this.deps.clock.date().toISOString() } });
    } catch (e) {
      if (!(e instanceof AppError && e.code === 'CONFLICT')) throw e;
    }
  }

  private permanentView(group: GroupRow, settings: GroupInvitationColumn): PermanentSettings {
    const p = settings.permanent ?? {};
    const regenerate: PermanentKeyRegeneration = p.regeneration ?? 'never';
    const createdAt = p.key !== undefined ? (p.keyCreatedAt ?? null) : null;
    const every = PERMANENT_REGENERATION_MS[regenerate];
    return {
      groupId: group.id,
      mode: p.mode ?? null,
      regenerate,
      key: createdAt === null ? null : (p.key ?? null),
      keyCreatedAt: createdAt,
      nextRegenerationAt: every === null || createdAt === null ? null : new Date(Date.parse(createdAt) + every).toISOString(),
      version: group.version,
    };
  }

  /**
   * PUT groups/{id}/permanent: the plan type (left out: kept), the regeneration policy; `resetKey`
   * draws a new key now. The reset fails with 001 §8 "code reset failed" when no unused key could
   * be drawn or the new key could not be stored over the version read (the group changed in between).
   */
  async updatePermanentSettings(
    groupId: string,
    body: { mode?: PermanentPlanType | null | undefined; regenerate: PermanentKeyRegeneration; resetKey: boolean; version: number },
  ): Promise<PermanentSettings> {
    const { group, settings } = this.groupSettings(groupId);
    if (group.version !== body.version) throw new AppError('CONFLICT');
    const held = settings.permanent ?? {};
    let key = held.key;
    let keyCreatedAt = held.keyCreatedAt;
    if (body.resetKey || key === undefined || keyCreatedAt === undefined) {
      const fresh = await this.freshCode(groupId);
      if (fresh === null) throw new AppError('CODE_RESET_FAILED');
      key = fresh;
      keyCreatedAt = this.deps.clock.date().toISOString();
    }
    const mode = body.mode === undefined ? (held.mode ?? null) : body.mode;
    await this.saveSettings(
      group,
      body.version,
      { ...settings, permanent: { ...held, mode, key, keyCreatedAt, regeneration: body.regenerate } },
      body.resetKey ? 'CODE_RESET_FAILED' : 'CONFLICT',
    );
    const after = this.groupSettings(groupId);
    return this.permanentView(after.group, after.settings);
  }

  /** The unit's membership of the group; a unit not in the group (or unknown) is 404. */
  private async membership(groupId: string, unitId: string): Promise<{ expiresAt: Date | null }> {
    const link = await repo.findMembership(this.deps.db, groupId, unitId);
    if (!link) throw new AppError('NOT_FOUND');
    return link;
  }

  private expirationView(groupId: string, unitId: string, expiresAt: Date | null): UnitExpiration {
    return { groupId, unitId, expiresAt: expiresAt?.toISOString() ?? null, expired: expiresAt !== null && expiresAt.getTime() <= this.deps.clock.now() };
  }

  /** GET v2/groups/{id}/units/{unitId}/expiration. */
  async unitExpiration(groupId: string, unitId: string): Promise<UnitExpiration> {
    const link = await this.membership(groupId, unitId);
    return this.expirationView(groupId, unitId, link.expiresAt);
  }

  /** PUT v2/groups/{id}/units/{unitId}/expiration: the unit stays for the period from now, or permanently (null). */
  async updateUnitExpiration(groupId: string, unitId: string, period: AdhocPeriod | null): Promise<UnitExpiration> {
    await this.membership(groupId, unitId);
    const expiresAt = period === null ? null : new Date(this.deps.clock.now() + ADHOC_PERIOD_MS[period]);
    const done = await repo.setMembershipExpiry(this.deps.db, groupId, unitId, expiresAt);
    // The unit left the group in between.
    if (done === 0) throw new AppError('NOT_FOUND');
    return this.expirationView(groupId, unitId, expiresAt);
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
      joinUrl: joinPathOf(row.code),
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
  getGroupAdhocSettings: (s, { params }) => s.adhocSettings(params.groupId),
  updateGroupAdhocSettings: (s, { params, body }) => s.updateAdhocSettings(params.groupId, body),
  getGroupPermanentSettings: (s, { params }) => s.permanentSettings(params.id),
  updateGroupPermanentSettings: (s, { params, body }) => s.updatePermanentSettings(params.id, body),
  getGroupUnitExpiration: (s, { params }) => s.unitExpiration(params.id, params.unitId),
  updateGroupUnitExpiration: (s, { params, body }) => s.updateUnitExpiration(params.id, params.unitId, body.period),
});
