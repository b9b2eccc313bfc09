/** User accounts (spec 001 §3 User, §5 user rules, §6): list, create, update, deactivate, delete, inventories and groups, password policy. */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class UserAccountService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const userAccountCalls = callsOf<UserAccountService>()({});
