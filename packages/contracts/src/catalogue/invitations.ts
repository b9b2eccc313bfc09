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
 */
import { BROADER_ROLES } from '../roles.js';
import {
  CreateGuestInvitationBody, GroupIdParams, GuestInvitation, InvitationDelivery, SendInvitationEmailBody, SendInvitationSmsBody,
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
    summary: "Send an open invitation of the group to an e-mail address",
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
} as const satisfies Record<string, EndpointDef>;
