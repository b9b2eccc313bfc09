/**
 * A server's channels and video return channels (spec 001 §3): channels are idle while the server
 * is up, collecting while a unit streams to them, offline with the server, upgrading with it, or a
 * status a fault forced; video return channels are idle, input connected, collecting or offline.
 * A channel taken back from its unit ends that unit's stream (`channelTaken`). Every change is
 * reported to the core as it happens.
 */
import type { ChannelSpec, ChannelStatus, ChannelType, ServerSpec, VrChannelSpec, VrChannelStatus } from '@fleet/contracts';
import { channelStatusClass } from '@fleet/domain';
import { PTMP } from '../models/constants.js';
import { PtmpReceivers } from '../models/ptmp.js';
import type { ServerHost } from './host.js';

export interface ChannelState {
  /** As the core last described it (replaced by a new spec). */
  spec: ChannelSpec;
  status: ChannelStatus;
  licensed: boolean;
  allocatedTo: string | null;
  /** A status forced by a fault (e.g. offline, PlayStoredFile), kept until changed. */
  forced: ChannelStatus | null;
  /** The type the channel runs as now (its general configuration may have changed it since the spec). */
  type: ChannelType;
  /** Point-to-multipoint receivers; null while the channel never had a multipoint configuration. */
  ptmp: PtmpReceivers | null;
}

export interface VrChannelState {
  readonly spec: VrChannelSpec;
  status: VrChannelStatus;
  inputConnected: boolean;
  collectingFor: string | null;
}

/** Output and distributor channels count against the output licence (spec 001 §8). */
export function isOutputType(type: ChannelType): boolean {
  return type === 'output' || type === 'distributor';
}

export class ServerChannels {
  readonly channels = new Map<string, ChannelState>();
  readonly vrChannels = new Map<string, VrChannelState>();

  constructor(
    private readonly host: ServerHost,
    spec: ServerSpec,
  ) {
    for (const c of spec.channels) this.channels.set(c.channelId, this.newChannel(c, 'idle'));
    for (const v of spec.vrChannels) {
      const inputConnected = v.inputType !== 'disabled';
      this.vrChannels.set(v.vrChannelId, { spec: v, status: inputConnected ? 'inputConnected' : 'idle', inputConnected, collectingFor: null });
    }
  }

  /**
   * The core's new spec: channels and video return channels added (reported at once, owner only)
   * or removed, licences updated; the running state of the others continues.
   */
  updateSpec(spec: ServerSpec): void {
    const { host } = this;
    const channelIds = new Set(spec.channels.map((c) => c.channelId));
    for (const [id, c] of [...this.channels]) {
      if (channelIds.has(id)) continue;
      this.channels.delete(id);
      this.takeBack(c);
    }
    for (const c of spec.channels) {
      const held = this.channels.get(c.channelId);
      if (held) {
        // The core stores a type once the device accepted it: a new spec agrees with what runs.
        held.type = c.type;
        // Its name and memberships as the core has them now (a unit taking a free channel reads them).
        held.spec = c;
        if (held.licensed !== c.licensed) {
          held.licensed = c.licensed;
          if (host.owner) this.report(held);
        }
        continue;
      }
      const state = this.newChannel(c, host.online ? 'idle' : 'offline');
      this.channels.set(c.channelId, state);
      if (host.owner) this.report(state);
    }
    const vrIds = new Set(spec.vrChannels.map((v) => v.vrChannelId));
    for (const id of [...this.vrChannels.keys()]) if (!vrIds.has(id)) this.vrChannels.delete(id);
    for (const v of spec.vrChannels) {
      if (this.vrChannels.has(v.vrChannelId)) continue;
      const inputConnected = v.inputType !== 'disabled';
      const state: VrChannelState = { spec: v, status: 'offline', inputConnected, collectingFor: null };
      this.vrChannels.set(v.vrChannelId, state);
      this.setVrStatus(state);
    }
  }

  /** Channels running as outputs (output or distributor), leaving one out. */
  outputsExcept(channelId: string): number {
    let n = 0;
    for (const c of this.channels.values()) if (c.spec.channelId !== channelId && isOutputType(c.type)) n++;
    return n;
  }

  /** Whether a channel receiving from an encoder is busy now. */
  encoderInputBusy(): boolean {
    return [...this.channels.values()].some((c) => c.spec.inputKind === 'encoder' && channelStatusClass(c.status) === 'busy');
  }

  /** The channel's multipoint configuration: its receivers from now on (an empty list ends it). */
  setPtmpReceivers(channelId: string, uids: readonly string[]): void {
    const c = this.channels.get(channelId);
    if (!c) return;
    if (c.ptmp) c.ptmp.set(uids);
    else if (uids.length > 0) c.ptmp = new PtmpReceivers(this.host.rng.fork(`ptmp:${channelId}`), uids);
    else return;
    // Receivers take a moment to connect; reporting after the acknowledgement also keeps the core's
    // own write of the configuration ahead of the state it causes.
    this.host.schedule(PTMP.connectMs, () => {
      if (this.channels.get(channelId) === c) this.report(c);
    });
  }

