/**
 * How a receiving server answers a channel's general and multipoint configuration (spec 001 §7
 * Channels, §8 errors). The device holds the same rules as the core, on its own state, so a change
 * the core let through on a state that moved meanwhile (a unit started streaming to the channel, the
 * transceiver got busy, the licence server lowered the output licence) is refused with the same code:
 *
 * - a type change of a busy (collecting) channel: CHANNEL_BUSY_CONFLICT;
 * - one output channel more than the server is licensed for: OUTPUT_CHANNEL_LICENSE_EXCEEDED;
 * - any change on a transceiver that is busy or receives from an encoder: TRANSCEIVER_BUSY.
 *
 * An accepted general configuration makes the channel run as its new type; an accepted multipoint
 * configuration makes its machines the channel's receivers.
 */
import type { ChannelType, ServerCommand } from '@fleet/contracts';
import { channelStatusClass, deriveChannelType } from '@fleet/domain';
import { isOutputType, type ChannelState, type ServerDevice } from '../server-device.js';
import { accepted, refused, type Reaction } from '../reaction.js';
import { record } from './payload.js';

type ConfigureChannel = Extract<ServerCommand, { type: 'configureChannel' }>;

/** The reaction to a general or multipoint configuration; null for other settings. */
export function reactToChannel(s: ServerDevice, command: ConfigureChannel): Reaction | null {
  const c = s.channels.get(command.channelId);
  if (!c) return refused('NOT_FOUND');
  switch (command.setting) {
    case 'general':
      return configureGeneral(s, c, record(command.payload));
    case 'multipoint': {
      if (s.transceiverBusy()) return refused('TRANSCEIVER_BUSY');
      s.setPtmpReceivers(command.channelId, receiversOf(command.payload));
      return accepted;
    }
    default:
      return null;
  }
}

function configureGeneral(s: ServerDevice, c: ChannelState, payload: Record<string, unknown>): Reaction {
  const type = typeAfter(c, payload);
  if (type !== c.type && channelStatusClass(c.status) === 'busy') return refused('CHANNEL_BUSY_CONFLICT');
  const licensed = s.licensedOutputs();
  if (isOutputType(type) && !isOutputType(c.type) && licensed !== null && s.outputsExcept(c.spec.channelId) + 1 > licensed) {
    return { ok: false, error: 'OUTPUT_CHANNEL_LICENSE_EXCEEDED', params: [String(licensed)] };
  }
  if (s.transceiverBusy()) return refused('TRANSCEIVER_BUSY');
  c.type = type;
  return accepted;
}

const FLAG_KEYS = ['sdiNo', 'output', 'forwardRtmp', 'ndi', 'forceOutput', 'flavor', 'distributor'] as const;

/** The type the channel runs as after the change (spec 001 §4): inputs and groups stay what they are. */
function typeAfter(c: ChannelState, p: Record<string, unknown>): ChannelType {
  if ((c.spec.inputKind ?? null) !== null || c.type === 'group') return c.type;
  if (!FLAG_KEYS.some((k) => k in p)) return c.type;
  return deriveChannelType({
    sdi: typeof p.sdiNo === 'number',
    output: p.output === true,
    forwardRtmp: p.forwardRtmp === true,
    ndi: p.ndi === true,
    forceOutput: p.forceOutput === true,
    smpte: p.flavor === 'SMPTE2110',
    distributor: p.distributor === true,
  });
}

/** The machines' uids of a multipoint payload ({ machines: [{ uid }] }). */
function receiversOf(payload: unknown): string[] {
  const machines = record(payload).machines;
  if (!Array.isArray(machines)) return [];
  return machines.flatMap((m) => {
    const uid = record(m).uid;
    return typeof uid === 'string' ? [uid] : [];
  });
}
