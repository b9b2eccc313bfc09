/**
 * Shapes of a group's alerts configuration (spec 001 §7 Groups: GET/PUT v2/groups/{id}/alerts/configuration;
 * §3 Group "alert thresholds, email recipients, alerts configuration"; §4 "Alerts configuration modes:
 * automatic (inherit from last group), by group, manual. Severities: warning, critical. Types: battery,
 * cameraDisconnected, serverCpu, serverStorage, bitrateDrop" and "Email recipient: not verified until the
 * link is clicked (valid 72 hours)"; §9 "Email verification link 72 hours").
 *
 * Reading (the spec shows no shapes; this is our stable choice). The modes are the unit's modes
 * (000 §3) seen from the group a unit takes its configuration from:
 * - `automatic`: the group sets nothing of its own; units inheriting from it get its inventory's
 *   configuration, else the platform default. Its own stored settings are kept for a switch back.
 * - `group`: the group follows another group of the same inventory (`sourceGroupId`), which must be
 *   in `manual` mode (one level, no chains).
 * - `manual`: the group's own alert types (on/off, severity, thresholds) and mailing list.
 * Thresholds are percentages 0–100: for battery the critical level is the lower one (an emptier
 * battery is worse), for the other types the higher one. Recipients are verified by a link sent to
 * them (valid 72 hours); the answer shows each one's state.
 */
import { z } from 'zod';
import { ALERT_TYPES, AlertConfigMode, AlertLevel, AlertType } from '../enums.js';
import { VALIDATION } from '../messages.js';
import { RULES } from '../rule-messages.js';
import { statesRules } from '../validation.js';
import { Id, IdParams } from './common.js';
import { AlertTypeSettings } from './unit-alerts.js';
import { UNIT_CONFIG_BOUNDS } from './unit-config-fields.js';

/** Path of the group alerts calls: `id` is the group's id. */
export const GroupAlertsParams = IdParams.strict();

/** Thresholds are percentages (battery left, CPU and storage used, bitrate dropped). */
export const ALERT_THRESHOLD_MIN = 0;
export const ALERT_THRESHOLD_MAX = 100;

const Threshold = z
  .number({ error: VALIDATION.number })
  .int(VALIDATION.integer)
  .min(ALERT_THRESHOLD_MIN, VALIDATION.minValue(ALERT_THRESHOLD_MIN))
  .max(ALERT_THRESHOLD_MAX, VALIDATION.maxValue(ALERT_THRESHOLD_MAX))
  .nullable();

/** One alert type as the group sets it. */
export const GroupAlertTypeUpdate = z
  .object({
    enabled: z.boolean(),
    level: AlertLevel,
    thresholds: z.object({ warning: Threshold, critical: Threshold }).strict().optional(),
  })
  .strict();

/** The states of a mailing-list entry (001 §4: not verified until the link is clicked, valid 72 hours). */
export const RECIPIENT_STATES = ['verified', 'pending', 'expired'] as const;
export const RecipientState = z.enum(RECIPIENT_STATES);

export const GroupAlertRecipientInput = z
  .object({
    alertType: z.union([AlertType, z.literal('all')]).default('all'),
    email: z.email(VALIDATION.invalidEmail).max(255, VALIDATION.max255),
  })
  .strict();

/**
 * PUT v2/groups/{id}/alerts/configuration. `alerts` and `recipients` are the manual settings (kept
 * in every mode; in `automatic` and `group` they are stored for a later switch to manual);
 * `recipients`, when given, replace the mailing list (an address already on it for the same alert
 * type keeps its state; a new one is sent a verification link). `version`: the configuration's,
 * as read (optimistic concurrency).
 */
