import type { userEndpoints } from '@fleet/contracts';
import type { HandlersFor } from './types.js';

export const userHandlers: HandlersFor<keyof typeof userEndpoints> = {
  getUserPreferences: (_input, { user, services }) => services.users.preferences(user.id),
  updateUserPreferences: ({ body }, { user, services }) => services.users.updatePreferences(user.id, body),
  getCurrentUser: (_input, { user, services }) => services.users.current(user),
  fetchClientNotifications: (_input, { user, services }) => services.users.notifications(user),
};
