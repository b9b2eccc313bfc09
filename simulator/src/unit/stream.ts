/**
 * A unit's live stream and the channel it goes to: the channel selection (set virtual channel,
 * retried while the channel cannot take it), the stream's start on a channel it takes from the
 * start (or an External destination by name), the tally that follows the channel, stopping every
 * streaming application, and the channel given back when the stream is gone or the server takes it back.
 */
import { TIMINGS } from '@fleet/contracts';
import { accepted, refused, type Reaction } from '../reaction.js';
import type { SpeedTestCancel } from './diagnostics.js';
import type { UnitHost } from './host.js';
import type { ChannelSelection, Tally } from './state.js';

const STREAMING_APPLICATIONS = ['video', 'multiCamera', 'switcher', 'switcherAndProxy'] as const;

/** What the stream needs of the rest of its unit. */
export interface StreamUnit {
  cameraConnected(): boolean;
  /** A speed test running on the video application ends (the channel changed). */
  cancelSpeedTest(reason: SpeedTestCancel): void;
}

export class UnitStream {
  private selected: ChannelSelection | null = null;
  /** Bumped by every selection: an earlier selection's retries stop. */
  private selectionRun = 0;
  /** The channel the live stream holds (allocated from its start until video is gone). */
  private streamChannel: string | null = null;
  /** The external destination the live stream goes to instead (a channel no server here runs, or unlicensed: External). */
  private streamExternal: string | null = null;
  /** Bumped by every stream start: what waits for one stream (autonomy's stop) leaves a later one alone. */
  private streamRun = 0;
  private tallyNow: Tally = 'off';

  constructor(
    private readonly host: UnitHost,
    private readonly unit: StreamUnit,
  ) {}

  get selection(): ChannelSelection | null {
    return this.selected;
  }

  /** The selected channel unless the selection is External. */
  selectedChannel(): string | null {
    return this.selected && !this.selected.external ? this.selected.channelId : null;
  }

  get channel(): string | null {
    return this.streamChannel;
  }

  get external(): string | null {
    return this.streamExternal;
  }

  get tally(): Tally {
    return this.tallyNow;
  }

  /** The current stream's run (autonomy stops the stream it started, not a later one). */
  get run(): number {
    return this.streamRun;
  }

  /** Whether the unit's video licence is valid (DeviceSpec.videoLicensed, the core's, kept current by it). */
  licensed = true;

  /** The core's licence changed: without one, the stream ends, and no start — a person's or the unit's own — is accepted. */
  setLicensed(licensed: boolean): void {
    if (this.licensed === licensed) return;
    this.licensed = licensed;
    if (!licensed && this.host.apps.has('video') && !this.host.apps.isEnding('video')) this.stopStreaming();
  }

  /**
   * Start the live stream to `channelId`, else to the selected channel, else to a free channel the
   * unit takes (World.freeChannel: one its own people see). The channel is the unit's from the start (allocated, collecting):
   * a second unit asking for it at the same moment is refused, and a start never runs on a channel
   * it did not get. Refused: "Selected channel busy or offline" (the channel is taken, offline or
   * upgrading, or none is free), "Unit is busy" (a speed test runs on video, or the unit already
   * streams to another channel: stop it first). A channel no server here runs, or an unlicensed one,
   * is an External destination: streamed to by name, nothing allocated. Asked again for the stream
   * it runs, the unit answers accepted and changes nothing.
   */
  startStream(channelId: string | null): Reaction {
    const { host } = this;
    if (!host.isOnline()) return refused('UNIT_OFFLINE');
    if (!this.licensed) return refused('UNIT_VIDEO_LICENSE_INVALID');
    const video = host.apps.state('video');
    if (video === 'speedtest') return refused('UNIT_BUSY');
    if (video !== undefined && !host.apps.isEnding('video')) {
      const current = this.streamChannel ?? this.streamExternal;
      return channelId === null || channelId === current ? accepted : refused('UNIT_BUSY');
    }
    if (!this.unit.cameraConnected()) return refused('CAMERA_NOT_CONNECTED');
    if (host.apps.has('upgrade') || host.apps.has('fetchlogs')) return refused('UNIT_BUSY');
    const wanted = channelId ?? this.selectedChannel();
    // A stream still winding down gives its channel back now: the new one starts from nothing.
    if (video !== undefined) this.release();
    const found = wanted === null ? undefined : host.world.channel(wanted);
    let target: { channel: string } | { external: string };
    if (wanted !== null && (!found || !found.channel.licensed)) {
      target = { external: wanted };
    } else {
      const channel = wanted ?? host.world.freeChannel(host.unitId);
      const at = channel === null ? undefined : host.world.channel(channel);
      if (!channel || !at || !at.server.allocate(channel, host.unitId)) return refused('UNIT_OFFLINE');
      target = { channel };
    }
    const run = ++this.streamRun;
    if ('channel' in target) this.streamChannel = target.channel;
    else this.streamExternal = target.external;
    host.apps.start('video', {
      onRunning: () => {
        if (run !== this.streamRun || this.streamChannel === null) return;
        const type = host.world.channel(this.streamChannel)?.channel.type;
        // An output (or distributor) channel puts the unit on air; a preview channel shows it in preview.
        this.setTally(type === 'output' || type === 'distributor' ? 'program' : 'preview');
      },
    });
    return accepted;
  }

