/**
 * The signed-in user's own account (spec 000 §2 user menu account and preferences; §5 new password rules; spec 001 §8 old password does not match; §6 password expiry within 14 days).
 *
 * The spec shows the rules, not the calls; these are what the account modal and the password
 * change page need. Every console user acts on their own account only (no id in the path). Names,
 * e-mail and contact are the existing PUT users/current and user/contact calls; the preferences
 * are userPreferences.
 */
import { ALL_ROLES } from '../roles.js';
import { ChangeOwnPasswordBody, PasswordChanged, PasswordExpiry } from '../entities/account.js';
import { endpoint, type EndpointDef } from './define.js';

const own = { roles: ALL_ROLES, scope: 'none' } as const;

export const accountEndpoints = {
  changeOwnPassword: endpoint({
    method: 'PUT',
    path: '/users/current/password',
    summary: "Change the caller's own password (old, new, confirmation); the expiry restarts by the user's policy and the user's other sessions end",
    spec: "001 §5 new password at least 8 characters with upper, lower, digit and/or punctuation, the two entries must match; §8 'old password does not match'",
    ...own,
    body: ChangeOwnPasswordBody,
    response: PasswordChanged,
  }),
  getOwnPasswordExpiry: endpoint({
    method: 'GET',
    path: '/users/current/password/expiry',
    summary: "When the caller's password expires, whether that is within the 14-day warning, and whether they dismissed the warning",
    spec: '000 §6 passwords within 14 days of expiry send the user to a login page for change unless dismissed; §9 password expiry warning 14 days',
    ...own,
    response: PasswordExpiry,
  }),
  dismissOwnPasswordExpiry: endpoint({
    method: 'POST',
    path: '/users/current/password/expiry/dismiss',
    summary: 'Keep the current password for now: the console stops sending the caller to the change page until the password changes',
    spec: '000 §6 ... unless dismissed',
    ...own,
    response: PasswordExpiry,
  }),
} as const satisfies Record<string, EndpointDef>;
