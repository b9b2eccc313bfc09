/**
 * What one shard knows of the servers: a replica of every server with its channels and video
 * return channels, and the lookups units need (a channel by id, the server a unit upgrades from).
 */
import type { DeviceMembership, DeviceSpec } from '@fleet/contracts';
import type { ServerDevice, ChannelState } from './server-device.js';

export class World {
  private readonly byId = new Map<string, ServerDevice>();
  private readonly channelIndex = new Map<string, ServerDevice>();
  /** What each unit of the shard does when a server takes its stream's channel back. */
  private readonly holders = new Map<string, (channelId: string) => void>();
  /** The groups and inventories of each unit of the shard that the core named them for. */
  private readonly memberships = new Map<string, DeviceMembership>();
  /**
   * The units and servers a scenario run reserved (the ones it names): a demo's motion and timeline
   * leave them alone, and a unit outside the run takes no channel of a reserved server.
   */
  private readonly reservedIds = new Set<string>();

  /** Reserve these units and servers for a scenario run (what was reserved before is released). */
  reserve(ids: Iterable<string>): void {
    this.reservedIds.clear();
    for (const id of ids) this.reservedIds.add(id);
  }

  /** The run ended: the demo may use every unit and server again. */
  release(): void {
    this.reservedIds.clear();
  }

  /** Whether a scenario run holds this unit or server. */
  isReserved(id: string): boolean {
    return this.reservedIds.has(id);
  }

  /** The units and servers reserved now (the shard's status). */
  reserved(): string[] {
    return [...this.reservedIds].sort();
  }

  /** The shard's units' groups and inventories, as the core last assigned them. */
  setMemberships(specs: readonly DeviceSpec[]): void {
    this.memberships.clear();
    for (const s of specs) if (s.memberOf) this.memberships.set(s.unitId, s.memberOf);
  }

  /** Hold exactly these servers; replicas no longer listed are stopped. */
  replace(servers: readonly ServerDevice[]): void {
    const keep = new Set(servers);
    for (const s of this.byId.values()) if (!keep.has(s)) s.stop();
    this.byId.clear();
    this.channelIndex.clear();
    for (const s of servers) {
      this.byId.set(s.id, s);
      s.channelTaken = (channelId, unitId) => this.holders.get(unitId)?.(channelId);
      for (const c of s.spec.channels) this.channelIndex.set(c.channelId, s);
    }
  }

  /** A unit of the shard hears at once when a server takes back the channel it streams to. */
  listen(unitId: string, onTaken: (channelId: string) => void): void {
    this.holders.set(unitId, onTaken);
  }

  unlisten(unitId: string): void {
    this.holders.delete(unitId);
  }

  clear(): void {
    for (const s of this.byId.values()) s.stop();
    this.byId.clear();
    this.channelIndex.clear();
  }

  servers(): IterableIterator<ServerDevice> {
    return this.byId.values();
  }

  size(): number {
    return this.byId.size;
  }

  server(id: string): ServerDevice | undefined {
    return this.byId.get(id);
  }

  /** A channel and its server, or undefined when no server has it (not found). */
  channel(channelId: string): { server: ServerDevice; channel: ChannelState } | undefined {
    const server = this.channelIndex.get(channelId);
    const channel = server?.channelState(channelId);
    return server && channel ? { server, channel } : undefined;
  }

  /**
   * The server a unit transmits to and upgrades from: its selected channel's server, else the
   * first multimedia hub (by id), else the first server; null when the shard knows none.
   */
  homeServer(selectedChannelId: string | null): ServerDevice | null {
    if (selectedChannelId) {
      const s = this.channelIndex.get(selectedChannelId);
      if (s) return s;
    }
    let first: ServerDevice | null = null;
    let hub: ServerDevice | null = null;
    for (const s of this.byId.values()) {
      if (!first || s.id < first.id) first = s;
      if (s.spec.serverType === 'mmh_server' && (!hub || s.id < hub.id)) hub = s;
    }
    return hub ?? first;
  }

  /**
   * The channel a unit streams to when it is given none and has no usable selection: an idle,
   * licensed channel of a multimedia hub that is up, not an input, taken from the last one back
   * (hubs by id, channels in the hub's order), so the channels people pick by hand — first in every
   * list — stay free longest; null when none is free. A unit the core named groups or inventories
   * for takes a channel its own people see: one sharing a group with it, else one sharing an
   * inventory, never another (the operators who see it streaming see where it goes) — unless no hub
   * channel at all is theirs (an organisation without a hub of its own streams where there is room).
   * A unit outside a scenario run takes no channel of a server the run reserved.
   */
  freeChannel(unitId?: string): string | null {
    const outsider = this.reservedIds.size > 0 && (unitId === undefined || !this.reservedIds.has(unitId));
    const member = unitId === undefined ? undefined : this.memberships.get(unitId);
    const unit = member !== undefined && (member.groupIds.length > 0 || member.inventoryIds.length > 0) && this.hasHubChannelOf(member) ? member : undefined;
    let inInventory: string | null = null;
    const hubs = [...this.byId.values()]
      .filter((s) => s.spec.serverType === 'mmh_server' && s.online && !(outsider && this.reservedIds.has(s.id)))
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    for (const s of hubs) {
      const channels = [...s.channels.values()];
      for (let i = channels.length - 1; i >= 0; i--) {
        const c = channels[i]!;
        if (c.status !== 'idle' || !c.licensed || c.type === 'input') continue;
        if (unit === undefined) return c.spec.channelId;
        const channel = c.spec.memberOf;
        if (!channel) continue;
        if (channel.groupIds.some((g) => unit.groupIds.includes(g))) return c.spec.channelId;
        if (inInventory === null && channel.inventoryIds.some((v) => unit.inventoryIds.includes(v))) inInventory = c.spec.channelId;
      }
    }
    return inInventory;
  }

  /** Whether any multimedia hub channel shares a group or an inventory with the unit (whatever its state). */
  private hasHubChannelOf(unit: DeviceMembership): boolean {
    for (const s of this.byId.values()) {
      if (s.spec.serverType !== 'mmh_server') continue;
      for (const c of s.channels.values()) if (c.spec.memberOf && shares(c.spec.memberOf, unit)) return true;
    }
    return false;
  }

  /** The first video return server (by id), for units starting video return. */
  videoReturnServer(): ServerDevice | null {
    let best: ServerDevice | null = null;
    for (const s of this.byId.values()) {
      if (s.vrChannels.size > 0 && (!best || s.id < best.id)) best = s;
    }
    return best;
  }
}

function shares(a: DeviceMembership, b: DeviceMembership): boolean {
  return a.groupIds.some((g) => b.groupIds.includes(g)) || a.inventoryIds.some((v) => b.inventoryIds.includes(v));
}
