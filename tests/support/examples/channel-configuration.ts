/**
 * Role-matrix examples of the channel configuration calls (see ../catalogue-examples.ts for what an example is).
 *
 * Changes go to a server the simulator runs (the shared hub's logs channel), so the server's
 * acceptance is part of every row; they write that shared channel's row, so roles take turns.
 */
import type { channelConfigurationEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

/** A 1×1 PNG (the overlay rules read the real bytes). */
export const TINY_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=';

const destinationId = (role: string) => `MATRIX-DEST-${role.replace(/[^a-z0-9]/gi, '-')}`;

export const CHANNEL_CONFIGURATION_EXAMPLES: { [K in keyof typeof channelConfigurationEndpoints]: Example<K> } = {
  getChannelFfmpeg: { input: (r) => ({ params: { id: r.channel } }) },
  updateChannelFfmpeg: {
    input: (r) => ({ params: { id: r.logsChannel }, body: { enabled: true, override: '-c:v libx264 -preset veryfast' } }),
    exclusive: true,
  },
  getAdminChannelFfmpeg: { input: (r) => ({ params: { id: r.channel } }) },
  updateAdminChannelFfmpeg: { input: (r) => ({ params: { id: r.logsChannel }, body: { enabled: false, override: '' } }), exclusive: true },
  addChannelInputSource: {
    input: (r) => ({ params: { id: r.inputChannel }, body: { kind: 'webrtc', name: 'matrix-webrtc', port: 8443 } }),
    exclusive: true,
  },
  removeChannelInputSource: { input: (r) => ({ params: { id: r.inputChannel }, query: { sourceId: 'matrix-missing-source' } }), exclusive: true },
  fetchChannelDestinations: { input: (r) => ({ body: { channelId: r.channel } }) },
  addChannelDestination: {
    input: (r, w) => ({
      body: {
        channelId: r.logsChannel,
        destination: {
          type: 'mpegts',
          name: `matrix-${w.role}`,
          provider: `matrix-add-${w.role}`,
          streamType: 'backup',
          mpegTsIp: '10.0.0.5',
          mpegTsPort: 5000,
          mpegTsBitrate: 4000,
        },
      },
    }),
    exclusive: true,
  },
  updateChannelDestination: {
    input: (r, w) => ({
      body: {
        channelId: r.logsChannel,
        id: destinationId(w.role),
        destination: {
          type: 'cdn',
          name: `matrix-${w.role}`,
          provider: `matrix-${destinationId(w.role)}`,
          streamType: 'backup',
          urlPrimary: 'rtmp://cdn.example.com/live',
          streamId: destinationId(w.role),
        },
      },
    }),
    setup: (w) => w.streamingDestination(w.refs.logsChannel, destinationId(w.role)),
    exclusive: true,
  },
  removeChannelDestination: {
    input: (r, w) => ({ body: { channelId: r.logsChannel, id: destinationId(w.role) } }),
    setup: (w) => w.streamingDestination(w.refs.logsChannel, destinationId(w.role)),
    exclusive: true,
  },
  fetchStreamMediaProfiles: { input: () => ({}) },
  fetchSocialMediaDetails: { input: (r) => ({ query: { channelId: r.channel } }) },
  updateSocialMediaDetails: { input: (r) => ({ body: { channelId: r.logsChannel, enabled: true, title: 'Matrix live' } }), exclusive: true },
  setChannelsBwLimit: { input: (r) => ({ body: { channelIds: [r.logsChannel], limit: '5.5' } }), exclusive: true },
  setChannelsPrivateSession: { input: (r) => ({ body: { channelIds: [r.logsChannel], privateSession: false } }), exclusive: true },
  getChannelSmpte: { input: (r) => ({ params: { id: r.channel } }) },
  updateChannelSmpte: {
    input: (r) => ({ params: { id: r.logsChannel }, body: { enabled: false, flows: [{ kind: 'video', primary: { ip: '239.0.0.1', port: 5004 } }] } }),
    exclusive: true,
  },
  startChannelLogs: {
    input: (r) => ({ params: { id: r.logsChannel } }),
    setup: (w) => w.logsChannelFree(),
    teardown: async (w) => {
      // Frees the hub for the next role's logs (stopping is what the DELETE call does).
      await w.logsChannelFree();
    },
    exclusive: true,
  },
  stopChannelLogs: { input: (r) => ({ params: { id: r.logsChannel } }), exclusive: true },
  // The identifier names the WebRTC session, not an object of the caller's scope.
  getStunTurnInfo: { input: () => ({ query: { identifier: 'matrix-webrtc-session' } }) },
  getChannelOverlay: { input: (r) => ({ params: { id: r.channel } }) },
  setChannelOverlay: {
    input: (r) => ({ params: { id: r.logsChannel }, body: { fileName: 'matrix.png', dataBase64: TINY_PNG_BASE64, replace: true } }),
    exclusive: true,
  },
  removeChannelOverlay: { input: (r) => ({ params: { id: r.logsChannel } }), exclusive: true },
};
