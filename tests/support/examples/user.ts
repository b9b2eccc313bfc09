/**
 * Role-matrix examples of the caller's own data (preferences, current user, notifications) (see ../catalogue-examples.ts for what an example is).
 */
import type { userEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const USER_EXAMPLES: { [K in keyof typeof userEndpoints]: Example<K> } = {
  getUserPreferences: { input: () => ({}) },
  updateUserPreferences: { input: () => ({ body: { leftPanelWidth: 300 } }) },
  getCurrentUser: { input: () => ({}) },
  fetchClientNotifications: { input: () => ({}) },
};
