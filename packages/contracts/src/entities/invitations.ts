/**
 * Guest interview invitations of a group (spec 001 §7 Groups: POST groups/{id}/invitation, email,
 * sms; spec 000 §2 and 001 §2 "guest interview invite"; 001 §1 "Guests and freelancers take part
 * through ad-hoc or permanent invitations"; 001 §5 "Ad-hoc invite: phone digits only, email format,
 * device name unique"; 001 §9 "Ad-hoc periods 1 day, 3 days, 1 week, 1 month").
 *
 * Reading: a guest interview invite is an AD-HOC invitation (plan ADHOC) of one guest to a group.
 * The guest joins with a device (the smart-phone app) named after them — the "device name" of the
 * ad-hoc rule, so it follows the device-name characters (letters, numbers, underscores, hyphens)
 * and is unique: neither a unit's name nor the device name of another open invitation (the unit
 * rename rule and message, 409 NAME_IN_USE). The invitation carries a code and a join link;
 * it is sent to the guest's e-mail address and/or phone number (at least one), and can be sent
 * again later through POST email / sms. It expires after the chosen ad-hoc period.
 * The spec shows none of these shapes; the schemas below are our stable choice.
 */
import { z } from 'zod';
import { ADHOC_PERIODS, LIMITS, PERMANENT_KEY_REGENERATION } from '../constants.js';
import { PLAN_TYPES } from '../enum-values.js';
import { VALIDATION } from '../messages.js';
import { statesRules } from '../validation.js';
import { Id, IdParams } from './common.js';
import { UNIT_NAME_PATTERN } from '../entity-values.js';

/** Longest phone number accepted (E.164 has at most 15 digits). */
export const GUEST_PHONE_MAX = 15;
/** Longest personal message sent with an invitation. */
export const GUEST_MESSAGE_MAX = 1024;

/** Path of the group calls: `id` is the group's id. */
export const GroupIdParams = IdParams.strict();

/** The guest's device name: device-name characters (001 §5), 1–255 characters. */
export const GuestDeviceName = z
  .string({ error: VALIDATION.required })
  .min(1, VALIDATION.required)
  .max(LIMITS.genericNameMax, VALIDATION.max255)
  .regex(UNIT_NAME_PATTERN, VALIDATION.unitNameCharacters);
/** 001 §5 "email format" (Invalid email format). */
export const GuestEmail = z.email(VALIDATION.invalidEmail).max(LIMITS.genericNameMax, VALIDATION.max255);
/** 001 §5 "phone digits only" (Must only contain numeric characters). */
export const GuestPhone = z
  .string()
  .min(1, VALIDATION.required)
  .regex(/^[0-9]*$/, VALIDATION.numericOnly)
  .max(GUEST_PHONE_MAX, VALIDATION.maxChars(GUEST_PHONE_MAX));

export const AdhocPeriod = z.enum(ADHOC_PERIODS);
export type AdhocPeriod = z.infer<typeof AdhocPeriod>;

/** How long each ad-hoc period lasts, in ms (001 §9: 1 day, 3 days, 1 week, 1 month = 30 days). */
export const ADHOC_PERIOD_MS: Record<AdhocPeriod, number> = {
  '1d': 86_400_000,
  '3d': 3 * 86_400_000,
  '1w': 7 * 86_400_000,
  '1m': 30 * 86_400_000,
};

/**
 * POST groups/{id}/invitation: invite a guest to an interview in the group. `email` and/or `phone`
 * (at least one: where the invitation is sent); `unitId` the unit the interview is with (a unit of
 * the group, optional); `period` how long the invitation stays valid (default 1 day); `message` a
 * personal note sent with the invitation (not stored).
 */
export const CreateGuestInvitationBody = z
  .object({
    deviceName: GuestDeviceName,
    email: GuestEmail.optional(),
    phone: GuestPhone.optional(),
    message: z.string().max(GUEST_MESSAGE_MAX, VALIDATION.maxChars(GUEST_MESSAGE_MAX)).optional(),
    period: AdhocPeriod.default('1d'),
    unitId: Id.optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.email === undefined && b.phone === undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: VALIDATION.required });
  })
  .meta(statesRules({ field: 'email', message: VALIDATION.required, rule: 'an e-mail address or a phone number, at least one' }));
export type CreateGuestInvitationBody = z.infer<typeof CreateGuestInvitationBody>;

/** POST groups/{id}/email: send an open invitation of the group (again) to an e-mail address. */
export const SendInvitationEmailBody = z.object({ invitationId: Id, email: GuestEmail }).strict();
/** POST groups/{id}/sms: send an open invitation of the group (again) to a phone number. */
export const SendInvitationSmsBody = z.object({ invitationId: Id, phone: GuestPhone }).strict();

export const INVITATION_CHANNELS = ['email', 'sms'] as const;
export const InvitationChannel = z.enum(INVITATION_CHANNELS);