  /**
   * Stop streaming — DELETE v2/units/{id}/stream and the stopStreaming command alike: a running
   * speed test is cancelled ("Test cancelled"), every streaming application (video, multi camera,
   * switchers) stops, and the stream's channel is released (idle, tally off) once video is gone.
   */
  stopStreaming(): Reaction {
    if (!this.host.isOnline()) return refused('UNIT_OFFLINE');
    for (const key of STREAMING_APPLICATIONS) this.host.stopApp(key);
    return accepted;
  }

  /**
   * Stop the video application: a speed test running on it is cancelled ("Test cancelled", spec
   * 000 §8); the stream's channel is given back once video is gone.
   */
  stopVideo(): Reaction {
    this.unit.cancelSpeedTest('TEST_CANCELLED');
    this.host.apps.stop('video', { onGone: () => this.release() });
    return accepted;
  }

  /** Stop the stream started as run `run` (autonomy ends its own stream, not one started after it). */
  stopRun(run: number): void {
    if (run === this.streamRun && this.host.apps.has('video')) this.host.stopApp('video');
  }

  /**
   * The server took the stream's channel back (it went down, the channel was forced to another
   * status or removed): the stream has nowhere to go and ends now.
   */
  channelTaken(channelId: string): void {
    if (this.streamChannel !== channelId) return;
    this.streamChannel = null;
    this.setTally('off');
    const { apps } = this.host;
    if (this.host.isOnline() && apps.has('video') && !apps.isEnding('video')) this.host.stopApp('video');
  }

  /** The stream is gone (or the unit went off): its channel is given back, the tally off. */
  release(): void {
    this.streamExternal = null;
    const ch = this.streamChannel;
    if (!ch) return;
    this.streamChannel = null;
    this.host.world.channel(ch)?.server.release(ch, this.host.unitId);
    this.setTally('off');
  }

  private setTally(tally: Tally): void {
    if (this.tallyNow === tally) return;
    this.tallyNow = tally;
    this.host.emitEvent({ type: 'tally', unitId: this.host.unitId, tally });
  }

  /**
   * Select a channel (set virtual channel, a scenario's selection): retried up to 7 times (spec
   * 000 §4, TIMINGS.channelSetRetries) while the channel's server is offline, upgrading or the
   * attempt fails; a channel not found or not licensed marks the selection External. A speed test
   * running meanwhile is cancelled when the channel changes ("Channel changed, repeat speed test").
   */
  selectChannel(channelId: string): Reaction {
    const { host } = this;
    if (!host.isOnline()) return refused('UNIT_OFFLINE');
    if (channelId !== this.selected?.channelId) this.unit.cancelSpeedTest('CHANNEL_CHANGED_SPEED_TEST');
    const run = ++this.selectionRun;
    let attempts = 0;
    const report = (ok: boolean, external: boolean) => {
      if (ok) this.selected = { channelId, external, attempts };
      host.emitEvent({ type: 'channelSelection', unitId: host.unitId, channelId, ok, external, attempts });
    };
    const attempt = () => {
      if (!host.isOnline() || run !== this.selectionRun) return;
      attempts++;
      const found = host.world.channel(channelId);
      if (!found || !found.channel.licensed) return report(true, true);
      const status = found.channel.status;
      const transient = !found.server.online || status === 'upgrading' || status === 'connecting' || host.rng.chance(host.timings.selectionFailureChance);
      if (!transient) return report(true, false);
      if (attempts >= TIMINGS.channelSetRetries) return report(false, false);
      host.schedule(host.timings.channelRetryMs, attempt);
    };
    attempt();
    return accepted;
  }
}
