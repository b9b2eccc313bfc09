/**
 * The signed-in user's own account (spec 000 §2 user menu account and preferences; §5 new password rules; spec 001 §8 old password does not match; §6 password expiry within 14 days).
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class AccountService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const accountCalls = callsOf<AccountService>()({});