  /** A unit streams to the channel: it is collecting. */
  allocate(channelId: string, unitId: string): boolean {
    const c = this.channels.get(channelId);
    if (!c || !this.host.online || c.status !== 'idle') return false;
    c.allocatedTo = unitId;
    c.status = 'collecting';
    this.report(c);
    return true;
  }

  /** The channel is no longer the unit's (its stream ends: `channelTaken`); the caller sets the status. */
  takeBack(c: ChannelState): void {
    const unitId = c.allocatedTo;
    if (unitId === null) return;
    c.allocatedTo = null;
    this.host.channelTaken?.(c.spec.channelId, unitId);
  }

  release(channelId: string, unitId: string): void {
    const c = this.channels.get(channelId);
    if (!c || c.allocatedTo !== unitId) return;
    c.allocatedTo = null;
    c.status = this.restingStatus(c);
    this.report(c);
  }

  /**
   * A unit's video return application takes the video return channel it asked for, when that one
   * has input and is free, else the first one that has.
   */
  takeVideoReturn(unitId: string, wanted: string | null = null): VrChannelState | null {
    if (!this.host.online) return null;
    const free = (x: VrChannelState) => x.inputConnected && x.collectingFor === null;
    const asked = wanted === null ? undefined : this.vrChannels.get(wanted);
    const v = asked && free(asked) ? asked : [...this.vrChannels.values()].find(free);
    if (!v) return null;
    v.collectingFor = unitId;
    this.setVrStatus(v);
    return v;
  }

  releaseVideoReturn(unitId: string): void {
    for (const v of this.vrChannels.values()) {
      if (v.collectingFor === unitId) {
        v.collectingFor = null;
        this.setVrStatus(v);
      }
    }
  }

  /** The server went down or came up: its channels follow (a channel taken back ends its unit's stream). */
  powerChanged(on: boolean): void {
    for (const c of this.channels.values()) {
      if (!on) this.takeBack(c);
      this.setStatus(c, on ? this.restingStatus(c) : 'offline');
    }
    for (const v of this.vrChannels.values()) {
      if (!on) v.collectingFor = null;
      this.setVrStatus(v);
    }
  }

  /** Every channel as the server now leaves it (after an upgrade that failed). */
  settle(): void {
    for (const c of this.channels.values()) this.setStatus(c, this.restingStatus(c));
  }

  /** Every channel upgrading with the server. */
  upgrading(): void {
    for (const c of this.channels.values()) this.setStatus(c, 'upgrading');
  }

  /** The status a channel rests in when nothing forces another: offline, upgrading, forced, collecting or idle. */
  restingStatus(c: ChannelState): ChannelStatus {
    if (!this.host.online) return 'offline';
    if (this.host.isUpgrading()) return 'upgrading';
    return c.forced ?? (c.allocatedTo ? 'collecting' : 'idle');
  }

  setStatus(c: ChannelState, status: ChannelStatus): void {
    if (c.status === status) return;
    c.status = status;
    this.report(c);
    this.host.followApplications();
  }

  setVrStatus(v: VrChannelState): void {
    const status: VrChannelStatus = !this.host.online ? 'offline' : v.collectingFor ? 'collecting' : v.inputConnected ? 'inputConnected' : 'idle';
    if (v.status === status) return;
    v.status = status;
    this.reportVr(v);
    this.host.followApplications();
  }

  /** Report every channel and video return channel (after assignment or reset). */
  reportAll(): void {
    for (const c of this.channels.values()) this.report(c);
    for (const v of this.vrChannels.values()) this.reportVr(v);
  }

  report(c: ChannelState): void {
    const base = {
      type: 'channelState',
      serverId: this.host.id,
      channelId: c.spec.channelId,
      status: c.status,
      allocatedToUnitUid: c.allocatedTo,
      licensed: c.licensed,
    } as const;
    // A multipoint channel tells of its receivers with every state (an emptied list once more, so it is cleared).
    this.host.reportEvent(c.ptmp ? { ...base, ptmpStatuses: c.ptmp.statuses(c.status), ptmpDelay: c.ptmp.delay(c.status) } : base);
  }

  private reportVr(v: VrChannelState): void {
    this.host.reportEvent({ type: 'vrChannelState', vrChannelId: v.spec.vrChannelId, serverId: this.host.id, status: v.status });
  }

  private newChannel(c: ChannelSpec, status: ChannelStatus): ChannelState {
    const receivers = c.ptmpReceivers ?? [];
    const ptmp = receivers.length > 0 ? new PtmpReceivers(this.host.rng.fork(`ptmp:${c.channelId}`), receivers) : null;
    return { spec: c, status, licensed: c.licensed, allocatedTo: null, forced: null, type: c.type, ptmp };
  }
}
