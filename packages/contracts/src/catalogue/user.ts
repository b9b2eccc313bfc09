/** The caller's own data: current user, preferences, notifications (spec 000 §7, 001 §7 Other). */
import { z } from 'zod';
import { ALL_ROLES } from '../roles.js';
import { CurrentUser, UserPreferences } from '../entities/user.js';
import { ClientNotification } from '../entities/notification.js';
import { endpoint, type EndpointDef } from './define.js';

export const userEndpoints = {
  getUserPreferences: endpoint({
    method: 'GET',
    path: '/userPreferences',
    summary: "The caller's preferences",
    spec: '000 §7 Unit reads: userPreferences; §3 Preferences',
    roles: ALL_ROLES,
    scope: 'none',
    response: UserPreferences,
  }),
  updateUserPreferences: endpoint({
    method: 'PUT',
    path: '/userPreferences',
    summary: "Merge the given fields into the caller's preferences",
    spec: '000 §7 Unit updates: userPreferences',
    roles: ALL_ROLES,
    scope: 'none',
    body: UserPreferences,
    response: UserPreferences,
  }),
  getCurrentUser: endpoint({
    method: 'GET',
    path: '/users/current',
    summary: 'Current user details',
    spec: '000 §7 Unit reads: current user details',
    roles: ALL_ROLES,
    scope: 'none',
    response: CurrentUser,
  }),
  fetchClientNotifications: endpoint({
    method: 'GET',
    path: '/client_notifications/fetch',
    summary: 'Notifications for the banner (with 2 h / 24 h expiry flags)',
    spec: '000 §7 Unit reads: client_notifications/fetch; 001 §3 Notification',
    roles: ALL_ROLES,
    scope: 'none',
    response: z.array(ClientNotification),
  }),
} as const satisfies Record<string, EndpointDef>;
