/**
 * One handler per catalogue id. Thin: the input is already parsed, roles and object scope already
 * checked; a handler calls a service and returns the contract's response shape.
 */
import type { EndpointId, EndpointOutput, EndpointParsed } from '@fleet/contracts';
import type { AuthUser } from '../services/access.js';
import type { Services } from '../services/index.js';

export interface HandlerContext {
  user: AuthUser;
  services: Services;
}

export type Handler<K extends EndpointId> = (input: EndpointParsed<K>, ctx: HandlerContext) => Promise<EndpointOutput<K>>;
export type Handlers = { [K in EndpointId]: Handler<K> };

export const handlers: Handlers = {
  fetchDevices: ({ query }, { user, services }) => services.units.list(user, query.group),
  getUnit: ({ params }, { user, services }) => services.units.get(user, params.id),
  startUnitStream: async ({ params, body }, { user, services }) => {
    const { status } = await services.units.startStream(user, params.id, body?.channelId ?? null);
    return { uniqueId: params.id, action: 'start', accepted: true, status };
  },
  stopUnitStream: async ({ params }, { user, services }) => {
    const { status } = await services.units.stopStream(user, params.id);
    return { uniqueId: params.id, action: 'stop', accepted: true, status };
  },
  renameDevice: ({ body }, { user, services }) => services.units.rename(user, body),
  getUserPreferences: (_input, { user, services }) => services.users.preferences(user.id),
  updateUserPreferences: ({ body }, { user, services }) => services.users.updatePreferences(user.id, body),
  getCurrentUser: (_input, { user, services }) => services.users.current(user),
  fetchClientNotifications: (_input, { user, services }) => services.users.notifications(user),
};
