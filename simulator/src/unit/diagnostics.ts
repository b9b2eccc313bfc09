/**
 * What a unit measures and sends for diagnosis: the speed test (spec 000 §4, §5, §9), run on the
 * video application towards a channel, and sending its logs to a channel (spec 000 §8 errors),
 * which keeps the channel's server busy until they are sent or stopped. Both end with the power.
 */
import { SOFTWARE_VERSIONS, TIMINGS } from '@fleet/contracts';
import { isAtLeast, isBusy, isStreaming } from '@fleet/domain';
import { SPEED_TEST_DOWNLINK_FACTOR } from '../models/constants.js';
import { accepted, refused, type Reaction } from '../reaction.js';
import type { UnitHost } from './host.js';

/** Why a running speed test ends early (spec 000 §8 texts). */
export type SpeedTestCancel = 'TEST_CANCELLED' | 'CHANNEL_CHANGED_SPEED_TEST';

type LogsError = 'UNIT_BUSY' | 'CHANNEL_NO_LOGS' | 'CHANNEL_BUSY_OR_OFFLINE_LOGS' | 'SERVER_BUSY_SENDING_LOGS';

export class UnitDiagnostics {
  private test: { channelId: string | null } | null = null;
  private logs: { channelId: string } | null = null;

  constructor(
    private readonly host: UnitHost,
    /** The selected channel (External or not), the speed test's target when none is given. */
    private readonly selectedChannel: () => string | null,
  ) {}

  /** The speed test running now, or null. */
  get speedTest(): { channelId: string | null } | null {
    return this.test;
  }

  /** The channel the unit sends its logs to now, or null. */
  get logsChannel(): string | null {
    return this.logs?.channelId ?? null;
  }

  /**
   * Speed test towards `channelId` (else the selected channel): needs the channel at 7.5.1 or
   * higher and an idle unit; the video application runs in the `speedtest` state for the test
   * time (at most `timeoutS`), then the measured rates are reported.
   */
  runSpeedTest(channelId: string | null = null, timeoutS: number = TIMINGS.speedTestTimeout): Reaction {
    const { host } = this;
    if (!host.isOnline()) return refused('UNIT_OFFLINE');
    if (host.apps.has('video') || isBusy(host.apps.all)) return refused('UNIT_BUSY');
    const target = channelId ?? this.selectedChannel();
    const ch = target ? host.world.channel(target) : undefined;
    if (ch && !isAtLeast(ch.channel.spec.swVersion, SOFTWARE_VERSIONS.speedTestMinChannelVersion)) return refused('VALIDATION_FAILED');
    const run = { channelId: target };
    this.test = run;
    host.apps.start('video', {
      running: 'speedtest',
      onRunning: () => {
        host.emitEvent({ type: 'speedTest', unitId: host.unitId, state: 'running', uplinkKbps: null, downlinkKbps: null, error: null });
        host.schedule(Math.min(timeoutS * 1000, host.timings.speedTestMs), () => this.endSpeedTest(run, null));
      },
    });
    return accepted;
  }

  /** End a running speed test early with the catalogue code the user sees; nothing when none runs. */
  cancelSpeedTest(error: SpeedTestCancel): Reaction {
    if (this.test) this.endSpeedTest(this.test, error);
    return accepted;
  }

  /** Completed (no error) with the links' rates, or cancelled; the video application goes away. */
  private endSpeedTest(run: { channelId: string | null }, cancelled: SpeedTestCancel | null): void {
    if (this.test !== run) return;
    this.test = null;
    let up: number | null = null;
    let down: number | null = null;
    if (!cancelled) {
      up = 0;
      down = 0;
      for (const l of this.host.links) {
        if (!l.carrying()) continue;
        const kbps = l.effectiveKbps(this.host.faults.bitrateScale);
        up += Math.round(kbps);
        down += Math.round(kbps * SPEED_TEST_DOWNLINK_FACTOR);
      }
    }
    const state = cancelled ? 'cancelled' : 'completed';
    this.host.emitEvent({ type: 'speedTest', unitId: this.host.unitId, state, uplinkKbps: up, downlinkKbps: down, error: cancelled });
    this.host.apps.stop('video');
  }

  /** Send logs to a channel (spec 000 §8 errors; only when online and not transmitting). */
  startFetchLogs(channelId: string): Reaction {
    const { host } = this;
    if (!host.isOnline()) return refused('UNIT_OFFLINE');
    const fail = (error: LogsError): Reaction => {
      host.emitEvent({ type: 'fetchLogs', unitId: host.unitId, channelId, state: 'failed', error });
      return refused(error);
    };
    if (isStreaming(host.apps.all) || isBusy(host.apps.all)) return fail('UNIT_BUSY');
    const found = host.world.channel(channelId);
    if (!found || !found.channel.spec.supportsLogs) return fail('CHANNEL_NO_LOGS');
    const { server, channel } = found;
    if ((server.sendingLogsFor !== null && server.sendingLogsFor !== channelId) || server.busy) return fail('SERVER_BUSY_SENDING_LOGS');
    if (!server.online || channel.status !== 'idle') return fail('CHANNEL_BUSY_OR_OFFLINE_LOGS');
    server.sendingLogsFor = channelId;
    const run = { channelId };
    this.logs = run;
    host.apps.start('fetchlogs', {
      onRunning: () => {
        host.emitEvent({ type: 'fetchLogs', unitId: host.unitId, channelId, state: 'running', error: null });
        host.schedule(host.timings.fetchLogsMs, () => {
          if (this.logs !== run) return;
          this.releaseLogs();
          host.emitEvent({ type: 'fetchLogs', unitId: host.unitId, channelId, state: 'completed', error: null });
          host.apps.stop('fetchlogs');
        });
      },
    });
    return accepted;
  }

  /** Stop sending logs before they are sent: the server is free again. */
  stopFetchLogs(): Reaction {
    const { host } = this;
    if (!host.isOnline()) return refused('UNIT_OFFLINE');
    const channelId = this.logs?.channelId;
    this.releaseLogs();
    if (channelId) host.emitEvent({ type: 'fetchLogs', unitId: host.unitId, channelId, state: 'failed', error: null });
    host.apps.stop('fetchlogs');
    return accepted;
  }

  /** The unit went off: the logs' server is free again and a speed test is dropped (nothing reported). */
  release(): void {
    this.releaseLogs();
    this.test = null;
  }

  private releaseLogs(): void {
    const run = this.logs;
    if (!run) return;
    this.logs = null;
    const server = this.host.world.channel(run.channelId)?.server;
    if (server?.sendingLogsFor === run.channelId) server.sendingLogsFor = null;
  }
}
