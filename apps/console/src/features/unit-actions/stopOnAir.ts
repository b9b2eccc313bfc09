/**
 * Stopping a stream that is on air asks first (shared/UX.md "Dangerous actions ask once"): a unit
 * whose tally is program (its picture is on the channel's output) is named with the channel it
 * feeds; any other stop goes at once. Pure, so the rules are tested without a DOM; the dialog and
 * the one confirm helper every stop-stream entry point goes through are in useStopStreamConfirm.tsx.
 */
import type { ChannelLive, UnitSummary } from '@fleet/contracts';

/** The unit's tally (GET v2/units/{id} `tally`: program, preview, off or null) says it is on air. */
export function isOnAir(tally: string | null | undefined): boolean {
  return typeof tally === 'string' && tally.trim().toLowerCase() === 'program';
}

/** The channel a stream goes to, as the confirmation names it: the channel's name and its hub's. */
export interface StreamChannelName {
  readonly name: string;
  readonly hub: string | null;
}

type ChannelRow = Pick<ChannelLive, 'channelId' | 'channelName' | 'serverName' | 'allocatedToUnitUid'>;

/**
 * The channel a streaming unit feeds: the first channel the unit's answer says it streams to
 * (`channelsInUse`, what the hub reports), else the channel the list shows allocated to it, else the
 * unit's selected channel; by name, with its hub (a channel the list does not hold keeps its id).
 * Null when none is known.
 */
export function streamChannelName(
  unit: Pick<UnitSummary, 'uniqueId' | 'selectedChannel'> & Partial<Pick<UnitSummary, 'channelsInUse'>>,
  channels: readonly ChannelRow[],
): StreamChannelName | null {
  const inUse = unit.channelsInUse?.[0];
  if (inUse !== undefined)
    return { name: inUse.channelName === '' ? inUse.channelId : inUse.channelName, hub: inUse.serverName === '' ? null : inUse.serverName };
  const allocated = channels.find((channel) => channel.allocatedToUnitUid === unit.uniqueId);
  const id = allocated?.channelId ?? unit.selectedChannel.channelId;
  if (id === null) return null;
  const row = allocated ?? channels.find((channel) => channel.channelId === id);
  if (!row) return { name: id, hub: null };
  return { name: row.channelName === '' ? row.channelId : row.channelName, hub: row.serverName === '' ? null : row.serverName };
}
