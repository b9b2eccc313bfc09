/**
 * The devices tab's unit → server relation (pure): a unit's servers are those of its selected
 * channels (channel, preview, high quality, proxy) and of the channels allocated to it, as far as
 * the channel list the user sees tells (a channel the user does not see leaves the relation unknown).
 */
import type { ChannelLive, UnitSummary } from '@fleet/contracts';

export type UnitServerRef = Pick<ChannelLive, 'serverId' | 'serverName'>;

export function unitServers(unit: Pick<UnitSummary, 'uniqueId' | 'selectedChannel'>, channels: readonly ChannelLive[]): UnitServerRef[] {
  const { channelId, previewChannelId, highQualityChannelId, proxyChannelId } = unit.selectedChannel;
  const selected = new Set([channelId, previewChannelId, highQualityChannelId, proxyChannelId].filter((id): id is string => id !== null));
  const servers = new Map<string, UnitServerRef>();
  for (const channel of channels) {
    if (selected.has(channel.channelId) || channel.allocatedToUnitUid === unit.uniqueId) {
      servers.set(channel.serverId, { serverId: channel.serverId, serverName: channel.serverName });
    }
  }
  return [...servers.values()].sort((a, b) => a.serverName.localeCompare(b.serverName));
}
