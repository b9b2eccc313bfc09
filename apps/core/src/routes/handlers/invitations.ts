/** Handlers of the guest invitation calls (spec 001 §7 Groups: invitation, email, sms). */
import type { invitationEndpoints } from '@fleet/contracts';
import type { HandlersFor } from './types.js';

export const invitationHandlers: HandlersFor<keyof typeof invitationEndpoints> = {
  createGroupInvitation: ({ params, body }, { user, services }) => services.invitations.createGuestInvitation(user, params.id, body),
  sendGroupInvitationEmail: ({ params, body }, { user, services }) => services.invitations.sendEmail(user, params.id, body),
  sendGroupInvitationSms: ({ params, body }, { user, services }) => services.invitations.sendSms(user, params.id, body),
};
