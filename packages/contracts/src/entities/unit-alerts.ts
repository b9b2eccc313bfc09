/**
 * The alert settings of a unit (spec 000 §3 Alerts, §9 defaults): per-type levels and thresholds,
 * the mailing list, and the configuration that applies to a unit in each mode.
 */
import { z } from 'zod';
import { ALERT_TYPES, AlertConfigMode, AlertLevel, AlertType } from '../enums.js';
import { DEFAULT_ALERT_SETTINGS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { Id } from './common.js';

/** The spec 000 §9 default alert settings, as an object schema with every flag. */
export const AlertSettings = z.object(
  Object.fromEntries(Object.keys(DEFAULT_ALERT_SETTINGS).map((k) => [k, z.boolean()])) as Record<keyof typeof DEFAULT_ALERT_SETTINGS, z.ZodBoolean>,
);
export type AlertSettings = z.infer<typeof AlertSettings>;
export const AlertSoundSettings = z.object({ critical: z.boolean(), warning: z.boolean() });

export const AlertThresholds = z.object({ warning: z.number().nullable(), critical: z.number().nullable() });
/** One alert type's configuration. */
export const AlertTypeSetting = z.object({
  enabled: z.boolean(),
  level: AlertLevel,
  thresholds: AlertThresholds,
});
export type AlertTypeSetting = z.infer<typeof AlertTypeSetting>;
export const AlertTypeSettings = z.object(Object.fromEntries(ALERT_TYPES.map((t) => [t, AlertTypeSetting])) as Record<AlertType, typeof AlertTypeSetting>);
export type AlertTypeSettings = z.infer<typeof AlertTypeSettings>;

/**
 * Per-type defaults where no stored configuration says otherwise (the spec lists the types and
 * levels, not defaults): every type on; battery, server CPU and storage critical; camera and
 * bitrate drop warning; thresholds in percent.
 */
export const DEFAULT_ALERT_TYPE_SETTINGS: AlertTypeSettings = {
  battery: { enabled: true, level: 'critical', thresholds: { warning: 30, critical: 10 } },
  cameraDisconnected: { enabled: true, level: 'warning', thresholds: { warning: null, critical: null } },
  serverCpu: { enabled: true, level: 'critical', thresholds: { warning: 80, critical: 95 } },
  serverStorage: { enabled: true, level: 'critical', thresholds: { warning: 80, critical: 95 } },
  bitrateDrop: { enabled: true, level: 'warning', thresholds: { warning: 50, critical: 80 } },
};

/** A mailing-list entry (spec 000 §3 "Each has a mailing list of e-mail recipients"). */
export const AlertRecipient = z.object({
  alertType: z.union([AlertType, z.literal('all')]),
  email: z.string(),
  verified: z.boolean(),
});

/**
 * GET v2/units/{id}/alerts/configuration (and possibleconfiguration): the configuration that
 * applies to the unit in `mode`, and where it comes from. Modes (spec 000 §3): automatic = inherit
 * from the unit's last group; group = the chosen group's; manual = the unit's own.
 */
export const UnitAlertsConfiguration = z.object({
  uniqueId: Id,
  mode: AlertConfigMode,
  /** The group whose configuration applies (automatic and group modes); null otherwise. */
  groupId: z.string().nullable(),
  /** Which stored configuration answered: the unit's, a group's, an inventory's, or the platform default. */
  source: z.enum(['unit', 'group', 'inventory', 'default']),
  alerts: AlertTypeSettings,
  settings: AlertSettings,
  soundSettings: AlertSoundSettings,
  recipients: z.array(AlertRecipient),
});
export type UnitAlertsConfiguration = z.infer<typeof UnitAlertsConfiguration>;
export const PossibleAlertsConfigurationQuery = z
  .object({
    // A missing mode is "required", an unknown one "invalid" (the enum's own issue does not tell them apart).
    mode: z.enum(AlertConfigMode.options, { error: (issue) => (issue.input === undefined ? VALIDATION.required : VALIDATION.invalidField) }),
    groupId: Id.optional(),
  })
  .strict();
