/**
 * Channel rules: spec 001 §4 "States and transitions" (channel status, group status, channel type
 * derivation, status counters).
 */
import { CHANNEL_KINDS } from '@fleet/contracts';
import type { ChannelCounters, ChannelGeneral, ChannelLive, ChannelStatus, ChannelType } from '@fleet/contracts';

/** The three status buckets of the channel counters (spec 001 §3: busy, idle, offline). */
export const CHANNEL_STATUS_CLASSES = ['offline', 'idle', 'busy'] as const;
export type ChannelStatusClass = (typeof CHANNEL_STATUS_CLASSES)[number];

/**
 * Class of every channel status. Readings chosen: `unavailable` is treated as offline (spec);
 * `collecting` (live), `online` (a unit is attached), `PlayStoredFile` (playing out a file),
 * `connecting` (a unit is being attached) and `upgrading` (reachable but not free to take a unit)
 * are busy: none of them can accept a new transmission, and none is unreachable.
 */
const CHANNEL_STATUS_CLASS: Record<ChannelStatus, ChannelStatusClass> = {
  offline: 'offline',
  unavailable: 'offline',
  idle: 'idle',
  collecting: 'busy',
  online: 'busy',
  PlayStoredFile: 'busy',
  connecting: 'busy',
  upgrading: 'busy',
};

/** Spec 001 §4: offline-like (offline, unavailable), idle, or busy (everything else). */
export function channelStatusClass(status: ChannelStatus): ChannelStatusClass {
  return CHANNEL_STATUS_CLASS[status];
}

/** Status shown for a group of channels. */
export type ChannelGroupStatus = Extract<ChannelStatus, 'idle' | 'collecting' | 'offline'>;

/**
 * Spec 001 §4: a group of channels is idle if any is idle, else collecting if any is collecting,
 * else offline. Literal reading kept: `online`, `PlayStoredFile`, `connecting` and `upgrading`
 * count as neither idle nor collecting, so a group made only of those is offline (it cannot take
 * a unit and is not live). An empty group is offline.
 */
export function groupChannelStatus(statuses: readonly ChannelStatus[]): ChannelGroupStatus {
  if (statuses.includes('idle')) return 'idle';
  if (statuses.includes('collecting')) return 'collecting';
  return 'offline';
}

/** Live-state flags of a channel that decide its type (spec 001 §3 "Channel (live state)"). */
export interface ChannelTypeFlags {
  /** The channel has an SDI board. */
  readonly sdi?: boolean;
  /** The SDI board works as an output (false: SDI input). */
  readonly output?: boolean;
  readonly forwardRtmp?: boolean;
  readonly ndi?: boolean;
  readonly forceOutput?: boolean;
  /** SMPTE 2110 flavour. */
  readonly smpte?: boolean;
  readonly distributor?: boolean;
}

/** The types {@link deriveChannelType} can give (`group` is an entity kind, never derived). */
export type DerivedChannelType = Extract<ChannelType, 'input' | 'output' | 'preview' | 'distributor'>;

/**
 * Spec 001 §4 channel type derivation, in this order:
 * 1. distributor → `distributor`. Reading of "Setting distributor forces output, not preview, type
 *    distributor": the distributor flag overrides every other flag; the type is `distributor`, and
 *    the channel counts as an output (see {@link isOutputChannel}), never as a preview.
 * 2. sdi without output → `input`. Reading: `output` is the direction of the SDI board, so it only
 *    matters together with `sdi`, and an SDI input stays an input even with forceOutput set (the
 *    spec lists this rule first).
 * 3. forwardRtmp, ndi, sdi, forceOutput or smpte → `output`.
 * 4. otherwise → `preview` (the `output` flag alone, without sdi, does not make an output).
 */
export function deriveChannelType(flags: ChannelTypeFlags): DerivedChannelType {
  if (flags.distributor === true) return 'distributor';
  if (flags.sdi === true && flags.output !== true) return 'input';
  if (flags.forwardRtmp === true || flags.ndi === true || flags.sdi === true || flags.forceOutput === true || flags.smpte === true) {
    return 'output';
  }
  return 'preview';
}

