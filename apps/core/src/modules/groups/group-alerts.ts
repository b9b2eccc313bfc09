/**
 * A group's alerts configuration (spec 001 §7 Groups: GET/PUT v2/groups/{id}/alerts/configuration;
 * §4 modes, severities, types and "Email recipient: not verified until the link is clicked (valid
 * 72 hours)"; §9 e-mail link 72 hours). The reading is written down in
 * packages/contracts/src/entities/group-alerts.ts.
 *
 * Storage: the group's AlertConfiguration row (scope "group"): alert types with their severities
 * and thresholds in `alerts`, the group's mode in `settings` (alert-columns.ts groupAlertMode: the
 * row has no column for it), the followed group in `sourceGroupId`, the mailing list in
 * AlertEmailRecipient rows (verified, verificationToken, verificationExpiresAt). Which
 * configuration applies is resolved once for groups and units (alert-configuration.ts), the alert
 * types read once (alerts.ts alertTypeSettings).
 *
 * A new recipient (or one whose link expired, saved again) is sent a verification link through
 * the outbox; the link (routes/recipient-verification.ts, no session) marks it verified.
 */
import { randomBytes } from 'node:crypto';
import {
  ALERT_TYPES,
  AlertType,
  TIMINGS,
  groupTopic,
  type AlertConfigMode,
  type GroupAlertRecipient,
  type GroupAlertsConfiguration,
  type GroupAlertsConfigurationBody,
  type RecipientVerification,
  RULES,
} from '@fleet/contracts';
import { transaction, type Prisma } from '@fleet/db';
import { AppError, validationError } from '../../errors.js';
import { alertTypeSettings as storedAlertTypes } from '../alerts/alert-columns.js';
import { anyObject, parseOr } from '../../platform/storage/json-column.js';
import { unlessTaken } from '../../platform/versioned-write.js';
import { visibleGroup, type AuthUser } from '../../platform/access.js';
import { groupAlertConfiguration, groupModeOf } from '../alerts/alert-configuration.js';
import { alertTypeSettings } from '../alerts/alerts.js';
import type { ServiceDeps } from '../deps.js';
import type { Outbox } from '../../platform/outbox.js';
import { callsOf } from '../../calls.js';
import * as repo from './repository.js';

/** Path of the verification link, under the core prefix. */
export const RECIPIENT_VERIFY_PATH = '/v2/alerts/recipients/verify';

type RecipientRow = Prisma.AlertEmailRecipientGetPayload<object>;

const keyOf = (r: { alertType: string; email: string }) => `${r.alertType}:${r.email.toLowerCase()}`;

function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export function recipientState(r: Pick<RecipientRow, 'verified' | 'verificationExpiresAt'>, now: number): GroupAlertRecipient['state'] {
  if (r.verified) return 'verified';
  return r.verificationExpiresAt !== null && r.verificationExpiresAt.getTime() > now ? 'pending' : 'expired';
}

