/** Handlers of the unit actions, deletes, social media and CDN streams (spec 000 §7). */
import type { unitActionEndpoints } from '@fleet/contracts';
import type { HandlersFor } from './types.js';

/** Intercom session path parameter "1" | "2" as the session number. */
const sessionOf = (n: '1' | '2'): 1 | 2 => (n === '1' ? 1 : 2);

export const unitActionHandlers: HandlersFor<keyof typeof unitActionEndpoints> = {
  addUnitService: ({ params, body }, { services }) => services.unitActions.addUnitService(params.id, body),
  removeUnitService: ({ params }, { services }) => services.unitActions.removeUnitService(params.id, params.serviceId),

  startMultiCameraStream: ({ params, body }, { services }) => services.unitActions.startMultiCamera(params.id, body),
  stopMultiCameraStream: ({ params }, { services }) => services.unitActions.stopMultiCamera(params.id),
  startSwitcherStream: ({ params, body }, { services }) => services.unitActions.startSwitcher(params.id, body),
  stopSwitcherStream: ({ params }, { services }) => services.unitActions.stopSwitcher(params.id),
  startDatabridge: ({ params, body }, { services }) => services.unitActions.startDatabridge(params.id, body?.gatewayId),
  stopDatabridge: ({ params }, { services }) => services.unitActions.stopDatabridge(params.id),
  startVideoReturn: ({ params, body }, { services }) => services.unitActions.startVideoReturn(params.id, body?.vrChannelId),
  stopVideoReturn: ({ params }, { services }) => services.unitActions.stopVideoReturn(params.id),

  connectIpPipe: ({ params, body }, { services }) => services.unitActions.connectIpPipe(params.id, body?.serverId),
  disconnectIpPipe: ({ params }, { services }) => services.unitActions.disconnectIpPipe(params.id),

  startIntercomSession: ({ params, body }, { services }) => services.unitActions.startIntercom(params.id, sessionOf(params.n), body),
  stopIntercomSession: ({ params }, { services }) => services.unitActions.stopIntercom(params.id, sessionOf(params.n)),

  shutdownUnit: ({ params }, { services }) => services.unitActions.shutdown(params.id),

  uploadUnitFiles: ({ params, body }, { services }) => services.unitActions.uploadFiles(params.id, body),
  deleteUnitFiles: ({ params, body }, { user, services }) => services.unitActions.deleteFiles(user, params.id, body.paths),

  removeUnitPairing: ({ params }, { services }) => services.unitActions.removePairing(params.id),

  startFetchLogs: ({ params, body }, { user, services }) => services.unitActions.startFetchLogs(user, params.id, body),
  stopFetchLogs: ({ params }, { services }) => services.unitActions.stopFetchLogs(params.id),

  startSocialMediaStream: ({ params, body }, { services }) => services.unitActions.startExternalStream(params.id, 'social_media', body),
  stopSocialMediaStream: ({ params }, { services }) => services.unitActions.stopExternalStream(params.id, 'social_media'),
  startCdnStream: ({ params, body }, { services }) => services.unitActions.startExternalStream(params.id, 'cdn', body),
  stopCdnStream: ({ params }, { services }) => services.unitActions.stopExternalStream(params.id, 'cdn'),

  updateUserContact: async ({ body }, { user, services }) => {
    await services.unitActions.updateUserContact(user, body);
    return services.unitReads.userContact(user);
  },
};
