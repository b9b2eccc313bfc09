/**
 * How a receiving server answers the core (spec 001 §7 Servers, Channels, Video return channels):
 * each server command goes to the reaction of its kind; the acknowledgement is immediate, effects
 * follow as reported state. An offline server sends nothing back the core could act on: it
 * answers DEVICE_UNREACHABLE ("Configuration not sent, retry"), as the real core does when a
 * configuration cannot be delivered. A reset asked while the server is down for a reset it accepted
 * is accepted: it is the reset already under way.
 */
import type { DeviceAck, ServerCommand } from '@fleet/contracts';
import type { ServerDevice } from '../server-device.js';
import { accepted, refused, toAck, type Reaction } from '../reaction.js';
import { reactToVrConfiguration } from './vr-configuration.js';
import { reactToChannelConfiguration } from './channel-configuration.js';
import { reactToChannel } from './channels.js';
import { reactToResetInstance, reactToServerConfiguration } from './server-configuration.js';

/** The server's answer to one command of the core. */
export function respondToServer(server: ServerDevice, commandId: string, command: ServerCommand): DeviceAck {
  return toAck(commandId, reactToServerCommand(server, command));
}

export function reactToServerCommand(s: ServerDevice, command: ServerCommand): Reaction {
  // The same run as the control plane's `serverUpgrade` fault (an offline server refuses with 6199 there).
  if (command.type === 'upgrade') return s.startUpgrade(command.targetVersion);
  // A server down for a reset it accepted a moment ago is not unreachable: a second reset joins the first.
  if (command.type === 'resetInstance' && s.resetting) return reactToResetInstance(s);
  if (!s.online) return refused('DEVICE_UNREACHABLE');
  switch (command.type) {
    case 'configureServer':
      return reactToServerConfiguration(s, command);
    case 'resetInstance':
      return reactToResetInstance(s);
    case 'configureChannel':
    case 'channelAction':
      if (!s.channels.has(command.channelId)) return refused('NOT_FOUND');
      return reactToChannelConfiguration(s, command) ?? (command.type === 'configureChannel' ? reactToChannel(s, command) : null) ?? accepted;
    case 'configureVrChannel':
      return reactToVrConfiguration(s, command);
  }
}
