/**
 * Role-matrix examples of the account calls (see ../catalogue-examples.ts for what an example is).
 */
import type { accountEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';
import { DEMO_PASSWORD } from '../stack.js';

export const ACCOUNT_EXAMPLES: { [K in keyof typeof accountEndpoints]: Example<K> } = {
  // The role's user sets the password it has (it meets the rule): later log-ins of the role still work.
  changeOwnPassword: { input: () => ({ body: { oldPassword: DEMO_PASSWORD, password: DEMO_PASSWORD, passwordConfirmation: DEMO_PASSWORD } }) },
  getOwnPasswordExpiry: { input: () => ({}) },
  dismissOwnPasswordExpiry: { input: () => ({}) },
};