/** Spec 001 §3 classification flag isOutput: output channels, and distributors (forced to output, §4). */
export function isOutputChannel(flags: ChannelTypeFlags): boolean {
  const type = deriveChannelType(flags);
  return type === 'output' || type === 'distributor';
}

/** The offline / idle / busy channel counters. */
export interface ChannelStatusCounters {
  readonly offline: number;
  readonly idle: number;
  readonly busy: number;
}

/** Spec 001 §3 counters: offline, idle and busy over a list of channel statuses. */
export function countChannelStatuses(statuses: readonly ChannelStatus[]): ChannelStatusCounters {
  const counters = { offline: 0, idle: 0, busy: 0 };
  for (const status of statuses) counters[channelStatusClass(status)] += 1;
  return counters;
}

/**
 * Spec 001 §4 "Status changes adjust the offline, idle and busy counters": returns NEW counters
 * with the channel moved from the class of `prev` to the class of `next`. `prev` undefined = a
 * channel newly seen (only the new class is incremented); `next` undefined = a channel removed
 * (only the old class is decremented). A change within one class changes nothing; a counter never
 * goes below 0.
 */
export function applyChannelStatusChange(
  counters: ChannelStatusCounters,
  prev: ChannelStatus | undefined,
  next: ChannelStatus | undefined,
): ChannelStatusCounters {
  const result = { offline: counters.offline, idle: counters.idle, busy: counters.busy };
  const from = prev === undefined ? undefined : channelStatusClass(prev);
  const to = next === undefined ? undefined : channelStatusClass(next);
  if (from === to) return result;
  if (from !== undefined) result[from] = Math.max(0, result[from] - 1);
  if (to !== undefined) result[to] += 1;
  return result;
}

/** The part of a channel's live state its counters read (spec 001 §3 Channel (live state) flags). */
export type ChannelCounterSubject = Pick<
  ChannelLive,
  'status' | 'type' | 'hasSdi' | 'hasSmpte' | 'hasCdn' | 'isStudio' | 'isSharing' | 'isDistributor' | 'isOutput' | 'isInput'
>;

/** The counter kinds that are a channel's mark (the other counters are its status class). */
export type ChannelMark = (typeof CHANNEL_KINDS)[number];

/** The marks in the counter bar's order (spec 001 §3 Counters, after busy, idle and offline). */
export const CHANNEL_MARKS: readonly ChannelMark[] = CHANNEL_KINDS;

/** Spec 001 §3: whether a channel counts under a kind counter, read from its classification flags. */
export function hasChannelMark(channel: ChannelCounterSubject, mark: ChannelMark): boolean {
  switch (mark) {
    case 'sdi':
      return channel.hasSdi;
    case 'smpte':
      return channel.hasSmpte;
    case 'cdn':
      return channel.hasCdn;
    case 'preview':
      return channel.type === 'preview';
    case 'studio':
      return channel.isStudio;
    case 'share':
      return channel.isSharing;
    case 'distributor':
      return channel.isDistributor;
    case 'output':
      return channel.isOutput;
    case 'input':
      return channel.isInput;
  }
}

/** Every counter at zero. */
export function emptyChannelCounters(): ChannelCounters {
  return { busy: 0, idle: 0, offline: 0, sdi: 0, smpte: 0, cdn: 0, preview: 0, studio: 0, share: 0, distributor: 0, output: 0, input: 0 };
}

/**
 * Spec 001 §3 Counters over a list of channels: each channel counts once under its status class
 * (busy, idle, offline: {@link channelStatusClass}) and once under every kind it carries (a channel
 * may be sdi, output and share at once, so the kind counters need not add up to the list's length).
 */
export function countChannels(channels: readonly ChannelCounterSubject[]): ChannelCounters {
  const counters = emptyChannelCounters();
  for (const channel of channels) {
    counters[channelStatusClass(channel.status)] += 1;
    for (const mark of CHANNEL_MARKS) if (hasChannelMark(channel, mark)) counters[mark] += 1;
  }
  return counters;
}

/** The general fields of a new channel named `name`: an idle preview channel, every option off. */
export function newChannelGeneral(name: string): ChannelGeneral {
  return {
    name,
    mode: null,
    port: null,
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
  };
}