export class GroupAlertService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly outbox: Outbox,
  ) {}

  /** GET v2/groups/{id}/alerts/configuration (the route checked the group). */
  configuration(groupId: string): GroupAlertsConfiguration {
    const rm = this.deps.readModel;
    const group = rm.groups.get(groupId);
    if (!group) throw new AppError('NOT_FOUND');
    const own = rm.alertConfigurationOf({ groupId });
    const mode = groupModeOf(own);
    const applied = groupAlertConfiguration(rm, groupId);
    const row = applied?.row ?? rm.alertConfigurationOf('default');
    const now = this.deps.clock.now();
    return {
      groupId,
      mode,
      sourceGroupId: mode === 'group' ? (own?.sourceGroupId ?? null) : null,
      source: applied?.source ?? 'default',
      alerts: alertTypeSettings(row?.alerts, applied?.groupThresholds ?? {}),
      ownAlerts: alertTypeSettings(own?.alerts, anyObject.read(group.alertThresholds)),
      recipients: (own?.recipients ?? [])
        .map((r) => ({
          alertType: r.alertType === 'all' ? ('all' as const) : parseOr(AlertType, r.alertType, 'all' as const),
          email: r.email,
          verified: r.verified,
          state: recipientState(r, now),
          verificationExpiresAt: r.verified || r.verificationExpiresAt === null ? null : r.verificationExpiresAt.toISOString(),
        }))
        .sort((a, b) => a.email.localeCompare(b.email) || a.alertType.localeCompare(b.alertType)),
      version: own?.version ?? 0,
    };
  }

  /**
   * PUT v2/groups/{id}/alerts/configuration. Rules: in `group` mode the followed group is another
   * group of the same inventory, visible to the caller and in manual mode (else "Invalid field");
   * `version` must be the configuration's as read (409). New recipients must be deliverable (001 §8
   * "generic email/SMS error, try again"). Nothing is written when a rule fails; the links go out
   * after the commit.
   */
  async update(user: AuthUser, groupId: string, body: GroupAlertsConfigurationBody): Promise<GroupAlertsConfiguration> {
    const rm = this.deps.readModel;
    const group = rm.groups.get(groupId);
    if (!group) throw new AppError('NOT_FOUND');
    if (body.mode === 'group') {
      const followed = body.sourceGroupId === undefined ? undefined : visibleGroup(rm, user, body.sourceGroupId);
      const ok =
        followed !== undefined &&
        followed.id !== groupId &&
        followed.inventoryId === group.inventoryId &&
        groupModeOf(rm.alertConfigurationOf({ groupId: followed.id })) === 'manual';
      if (!ok) throw validationError([{ path: 'body.sourceGroupId', message: RULES.alertSourceGroup }]);
    }
    const current = rm.alertConfigurationOf({ groupId });
    const now = this.deps.clock.now();
    const byKey = new Map((current?.recipients ?? []).map((r) => [keyOf(r), r]));
    // Addresses that get a link: new ones, and unverified ones whose link has expired.
    const toSend = (body.recipients ?? []).filter((r) => {
      const held = byKey.get(keyOf(r));
      return !held || recipientState(held, now) === 'expired';
    });
    this.outbox.assertDeliverable(toSend.map((r) => ({ channel: 'email' as const, to: r.email })));
    const expiresAt = new Date(now + TIMINGS.emailVerificationLinkMs);
    const links: { email: string; alertType: string; token: string }[] = [];
    // A unique violation is two first saves at once (the other one created the group's configuration).
    await unlessTaken(
      () =>
        transaction(this.deps.db, async (tx) => {
          const own = await repo.findGroupAlertConfiguration(tx, groupId);
          if ((own?.version ?? 0) !== body.version) throw new AppError('CONFLICT');
          const alerts = { ...storedAlertTypes.read(own?.alerts) } as Record<string, unknown>;
          for (const t of ALERT_TYPES) {
            const given = body.alerts?.[t];
            if (!given) continue;
            const held = anyObject.read(alerts[t]);
            alerts[t] = { ...held, enabled: given.enabled, level: given.level, ...(given.thresholds ? { thresholds: given.thresholds } : {}) };
          }
          const settings = { ...anyObject.read(own?.settings), groupMode: body.mode satisfies AlertConfigMode };
          const data = {
            alerts: alerts as Prisma.InputJsonValue,
            settings: settings as Prisma.InputJsonValue,
            sourceGroupId: body.mode === 'group' ? (body.sourceGroupId ?? null) : null,
          };
          let configId: string;
          if (own) {
            const done = await repo.updateAlertConfigurationAtVersion(tx, own.id, own.version, data);
            if (done === 0) throw new AppError('CONFLICT');
            configId = own.id;
          } else {
            // "No configuration yet" reads as version 0: the created row is version 1, so a save over 0 made meanwhile is refused.
            configId = await repo.createAlertConfiguration(tx, { scope: 'group', groupId, inventoryId: group.inventoryId, ...data, version: 1 });
          }
          if (body.recipients === undefined) return;
          const wanted = new Set(body.recipients.map(keyOf));
          const gone = (own?.recipients ?? []).filter((r) => !wanted.has(keyOf(r))).map((r) => r.id);
          if (gone.length > 0) await repo.deleteAlertRecipients(tx, configId, gone);
          const held = new Map((own?.recipients ?? []).map((r) => [keyOf(r), r]));
          for (const r of toSend) {
            const token = newToken();
            const prior = held.get(keyOf(r));
            if (prior) {
              await repo.renewRecipientLink(tx, prior.id, configId, token, expiresAt);
            } else {
              await repo.createAlertRecipient(tx, {
                alertConfigurationId: configId,
                alertType: r.alertType,
                email: r.email,
                verified: false,
                verificationToken: token,
                verificationExpiresAt: expiresAt,
              });
            }
            links.push({ email: r.email, alertType: r.alertType, token });
          }
        }),
      () => new AppError('CONFLICT'),
    );
    for (const l of links) {
      // Under the stack's public base (a sandbox's), as an invitation's or a download's link is.
      const link = `${this.deps.config.PUBLIC_BASE}${this.deps.config.CORE_PREFIX}${RECIPIENT_VERIFY_PATH}?token=${encodeURIComponent(l.token)}`;
      this.outbox.send({
        channel: 'email',
        to: l.email,
        subject: `Confirm your e-mail address for ${group.name} alerts`,
        body: `Open this link within 72 hours to receive the ${l.alertType === 'all' ? '' : `${l.alertType} `}alerts of group ${group.name}: ${link}`,
        link,
      });
    }
    return this.announce(groupId);
  }

  /**
   * The verification link (no session: the token is the capability). Unknown token (never sent,
   * or the recipient was removed or sent a newer link): VERIFICATION_LINK_UNKNOWN; an unverified
   * recipient whose 72 hours are over: VERIFICATION_LINK_EXPIRED. Opening it again once verified
   * answers the same success.
   */
  async verifyRecipient(token: string): Promise<RecipientVerification> {
    const row = await repo.findRecipientByToken(this.deps.db, token);
    if (!row) throw new AppError('VERIFICATION_LINK_UNKNOWN');
    const groupId = row.alertConfiguration.groupId;
    const answer: RecipientVerification = {
      email: row.email,
      alertType: row.alertType === 'all' ? 'all' : parseOr(AlertType, row.alertType, 'all' as const),
      groupId,
      verified: true,
    };
    if (row.verified) return answer;
    if (recipientState(row, this.deps.clock.now()) === 'expired') throw new AppError('VERIFICATION_LINK_EXPIRED');
    const done = await repo.markRecipientVerified(this.deps.db, row.id, row.alertConfigurationId, token);
    // Zero rows: removed or sent a newer link meanwhile (a concurrent click of the same link verified it: fine).
    if (done === 0) {
      if (!(await repo.recipientVerified(this.deps.db, token))) throw new AppError('VERIFICATION_LINK_UNKNOWN');
      return answer;
    }
    if (groupId !== null) this.announce(groupId);
    return answer;
  }

  /** Publish the group's configuration on its topic and answer it. */
  private announce(groupId: string): GroupAlertsConfiguration {
    const configuration = this.configuration(groupId);
    this.deps.hub.publish([groupTopic(groupId)], { type: 'groupAlerts.changed', groupId, configuration, at: this.deps.clock.now() });
    return configuration;
  }
}

/** The calls GroupAlertService answers. */
export const groupAlertCalls = callsOf<GroupAlertService>()({
  getGroupAlertsConfiguration: async (s, { params }) => s.configuration(params.id),
  updateGroupAlertsConfiguration: (s, { params, body }, user) => s.update(user, params.id, body),
});
