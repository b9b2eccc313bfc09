/**
 * How a video return server takes a channel's configuration (spec 001 §7 Video return channels,
 * `configureVrChannel`): an online server acknowledges it, and the input type shows in the
 * channel's reported status — disabled leaves no input (idle, a unit collecting from it is cut);
 * SDI or SRT connects one (input connected, or collecting while a unit takes it).
 */
import { VR_INPUT_TYPES, type ServerCommand } from '@fleet/contracts';
import type { ServerDevice } from '../server-device.js';
import { accepted, refused, type Reaction } from '../reaction.js';
import { applyServerFault } from './server-faults.js';

type ConfigureVrChannel = Extract<ServerCommand, { type: 'configureVrChannel' }>;

export function reactToVrConfiguration(s: ServerDevice, command: ConfigureVrChannel): Reaction {
  if (!s.vrChannels.has(command.vrChannelId)) return refused('NOT_FOUND');
  const payload = command.payload;
  const inputType = payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? payload.inputType : undefined;
  if (inputType === undefined) return accepted;
  if (typeof inputType !== 'string' || !(VR_INPUT_TYPES as readonly string[]).includes(inputType)) return refused('VALIDATION_FAILED');
  return applyServerFault(s, { type: 'vrInput', vrChannelId: command.vrChannelId, connected: inputType !== 'disabled' });
}
