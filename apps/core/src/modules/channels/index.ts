/** Channels: channels (channels.ts) and a channel's configuration (channel-configuration.ts). */
import { bind } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import { ChannelConfigurationService, channelConfigCalls } from './channel-configuration.js';
import { ChannelService, channelsCalls } from './channels.js';

/** The channels module's services. */
export function create(deps: ServiceDeps) {
  return { channels: new ChannelService(deps), channelConfig: new ChannelConfigurationService(deps) };
}

export type ChannelsServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [bind((s: ChannelsServices) => s.channels, channelsCalls), bind((s: ChannelsServices) => s.channelConfig, channelConfigCalls)] as const;
