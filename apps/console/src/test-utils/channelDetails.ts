/** A ChannelDetails for tests: the channel's modal read around a ChannelLive (an idle preview channel's settings). */
import type { ChannelDetails, ChannelLive } from '@fleet/contracts';

export function makeChannelDetails(channel: ChannelLive, overrides: Partial<ChannelDetails> = {}): ChannelDetails {
  return {
    channel,
    general: {
      name: channel.channelName,
      mode: null,
      port: 5000,
      recording: false,
      tally: null,
      output: false,
      preview: true,
      forceOutput: false,
      forwardRtmp: false,
      distributor: false,
      studio: false,
      sharing: false,
      ndi: false,
      sdiNo: null,
      flavor: null,
      fourK: false,
    },
    multipoint: {
      uniqueID: channel.channelId,
      channelName: channel.channelName,
      serverId: channel.serverId,
      ptmpLu100: false,
      machines: [],
      ptmpStatuses: [],
      ptmpDelay: null,
    },
    audioInterfaces: { ifb: false, tallyHwStatus: null, audioHwStatus: null },
    ingest: { channelId: channel.channelId, associated: false, serverId: null, serverName: null, inputKind: null },
    outputLicence: { licensed: 2, used: 1 },
    inputSources: [],
    logs: { sending: false, startedAt: null },
    createdAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}
