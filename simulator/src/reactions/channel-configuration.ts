/**
 * How a receiving server answers the channel configuration of the manage-channel modal (spec 001
 * §7 Channels): FFMPEG override, SMPTE 2110, streaming destinations, overlay, social media,
 * bandwidth limit, private session, input sources and sending a channel's logs.
 *
 * - SMPTE 2110 is an output of multimedia hubs only: any other server refuses it ("Feature disabled").
 * - The output of a collecting channel (FFMPEG override, SMPTE) cannot change under the stream.
 * - Input sources belong to input channels.
 * - Logs: one channel per server at a time, only a channel that supports logs, online and idle; the
 *   server sends them for a few simulated seconds, is free again and tells the core (`channelLogs`).
 */
import type { ServerCommand } from '@fleet/contracts';
import type { ServerDevice } from '../server-device.js';
import { accepted, refused, type Reaction } from '../reaction.js';

type ChannelCommand = Extract<ServerCommand, { type: 'configureChannel' | 'channelAction' }>;

/** How long a server takes to send a channel's logs (simulated ms). */
export const CHANNEL_LOGS_MS = 5_000;

/** The reaction to a channel configuration setting or action of this area; null for the others'. */
export function reactToChannelConfiguration(s: ServerDevice, command: ChannelCommand): Reaction | null {
  const c = s.channels.get(command.channelId);
  if (!c) return refused('NOT_FOUND');
  if (command.type === 'configureChannel') {
    switch (command.setting) {
      case 'smpte':
        if (s.spec.serverType !== 'mmh_server') return refused('FEATURE_DISABLED');
        return c.status === 'collecting' ? refused('CHANNEL_BUSY') : accepted;
      // Changing what a collecting channel outputs would cut the stream under the unit.
      case 'ffmpeg':
        return c.status === 'collecting' ? refused('CHANNEL_BUSY') : accepted;
      case 'streamingDestination':
      case 'overlay':
      case 'socialMedia':
      case 'bandwidthLimit':
        return accepted;
      default:
        return null;
    }
  }
  switch (command.action) {
    case 'addInputSource':
    case 'removeInputSource':
      return c.spec.type === 'input' ? accepted : refused('CHANNEL_NOT_INPUT');
    case 'privateSession':
      return accepted;
    case 'fetchLogs':
      return isStart(command.payload) ? startLogs(s, command.channelId) : stopLogs(s, command.channelId);
    default:
      return null;
  }
}

function isStart(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && 'start' in payload && payload.start === true;
}

function startLogs(s: ServerDevice, channelId: string): Reaction {
  const c = s.channels.get(channelId);
  if (!c?.spec.supportsLogs) return refused('CHANNEL_NO_LOGS');
  if ((s.sendingLogsFor !== null && s.sendingLogsFor !== channelId) || s.busy) return refused('SERVER_BUSY_SENDING_LOGS');
  if (c.status !== 'idle') return refused('CHANNEL_BUSY_OR_OFFLINE_LOGS');
  s.sendingLogsFor = channelId;
  s.clock.after(CHANNEL_LOGS_MS, () => {
    if (s.sendingLogsFor !== channelId) return;
    s.sendingLogsFor = null;
    s.reportEvent({ type: 'channelLogs', serverId: s.id, channelId, state: 'completed' });
  });
  return accepted;
}

/** Stopping logs that are not being sent is accepted: the server is free either way. */
function stopLogs(s: ServerDevice, channelId: string): Reaction {
  if (s.sendingLogsFor === channelId) {
    s.sendingLogsFor = null;
    s.reportEvent({ type: 'channelLogs', serverId: s.id, channelId, state: 'stopped' });
  }
  return accepted;
}
