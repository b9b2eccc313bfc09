/** A ChannelDetails for tests: the channel's modal read around a ChannelLive (an idle preview channel's settings). */
import type { ChannelDetails, ChannelLive } from '@fleet/contracts';
import { newChannelGeneral } from '@fleet/domain';

type General = ChannelDetails['general'];

/** The General tab of an idle preview channel named `name`. */
export function channelGeneral(name: string, overrides: Partial<General> = {}): General {
  return { ...newChannelGeneral(name), port: 5000, ...overrides };
}

export function makeChannelDetails(
  channel: ChannelLive,
  { general, ...overrides }: Partial<Omit<ChannelDetails, 'general'>> & { general?: Partial<General> } = {},
): ChannelDetails {
  return {
    channel,
    general: channelGeneral(channel.channelName, general),
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