/** One sending of an invitation. */
export const InvitationDelivery = z.object({
  invitationId: Id,
  channel: InvitationChannel,
  to: z.string(),
  sentAt: z.string(),
});
export type InvitationDelivery = z.infer<typeof InvitationDelivery>;

/** A guest invitation as the console shows it after creating it. */
export const GuestInvitation = z.object({
  id: Id,
  groupId: Id,
  groupName: z.string(),
  /** Always ADHOC for a guest interview (plan types of 001 §3). */
  planType: z.string(),
  deviceName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  unitId: z.string().nullable(),
  period: AdhocPeriod,
  /** The code the guest enters in the app (8 characters, upper-case letters and digits). */
  code: z.string(),
  /** The link the guest opens (relative to the console: the easy-live entry page with the code). */
  joinUrl: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** Where the invitation was sent on creation. */
  deliveries: z.array(InvitationDelivery),
});
export type GuestInvitation = z.infer<typeof GuestInvitation>;

// ── Ad-hoc and permanent invitation settings of a group, unit expiration ──────────────────────
//
// Spec 001 §7 Groups: GET/PUT groups/{groupId}/adhoc (mode), GET/PUT groups/{id}/permanent
// (regenerate), GET/PUT v2/groups/{id}/units/{unitId}/expiration; §2 "add LU-Smart/Lite (ad-hoc,
// permanent, settings tabs)"; §3 plan types; §9 ad-hoc periods and permanent key regeneration.
// Reading: the "Add LU-Smart/Lite" modal invites a smart-phone (LU-Smart) or lite unit into the
// group. Its ad-hoc tab sets the group's ad-hoc joining: `mode`, the ad-hoc plan type units join
// under (ADHOC, ADHOC_SMART, ADHOC_LITE; null = ad-hoc joining off), the period (1 day … 1 month)
// for which the current code is valid and a unit that joins with it stays, and that code; its
// permanent tab the permanent plan type units join under (PERMANENT, PERMANENT_SMART,
// PERMANENT_LITE; null = permanent joining off), the group's permanent key and how often it is
// regenerated (never, daily, weekly, monthly). Both live in the group's `invitation` column
// ({ adhoc: { mode, period, code }, permanent: { mode, key, regeneration } }); `version` is the
// group's (a save bumps it, and so does a unit joining: a concurrent save answers 409).
// A plan type says which devices may join under it: ADHOC and PERMANENT take an LU-Smart or an
// LU-Lite, the _SMART ones an LU-Smart only, the _LITE ones an LU-Lite only.

/** Spec 001 §3 plan types. */
export const PlanType = z.enum(PLAN_TYPES);
export type PlanType = z.infer<typeof PlanType>;
export const ADHOC_PLAN_TYPES = ['ADHOC', 'ADHOC_SMART', 'ADHOC_LITE'] as const;
export const AdhocPlanType = z.enum(ADHOC_PLAN_TYPES);
export type AdhocPlanType = z.infer<typeof AdhocPlanType>;
export const PERMANENT_PLAN_TYPES = ['PERMANENT', 'PERMANENT_SMART', 'PERMANENT_LITE'] as const;
export const PermanentPlanType = z.enum(PERMANENT_PLAN_TYPES);
export type PermanentPlanType = z.infer<typeof PermanentPlanType>;
export const PermanentKeyRegeneration = z.enum(PERMANENT_KEY_REGENERATION);
export type PermanentKeyRegeneration = z.infer<typeof PermanentKeyRegeneration>;

/** How often each regeneration policy renews the permanent key, in ms (a month = 30 days, as the ad-hoc month). */
export const PERMANENT_REGENERATION_MS: Record<PermanentKeyRegeneration, number | null> = {
  never: null,
  daily: 86_400_000,
  weekly: 7 * 86_400_000,
  monthly: 30 * 86_400_000,
};

/** Path of GET/PUT groups/{groupId}/adhoc (the spec names the parameter groupId). */
export const AdhocGroupParams = z.object({ groupId: Id }).strict();

export const AdhocSettings = z.object({
  groupId: Id,
  /** The ad-hoc plan type units join under; null: ad-hoc joining is off. */
  mode: AdhocPlanType.nullable(),
  period: AdhocPeriod,
  /** The code a unit joins with while ad-hoc joining is on (null when off). */
  code: z.string().nullable(),
  codeCreatedAt: z.string().nullable(),
  version: z.number().int(),
});
export type AdhocSettings = z.infer<typeof AdhocSettings>;

/** PUT groups/{groupId}/adhoc: turning ad-hoc joining on, or changing its mode or period, draws a new code. */
export const AdhocSettingsBody = z.object({ mode: AdhocPlanType.nullable(), period: AdhocPeriod, version: z.number().int().nonnegative() }).strict();

