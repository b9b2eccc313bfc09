/**
 * What one shard knows of the servers: a replica of every server with its channels and video
 * return channels, and the lookups units need (a channel by id, the server a unit upgrades from).
 */
import type { ServerDevice, ChannelState } from './server-device.js';

export class World {
  private readonly byId = new Map<string, ServerDevice>();
  private readonly channelIndex = new Map<string, ServerDevice>();

  /** Hold exactly these servers; replicas no longer listed are stopped. */
  replace(servers: readonly ServerDevice[]): void {
    const keep = new Set(servers);
    for (const s of this.byId.values()) if (!keep.has(s)) s.stop();
    this.byId.clear();
    this.channelIndex.clear();
    for (const s of servers) {
      this.byId.set(s.id, s);
      for (const c of s.spec.channels) this.channelIndex.set(c.channelId, s);
    }
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

  /** The first video return server (by id), for units starting video return. */
  videoReturnServer(): ServerDevice | null {
    let best: ServerDevice | null = null;
    for (const s of this.byId.values()) {
      if (s.vrChannels.size > 0 && (!best || s.id < best.id)) best = s;
    }
    return best;
  }
}
