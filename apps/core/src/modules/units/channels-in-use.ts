/**
 * Where each unit streams: the channels a receiving server reports as allocated to a unit (the
 * `allocatedToUnitUid` of its channel state, kept in the read model), with the channels' and their
 * servers' names. A unit's list is one frozen array, replaced only when it changes, so the unit
 * summary built from it can be cached by reference; listeners hear which units' lists changed.
 */
import type { ChannelInUse } from '@fleet/contracts';
import { channelStatusClass } from '@fleet/domain';
import { ChannelStatus } from '@fleet/contracts';
import type { ChangeOrigin, ChannelRecord, ReadModel } from '../../platform/storage/read-model.js';
import { deepFreeze } from '../../platform/storage/read-model.js';
import { compareNatural, compareText } from '../../platform/order.js';

const NONE: readonly ChannelInUse[] = Object.freeze([]);

export class ChannelsInUse {
  /** The unit each allocated channel feeds from (only channels that count, see `feeds`). */
  private readonly unitOf = new Map<string, string>();
  /** The channels feeding from each unit. */
  private readonly channelsOf = new Map<string, Set<string>>();
  /** Each unit's list (absent: none), replaced only when it differs. */
  private readonly built = new Map<string, readonly ChannelInUse[]>();
  private readonly listeners: Array<(unitIds: readonly string[], origin: ChangeOrigin) => void> = [];
  private indexed = false;

  constructor(private readonly readModel: ReadModel) {
    readModel.channels.onChange((id, row, origin) => {
      if (!this.indexed) return;
      const before = this.unitOf.get(id);
      const after = row && feeds(row) ? row.allocatedToUnitUid : null;
      if (before !== undefined) this.unlink(id, before);
      if (after) this.link(id, after);
      // A channel's name or server may have changed too: its unit's list is built again.
      const touched = [...new Set([before, after ?? undefined].filter((u): u is string => u !== undefined))];
      if (touched.length > 0) this.changed(touched, origin);
    });
    readModel.servers.onChange((serverId, _row, origin) => {
      if (!this.indexed) return;
      const touched = new Set<string>();
      for (const [channelId, unitId] of this.unitOf) if (this.readModel.channels.get(channelId)?.serverId === serverId) touched.add(unitId);
      if (touched.size > 0) this.changed([...touched], origin);
    });
  }

  /** Heard with the units whose channels in use changed (or whose channels' or hubs' names did). */
  onChange(listener: (unitIds: readonly string[], origin: ChangeOrigin) => void): void {
    this.listeners.push(listener);
  }

  /** The channels feeding from the unit, by channel name in natural order (the same array while nothing changed). */
  of(unitId: string): readonly ChannelInUse[] {
    this.index();
    return this.built.get(unitId) ?? NONE;
  }

  private build(unitId: string): readonly ChannelInUse[] {
    const ids = this.channelsOf.get(unitId);
    if (!ids || ids.size === 0) return NONE;
    const out: ChannelInUse[] = [];
    for (const channelId of ids) {
      const c = this.readModel.channels.get(channelId);
      if (!c) continue;
      out.push({ channelId, channelName: c.name, serverId: c.serverId, serverName: this.readModel.servers.get(c.serverId)?.name ?? c.serverId });
    }
    out.sort((a, b) => compareNatural(a.channelName, b.channelName) || compareText(a.channelId, b.channelId));
    return deepFreeze(out);
  }

  private index(): void {
    if (this.indexed) return;
    this.indexed = true;
    for (const c of this.readModel.channels.all()) if (feeds(c) && c.allocatedToUnitUid) this.link(c.id, c.allocatedToUnitUid);
    for (const unitId of this.channelsOf.keys()) this.built.set(unitId, this.build(unitId));
  }

  private link(channelId: string, unitId: string): void {
    this.unitOf.set(channelId, unitId);
    let set = this.channelsOf.get(unitId);
    if (!set) this.channelsOf.set(unitId, (set = new Set()));
    set.add(channelId);
  }

  private unlink(channelId: string, unitId: string): void {
    this.unitOf.delete(channelId);
    const set = this.channelsOf.get(unitId);
    set?.delete(channelId);
    if (set?.size === 0) this.channelsOf.delete(unitId);
  }

  /** Build the units' lists again; tell the listeners of those that differ (a row changing elsewhere is no news). */
  private changed(unitIds: readonly string[], origin: ChangeOrigin): void {
    const moved: string[] = [];
    for (const u of unitIds) {
      const before = this.built.get(u) ?? NONE;
      const after = this.build(u);
      if (sameList(before, after)) continue;
      if (after.length === 0) this.built.delete(u);
      else this.built.set(u, after);
      moved.push(u);
    }
    if (moved.length > 0) for (const l of this.listeners) l(moved, origin);
  }
}

/** A channel counts while its server reports it allocated and it is not offline (an offline channel collects nothing). */
function feeds(c: ChannelRecord): boolean {
  if (!c.allocatedToUnitUid) return false;
  const status = ChannelStatus.safeParse(c.status);
  return status.success && channelStatusClass(status.data) !== 'offline';
}

function sameList(a: readonly ChannelInUse[], b: readonly ChannelInUse[]): boolean {
  return (
    a.length === b.length &&
    a.every((x, i) => {
      const y = b[i]!;
      return x.channelId === y.channelId && x.channelName === y.channelName && x.serverId === y.serverId && x.serverName === y.serverName;
    })
  );
}