export const PermanentSettings = z.object({
  groupId: Id,
  /** The permanent plan type units join under; null: permanent joining is off (the key admits no one). */
  mode: PermanentPlanType.nullable(),
  regenerate: PermanentKeyRegeneration,
  /** The key a unit joins with permanently (null until the first save draws one). */
  key: z.string().nullable(),
  keyCreatedAt: z.string().nullable(),
  /** When the key is next renewed (null for never). */
  nextRegenerationAt: z.string().nullable(),
  version: z.number().int(),
});
export type PermanentSettings = z.infer<typeof PermanentSettings>;

/**
 * PUT groups/{id}/permanent: the regeneration policy; `resetKey` draws a new key now; `mode` the
 * permanent plan type (null: off; left out: the one held stays).
 */
export const PermanentSettingsBody = z
  .object({
    mode: PermanentPlanType.nullable().optional(),
    regenerate: PermanentKeyRegeneration,
    resetKey: z.boolean().default(false),
    version: z.number().int().nonnegative(),
  })
  .strict();

/** Path of the unit expiration calls. */
export const UnitExpirationParams = z.object({ id: Id, unitId: Id }).strict();
/** A unit's membership of the group: permanent (expiresAt null) or until a date. */
export const UnitExpiration = z.object({
  groupId: Id,
  unitId: Id,
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
});
export type UnitExpiration = z.infer<typeof UnitExpiration>;
/** PUT …/expiration: an ad-hoc period from now (001 §9), or null to clear it. */
export const UnitExpirationBody = z.object({ period: AdhocPeriod.nullable() }).strict();

// ── Joining a group with a code ────────────────────────────────────────────────────────────────
//
// Spec 001 §1 "Guests and freelancers take part through ad-hoc or permanent invitations"; §2 the
// easy-live entry page and "add LU-Smart/Lite (ad-hoc, permanent ...)"; §3 plan types; §9 ad-hoc
// periods and "Trial 30 days for LU-Smart and LU-Lite". The spec shows no call for the joining
// itself; our reading (POST groups/join): a device — an LU-Smart or LU-Lite, or the person on the
// easy-live page the invitation's link opens — gives the code it was sent and the name it takes,
// and becomes a unit of the code's group (and of the group's inventory) under the code's plan type:
// - a guest interview invitation's code (POST groups/{id}/invitation): once, before it expires; the
//   device takes the invited device name unless it gives one; it stays for the invitation's period;
// - the group's ad-hoc code: while ad-hoc joining is on and the code is within its period; the
//   device stays for the period from its joining (its expiration, v2/groups/{id}/units/{unitId}/expiration);
// - the group's permanent key: while permanent joining is on and the key is not due for
//   regeneration; the device stays permanently.
// A code that is none of these (wrong, used, expired, regenerated, joining off) is an invalid field
// (001 §5 "Invalid field"), as is a device its plan type does not admit; the device name follows the
// unit name rules (001 §5 device name characters and uniqueness: "Name already in use"). Nothing is
// written when a rule fails.

/** The console page a code's link opens (000 §2 easy-live entry page) and the query parameter that carries the code. */
export const JOIN_PAGE = { path: '/easy_live', codeParam: 'invitation' } as const;

/**
 * The link of a code, relative to the console: the easy-live page with the code filled in. It says
 * to ignore the route default (000 §2 navigation), so a signed-in user who opens it lands on that
 * page rather than on the last route they saved.
 */
export function joinPathOf(code: string): string {
  return `${JOIN_PAGE.path}?${JOIN_PAGE.codeParam}=${encodeURIComponent(code)}&ignoreRouteDefault=1`;
}

/** The devices that join with a code (001 §2 "add LU-Smart/Lite"). */
export const JOIN_PRODUCT_TYPES = ['LU-Smart', 'LU-Lite'] as const;
export const JoinProductType = z.enum(JOIN_PRODUCT_TYPES);
export type JoinProductType = z.infer<typeof JoinProductType>;
/** Longest code accepted (codes are 8 characters; a pasted one may carry spaces). */
export const JOIN_CODE_MAX = 64;

/** POST groups/join. */
export const JoinGroupBody = z
  .object({
    code: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(JOIN_CODE_MAX, VALIDATION.maxChars(JOIN_CODE_MAX)),
    /** Required with a group's code; a guest invitation's device takes the invited name when left out. */
    deviceName: GuestDeviceName.optional(),
    productType: JoinProductType,
  })
  .strict();
export type JoinGroupBody = z.infer<typeof JoinGroupBody>;

/** The unit a device became by joining. */
export const JoinedDevice = z.object({
  unitId: Id,
  name: z.string(),
  productType: JoinProductType,
  groupId: Id,
  groupName: z.string(),
  inventoryId: Id,
  planType: PlanType,
  /** When the unit leaves the group (null: permanently). */
  expiresAt: z.string().nullable(),
  joinedAt: z.string(),
});
export type JoinedDevice = z.infer<typeof JoinedDevice>;
