import type { unitEndpoints } from '@fleet/contracts';
import type { HandlersFor } from './types.js';

export const unitHandlers: HandlersFor<keyof typeof unitEndpoints> = {
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
};
