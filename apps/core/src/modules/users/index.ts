/**
 * Users: the users' list and accounts (users.ts), the admin's account
 * calls (user-accounts.ts), the caller's own account (account.ts).
 */
import { bind } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import { AccountService, accountCalls } from './account.js';
import { UserAccountService, userAccountCalls } from './user-accounts.js';
import { UserService, userCalls } from './users.js';

/** The users module's services. */
export function create(deps: ServiceDeps) {
  const users = new UserService(deps.db, deps.config.WS_LIBRARY, deps.businessClock);
  return { users, userAccounts: new UserAccountService(deps), account: new AccountService(deps, users) };
}

export type UsersServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [
  bind((s: UsersServices) => s.users, userCalls),
  bind((s: UsersServices) => s.userAccounts, userAccountCalls),
  bind((s: UsersServices) => s.account, accountCalls),
] as const;
