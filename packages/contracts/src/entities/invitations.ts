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
import { ADHOC_PERIODS, LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { Id, IdParams } from './common.js';
import { UNIT_NAME_PATTERN } from './unit.js';

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
  });
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