export const GroupAlertsConfigurationBody = z
  .object({
    mode: AlertConfigMode,
    sourceGroupId: Id.optional(),
    alerts: z.partialRecord(AlertType, GroupAlertTypeUpdate).optional(),
    recipients: z.array(GroupAlertRecipientInput).max(UNIT_CONFIG_BOUNDS.recipientsMax, VALIDATION.maxElements).optional(),
    version: z.number().int().nonnegative(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.mode === 'group' && !b.sourceGroupId) ctx.addIssue({ code: 'custom', path: ['sourceGroupId'], message: VALIDATION.required });
    if (b.mode !== 'group' && b.sourceGroupId) ctx.addIssue({ code: 'custom', path: ['sourceGroupId'], message: RULES.notInThisMode });
    for (const t of ALERT_TYPES) {
      const th = b.alerts?.[t]?.thresholds;
      if (!th || th.warning === null || th.critical === null) continue;
      // Battery: critical below warning; the others: critical above warning.
      const ordered = t === 'battery' ? th.critical < th.warning : th.critical > th.warning;
      if (!ordered) ctx.addIssue({ code: 'custom', path: ['alerts', t, 'thresholds', 'critical'], message: RULES.thresholdsOrder });
    }
    const seen = new Set<string>();
    b.recipients?.forEach((r, i) => {
      const key = `${r.alertType}:${r.email.toLowerCase()}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['recipients', i, 'email'], message: VALIDATION.fieldUnique });
      seen.add(key);
    });
  })
  .meta(
    statesRules(
      { field: 'sourceGroupId', message: VALIDATION.required, rule: 'required in the group mode' },
      { field: 'sourceGroupId', message: RULES.notInThisMode, rule: 'only in the group mode' },
      ...ALERT_TYPES.map((t) => ({
        field: `alerts.${t}.thresholds.critical`,
        message: RULES.thresholdsOrder,
        rule: t === 'battery' ? 'below the warning threshold' : 'above the warning threshold',
      })),
      { field: 'recipients.email', message: VALIDATION.fieldUnique, rule: 'an address once per alert type' },
    ),
  );
export type GroupAlertsConfigurationBody = z.infer<typeof GroupAlertsConfigurationBody>;

/** A mailing-list entry with its verification state. */
export const GroupAlertRecipient = z.object({
  alertType: z.union([AlertType, z.literal('all')]),
  email: z.string(),
  verified: z.boolean(),
  state: RecipientState,
  /** Until when the link sent to a pending recipient works (null once verified). */
  verificationExpiresAt: z.string().nullable(),
});
export type GroupAlertRecipient = z.infer<typeof GroupAlertRecipient>;

/** GET (and PUT) v2/groups/{id}/alerts/configuration: the group's settings and what applies. */
export const GroupAlertsConfiguration = z.object({
  groupId: Id,
  mode: AlertConfigMode,
  /** The group followed in `group` mode, else null. */
  sourceGroupId: z.string().nullable(),
  /** Which stored configuration applies to the group's units: its own, the followed group's, its inventory's, or the platform default. */
  source: z.enum(['group', 'inventory', 'default']),
  /** What applies (per type: on/off, severity, thresholds). */
  alerts: AlertTypeSettings,
  /** The group's own manual settings (what the manual form edits). */
  ownAlerts: AlertTypeSettings,
  /** The group's own mailing list, each entry with its verification state. */
  recipients: z.array(GroupAlertRecipient),
  version: z.number().int(),
});
export type GroupAlertsConfiguration = z.infer<typeof GroupAlertsConfiguration>;

/** GET v2/alerts/recipients/verify?token=…: the link sent to a new recipient (no session). */
/** Tokens are base64url (anything else was not sent by us; e.g. a NUL would not even reach the database). */
export const RecipientVerificationQuery = z
  .object({
    token: z
      .string()
      .min(1)
      .max(128)
      .regex(/^[A-Za-z0-9_-]+$/),
  })
  .strict();
export const RecipientVerification = z.object({
  email: z.string(),
  alertType: z.union([AlertType, z.literal('all')]),
  groupId: z.string().nullable(),
  verified: z.literal(true),
});
export type RecipientVerification = z.infer<typeof RecipientVerification>;
