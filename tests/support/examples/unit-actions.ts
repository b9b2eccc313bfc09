/**
 * Role-matrix examples of the unit actions (see ../catalogue-examples.ts for what an example is).
 */
import type { unitActionEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const UNIT_ACTIONS_EXAMPLES: { [K in keyof typeof unitActionEndpoints]: Example<K> } = {
  addUnitService: { input: (r) => ({ params: { id: r.unit }, body: { serviceName: 'tally', tier: 'pro2' } }) },
  // Removing needs the service to be there (whichever row ran before).
  removeUnitService: { input: (r) => ({ params: { id: r.unit, serviceId: 'tally' } }), setup: (w) => w.unitHasService('tally') },
  startMultiCameraStream: { input: (r) => ({ params: { id: r.unit }, body: { numberOfFeeds: 2, channelIds: [r.channel] } }) },
  stopMultiCameraStream: { input: (r) => ({ params: { id: r.unit } }), setup: (w) => w.running('multiCamera') },
  startSwitcherStream: { input: (r) => ({ params: { id: r.unit }, body: { mode: 'switcher', highQualityChannelId: r.channel } }) },
  stopSwitcherStream: { input: (r) => ({ params: { id: r.unit } }), setup: (w) => w.running('switcher') },
  startDatabridge: { input: (r) => ({ params: { id: r.unit }, body: { gatewayId: r.gateway } }) },
  stopDatabridge: { input: (r) => ({ params: { id: r.unit } }), setup: (w) => w.running('databridge') },
  startVideoReturn: { input: (r) => ({ params: { id: r.unit }, body: { vrChannelId: r.vrChannel } }) },
  stopVideoReturn: { input: (r) => ({ params: { id: r.unit } }), setup: (w) => w.running('videoReturn') },
  connectIpPipe: { input: (r) => ({ params: { id: r.unit }, body: { serverId: r.server } }) },
  disconnectIpPipe: { input: (r) => ({ params: { id: r.unit } }), setup: (w) => w.running('l2ControlPipe') },
  startIntercomSession: { input: (r) => ({ params: { id: r.unit, n: '2' }, body: { mode: 'targetChannel', channelId: r.channel } }) },
  stopIntercomSession: { input: (r) => ({ params: { id: r.unit, n: '2' } }), setup: (w) => w.running('ifb') },
  shutdownUnit: { input: (r) => ({ params: { id: r.unit } }) },
  uploadUnitFiles: { input: (r) => ({ params: { id: r.unit }, body: { paths: [r.recordedPath], channelId: r.channel } }) },
  deleteUnitFiles: { input: (r) => ({ params: { id: r.unit }, body: { paths: [r.deletePath] } }) },
  removeUnitPairing: { input: (r) => ({ params: { id: r.unit } }) },
  // A hub sends the logs of one unit at a time: roles take turns, each stopping its sending after.
  startFetchLogs: {
    input: (r) => ({ params: { id: r.unit }, body: { description: 'Role matrix', channelId: r.logsChannel, timeZone: 'Europe/Paris' } }),
    setup: async (w) => {
      await w.logsChannelFree();
      await w.idle();
    },
    exclusive: true,
    teardown: (w) => w.idle(),
  },
  stopFetchLogs: { input: (r) => ({ params: { id: r.unit } }) },
  // Social media and CDN forward a live stream: the unit streams first.
  startSocialMediaStream: { input: (r) => ({ params: { id: r.unit }, body: {} }), setup: (w) => w.running('video') },
  stopSocialMediaStream: { input: (r) => ({ params: { id: r.unit } }) },
  startCdnStream: { input: (r) => ({ params: { id: r.unit }, body: {} }), setup: (w) => w.running('video') },
  stopCdnStream: { input: (r) => ({ params: { id: r.unit } }) },
  updateUserContact: { input: () => ({ body: { phone: '+44 20 7946 0000', company: 'Matrix' } }) },
};
