/**
 * Guest interview invitations of a group (spec 001 §7 Groups: POST groups/{id}/invitation, email,
 * sms; 000 §2 / 001 §2 "guest interview invite"). Shapes and the reading: ../entities/invitations.ts.
 *
 * Roles: BROADER_ROLES — the manage roles that run groups (001 §2/§6) plus luc_regular and staff:
 * the operators who run a unit's interviews invite its guests (the dialog opens from the unit
 * detail). Read-only users never; viewer and limited roles (a freelancer is the invited kind of
 * user) neither.
 *
 * Scope: the group must be visible to the caller (global users: every group; others: their groups
 * and the groups of their inventories); an unknown or foreign group answers 404 (checked by the
 * service, after the body's validation).
 *
 * The "Add LU-Smart/Lite" modal's ad-hoc and permanent tabs and a unit's expiration in a group
 * (GET/PUT groups/{groupId}/adhoc, groups/{id}/permanent, v2/groups/{id}/units/{unitId}/expiration)
 * are calls of the /groups screen: MANAGE_ROLES (001 §2), scoped to the group by the route.
 *
 * Joining with a code (POST groups/join; the spec shows no call for it, the reading is written
 * down in ../entities/invitations.ts): JOIN_ROLES, no object scope — the code names the group, and
 * whoever holds it may join (that is what an invitation is).
 */
import { BROADER_ROLES, JOIN_ROLES, MANAGE_ROLES } from '../roles.js';
import {
  AdhocGroupParams,
  AdhocSettings,
  AdhocSettingsBody,
  CreateGuestInvitationBody,
  GroupIdParams,
  GuestInvitation,
  InvitationDelivery,
  JoinedDevice,
  JoinGroupBody,
  PermanentSettings,
  PermanentSettingsBody,
  SendInvitationEmailBody,
  SendInvitationSmsBody,
  UnitExpiration,
  UnitExpirationBody,
  UnitExpirationParams,
} from '../entities/invitations.js';
import { endpoint, type EndpointDef } from './define.js';

export const invitationEndpoints = {
  createGroupInvitation: endpoint({
    method: 'POST',
    path: '/groups/{id}/invitation',
    summary: 'Invite a guest to an interview in the group (ad-hoc invitation sent by e-mail and/or SMS)',
    spec: '001 §7 Groups: POST groups/{id}/invitation; 000 §2 guest interview invite; 001 §5 ad-hoc invite; 001 §9 ad-hoc periods',
    roles: BROADER_ROLES,
    scope: 'none',
    params: GroupIdParams,
    body: CreateGuestInvitationBody,
    response: GuestInvitation,
    successStatus: 201,
  }),
  sendGroupInvitationEmail: endpoint({
    method: 'POST',
    path: '/groups/{id}/email',
    summary: 'Send an open invitation of the group to an e-mail address',
    spec: '001 §7 Groups: POST groups/{id}/email; 001 §5 email format; 001 §8 generic email/SMS error',
    roles: BROADER_ROLES,
    scope: 'none',
    params: GroupIdParams,
    body: SendInvitationEmailBody,
    response: InvitationDelivery,
  }),
  sendGroupInvitationSms: endpoint({
    method: 'POST',
    path: '/groups/{id}/sms',
    summary: 'Send an open invitation of the group to a phone number by SMS',
    spec: '001 §7 Groups: POST groups/{id}/sms; 001 §5 phone digits only; 001 §8 generic email/SMS error',
    roles: BROADER_ROLES,
    scope: 'none',
    params: GroupIdParams,
    body: SendInvitationSmsBody,
    response: InvitationDelivery,
  }),
  getGroupAdhocSettings: endpoint({
    method: 'GET',
    path: '/groups/{groupId}/adhoc',
    summary: "The group's ad-hoc joining settings: mode (ad-hoc plan type, or off), period, current code",
    spec: '001 §7 Groups: GET groups/{groupId}/adhoc (mode); 001 §2 add LU-Smart/Lite ad-hoc tab; 001 §3 plan types; 001 §9 ad-hoc periods',
    roles: MANAGE_ROLES,
    scope: 'group',
    scopeParam: 'groupId',
    params: AdhocGroupParams,
    response: AdhocSettings,
  }),
  updateGroupAdhocSettings: endpoint({
    method: 'PUT',
    path: '/groups/{groupId}/adhoc',
    summary: "Save the group's ad-hoc joining settings; turning it on or changing its mode or period draws a new code",
    spec: '001 §7 Groups: PUT groups/{groupId}/adhoc (mode); 001 §2 add LU-Smart/Lite ad-hoc tab; 001 §9 ad-hoc periods',
    roles: MANAGE_ROLES,
    scope: 'group',
    scopeParam: 'groupId',
    params: AdhocGroupParams,
    body: AdhocSettingsBody,
    response: AdhocSettings,
  }),
  getGroupPermanentSettings: endpoint({
    method: 'GET',
    path: '/groups/{id}/permanent',
    summary: "The group's permanent key and how often it is regenerated",
    spec: '001 §7 Groups: GET groups/{id}/permanent; 001 §2 add LU-Smart/Lite permanent tab; 001 §9 permanent key regeneration',
    roles: MANAGE_ROLES,
    scope: 'group',
    params: GroupIdParams,
    response: PermanentSettings,
  }),
  updateGroupPermanentSettings: endpoint({
    method: 'PUT',
    path: '/groups/{id}/permanent',
    summary: "Set how often the group's permanent key is regenerated (never, daily, weekly, monthly), or regenerate it now",
    spec: '001 §7 Groups: PUT groups/{id}/permanent (regenerate); 001 §9 permanent key regeneration; 001 §8 code reset failed',
    roles: MANAGE_ROLES,
    scope: 'group',
    params: GroupIdParams,
    body: PermanentSettingsBody,
    response: PermanentSettings,
  }),
  getGroupUnitExpiration: endpoint({
    method: 'GET',
    path: '/v2/groups/{id}/units/{unitId}/expiration',
    summary: 'Until when a unit stays in the group (null: permanently)',
    spec: '001 §7 Groups: GET v2/groups/{id}/units/{unitId}/expiration; 001 §9 ad-hoc periods',
    roles: MANAGE_ROLES,
    scope: 'group',
    params: UnitExpirationParams,
    response: UnitExpiration,
  }),
  updateGroupUnitExpiration: endpoint({
    method: 'PUT',
    path: '/v2/groups/{id}/units/{unitId}/expiration',
    summary: 'Let a unit of the group stay for an ad-hoc period from now, or clear its expiry (null)',
    spec: '001 §7 Groups: PUT v2/groups/{id}/units/{unitId}/expiration; 001 §9 ad-hoc periods',
    roles: MANAGE_ROLES,
    scope: 'group',
    params: UnitExpirationParams,
    body: UnitExpirationBody,
    response: UnitExpiration,
  }),
  joinGroupWithCode: endpoint({
    method: 'POST',
    path: '/groups/join',
    summary: "Join a group with an invitation code: an LU-Smart or LU-Lite becomes a unit of the code's group under its plan type",
    spec: '001 §1 guests and freelancers take part through ad-hoc or permanent invitations; §2 easy-live page, add LU-Smart/Lite; §3 plan types; §5 device name; §9 ad-hoc periods, trial 30 days (path chosen: groups/join)',
    roles: JOIN_ROLES,
    scope: 'none',
    body: JoinGroupBody,
    response: JoinedDevice,
    successStatus: 201,
  }),
} as const satisfies Record<string, EndpointDef>;
