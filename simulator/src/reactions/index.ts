/**
 * How a unit answers the core: every gateway command goes to the reaction of its kind, which
 * decides and calls the unit's methods; the acknowledgement is immediate, effects follow.
 */
import type { DeviceAck, DeviceCommand } from '@fleet/contracts';
import type { UnitDevice } from '../device.js';
import { accepted, refused, toAck, type Reaction } from '../reaction.js';
import { reactToAction } from './actions.js';
import { reactToCommand } from './commands.js';
import { reactToConfiguration } from './configure.js';

export { applyUnitFault } from './faults.js';
export { reactToAction, reactToCommand, reactToConfiguration };

/**
 * The unit's answer to one command of the core (an offline unit answers UNIT_OFFLINE). A command is
 * a person's doing: what it stopped, the unit's autonomy leaves alone for a while (unit/autonomy.ts).
 */
export function respond(device: UnitDevice, commandId: string, command: DeviceCommand): DeviceAck {
  const before = device.autonomy.runningNow();
  const reaction = react(device, command);
  if (reaction.ok) device.autonomy.afterPersonCommand(before);
  return toAck(commandId, reaction);
}

function react(d: UnitDevice, command: DeviceCommand): Reaction {
  if (!d.online) return refused('UNIT_OFFLINE');
  switch (command.type) {
    case 'startStream':
      return d.stream.startStream(command.channelId);
    case 'stopStream':
      // The same stop as the stopStreaming command (reactions/commands.ts).
      return d.stream.stopStreaming();
    case 'rename':
      return accepted;
    case 'command':
      return reactToCommand(d, command.command, command.payload);
    case 'configure':
      return reactToConfiguration(d, command.setting, command.payload);
    case 'action':
      return reactToAction(d, command.action, command.payload);
    case 'upgrade':
      // The same run as the control plane's `upgrade` fault.
      return d.upgrade.startUpgrade(command.targetVersion, command.supportedProducts);
  }
}
