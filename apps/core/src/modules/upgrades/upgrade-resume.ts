/**
 * Upgrade jobs a previous core process left open, taken over at start (below).
 */
import { canonicalSoftwareVersionNumber } from '@fleet/contracts';
import type { AppError } from '../../errors.js';
import type { ClockTimer } from '../../platform/clock.js';
import type { DeviceEventOf } from '../../platform/device-events.js';
import type { ServiceDeps } from '../deps.js';
import type { ServerService } from '../servers/servers.js';
import { CHUNK, GENERIC_UPGRADE_FAILURE, isOpen, type UpgradeDevice, type UpgradeJobRow } from './jobs.js';
import * as repo from './repository.js';

/** How often the jobs a previous process left open are looked at. */
const RESUME_SWEEP_MS = 500;

/** What the jobs left open need of the upgrade service (upgrades.ts). */
export interface UpgradeRunner {
  device(type: 'unit' | 'server', id: string): UpgradeDevice | undefined;
  /** Apply a report as if the device had sent it. */
  report(e: DeviceEventOf<'upgrade'>, at: number): Promise<void>;
  /** Announce a job's change. */
  announce(row: UpgradeJobRow, at: number): void;
  /** Send a job's command: null once the device took it, else its refusal. */
  send(d: UpgradeDevice, job: UpgradeJobRow): Promise<AppError | null>;
  /** End a pending job rejected with the device's code. */
  reject(job: UpgradeJobRow, code: number | null): Promise<void>;
  inWaves<T extends { job: UpgradeJobRow }>(items: readonly T[], send: (item: T) => Promise<unknown>): Promise<void>;
}

/**
 * Take over the jobs a previous core process left open (it stopped or crashed while they were
 * pending or upgrading; spec 001 §4 has no state they may stay in forever). Called once at start,
 * before any request: every open job then is such a job. A sweep every {@link RESUME_SWEEP_MS}:
 *
 * - `pending`: the command may never have reached the device (a batch's later waves, a crash
 *   between the job and its command). It is sent through the gateway once the device reports in
 *   to this process (a unit not offline and the server it transmits to reported, a server's own
 *   state report), in waves like a batch. A device that is not reachable yet (no shard, unit
 *   still off) is tried again at the next sweep; after `UPGRADE_RESUME_TIMEOUT_MS` the command
 *   is sent regardless and a refusal ends the job `rejected` with the device's code, as a
 *   start's would. A device found already upgrading is followed as below.
 * - `upgrading`: the device may still be running it (it goes on without the core): its reports
 *   carry the job on as usual. A server that reports in to this process without running an
 *   upgrade has ended it: `succeeded` if it runs the target version (its last report went to the
 *   previous process, or was lost with it), else `failed` -1. Otherwise (a unit, whose reports do
 *   not name its version) a job that gets no report for `UPGRADE_RESUME_TIMEOUT_MS` ends `failed`
 *   with -1 (spec 001 §8 "generic, reboot server": the run was cut off and its outcome is unknown,
 *   as when a device goes down in the middle of its upgrade).
 * - A job whose device no longer exists ends at once (`rejected` or `failed` -1).
 *
 * With several instances (REDIS_URL) another instance may own a device and be running its job:
 * the deadline acts only on devices whose shard is attached to this instance.
 */
export class LeftOpenUpgrades {
  /** Jobs a previous process left open, by id: the job's version when last seen, since when it has not moved, whether its command is on its way. */
  private readonly leftOpen = new Map<string, { version: number; since: number; sending: boolean }>();
  private resumeTimer: ClockTimer | null = null;
  /** The sweep over the jobs left open under way (one at a time), and the commands sweeps are sending. */
  private sweeping: Promise<void> | null = null;
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly servers: ServerService,
    private readonly service: UpgradeRunner,
  ) {}

  async start(): Promise<number> {
    const rows = await repo.findOpenUpgradeJobs(this.deps.db);
    const now = this.deps.clock.now();
    for (const r of rows) this.leftOpen.set(r.id, { version: r.version, since: now, sending: false });
    if (rows.length > 0 && this.resumeTimer === null) {
      this.deps.log.info({ jobs: rows.length }, 'upgrades left open by a previous process: resumed');
      this.resumeTimer = this.deps.clock
        .setInterval(() => {
          this.sweeping ??= this.sweepLeftOpen(this.deps.clock.now())
            .catch((err: unknown) => this.deps.log.warn({ err }, 'upgrade: resuming jobs failed'))
            .finally(() => {
              this.sweeping = null;
            });
        }, RESUME_SWEEP_MS)
        .unref();
    }
    return rows.length;
  }

  /** Resolves once the sweep over the jobs left open under way, and the commands sweeps are sending, are done. */
  async settle(): Promise<void> {
    await this.sweeping;
    await Promise.all(this.sending);
  }

  /** Stop following the jobs left open (the app is closing). */
  close(): void {
    this.deps.clock.clearInterval(this.resumeTimer);
    this.resumeTimer = null;
    this.leftOpen.clear();
  }

  /** One sweep over the jobs left open (see {@link start}). */
  private async sweepLeftOpen(now: number): Promise<void> {
    const ids = [...this.leftOpen.keys()].filter((id) => !this.leftOpen.get(id)?.sending);
    const rows: UpgradeJobRow[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) rows.push(...(await repo.findUpgradeJobsByIds(this.deps.db, ids.slice(i, i + CHUNK))));
    const found = new Set(rows.map((r) => r.id));
    for (const id of ids) if (!found.has(id)) this.leftOpen.delete(id);
    const timeout = this.deps.config.UPGRADE_RESUME_TIMEOUT_MS;
    const toSend: Array<{ device: UpgradeDevice; job: UpgradeJobRow; last: boolean }> = [];
    for (const row of rows) {
      const entry = this.leftOpen.get(row.id);
      if (!entry) continue;
      if (!isOpen(row.state)) {
        this.leftOpen.delete(row.id);
        continue;
      }
      // A report (or anything else) moved the job on: its silence counts from now.
      if (row.version !== entry.version) {
        entry.version = row.version;
        entry.since = now;
      }
      const d = this.service.device(row.deviceType === 'server' ? 'server' : 'unit', row.deviceId);
      const due = now - entry.since >= timeout;
      if (!d) {
        this.leftOpen.delete(row.id);
        await this.endLeftOpen(row, row.state === 'pending' ? 'rejected' : 'failed', row.state === 'pending' ? null : GENERIC_UPGRADE_FAILURE);
        continue;
      }
      const here = this.reportsHere(d);
      const mayAct = !this.deps.config.REDIS_URL || here !== 'elsewhere';
      if (row.state === 'upgrading' || here === 'upgrading') {
        const server = row.state === 'upgrading' && here === 'ready' && d.type === 'server' ? this.servers.reported(d.row.id) : null;
        if (server) {
          // The server reports in and runs no upgrade: the run is over, and its end was reported
          // to the previous process or to nobody. The version it runs says how it ended.
          this.leftOpen.delete(row.id);
          if (canonicalSoftwareVersionNumber(server.swVersion) === canonicalSoftwareVersionNumber(row.targetVersion)) {
            await this.service.report(
              {
                type: 'upgrade',
                deviceType: 'server',
                deviceId: row.deviceId,
                fromVersion: row.fromVersion,
                targetVersion: row.targetVersion,
                state: 'succeeded',
                progress: 100,
                failureCode: null,
              },
              now,
            );
          } else {
            await this.endLeftOpen(row, 'failed', GENERIC_UPGRADE_FAILURE);
          }
          continue;
        }
        if (due && mayAct) {
          this.leftOpen.delete(row.id);
          await this.endLeftOpen(row, 'failed', GENERIC_UPGRADE_FAILURE);
        }
        continue;
      }
      if (here === 'ready' || (due && mayAct)) {
        entry.sending = true;
        toSend.push({ device: d, job: row, last: due });
      }
    }
    if (toSend.length > 0) {
      // Sent in the background: the next sweeps go on meanwhile (these jobs are marked as sending).
      const sent: Promise<void> = this.service
        .inWaves(toSend, (item) => this.resend(item.device, item.job, item.last))
        .finally(() => this.sending.delete(sent));
      this.sending.add(sent);
    }
  }

  /**
   * Whether the device reported in to this process: `ready` to take a command, `upgrading`
   * already, `waiting` (its shard is here, it is not up yet) or `elsewhere` (no shard here).
   */
  private reportsHere(d: UpgradeDevice): 'ready' | 'upgrading' | 'waiting' | 'elsewhere' {
    if (d.type === 'unit') {
      if (this.deps.gateway.ownerIndex(d.row.id) === null) return 'elsewhere';
      if ('upgrade' in this.deps.index.applicationsOf(d.row.id)) return 'upgrading';
      if (this.deps.index.statusOf(d.row.id) === 'offline') return 'waiting';
      // A unit upgrades from the server it transmits to: that one reports in first (else the unit would refuse with 6199).
      const channel = d.row.selectedChannelId ? this.deps.readModel.channels.get(d.row.selectedChannelId) : undefined;
      return channel && this.servers.reported(channel.serverId) === null ? 'waiting' : 'ready';
    }
    const status = this.servers.reported(d.row.id)?.status ?? null;
    if (status === null) return 'elsewhere';
    if (status === 'upgrading') return 'upgrading';
    return status === 'offline' ? 'waiting' : 'ready';
  }

  /**
   * Send a left-open pending job's command. A device not reachable yet is tried again at the next
   * sweep, unless this was the `last` try; any other refusal ends the job `rejected` with its code.
   */
  private async resend(d: UpgradeDevice, job: UpgradeJobRow, last: boolean): Promise<void> {
    const entry = this.leftOpen.get(job.id);
    try {
      const error = await this.service.send(d, job);
      if (error && !last && (error.code === 'DEVICE_UNREACHABLE' || error.code === 'UNIT_OFFLINE')) return;
      this.leftOpen.delete(job.id);
      if (error) await this.service.reject(job, error.deviceCode ?? null);
    } finally {
      if (entry) entry.sending = false;
    }
  }

  /** End a left-open job (`rejected` or `failed`) unless something moved it on meanwhile; announced. */
  private async endLeftOpen(job: UpgradeJobRow, state: 'rejected' | 'failed', code: number | null): Promise<void> {
    const at = this.deps.clock.now();
    const count = await repo.endUpgradeJob(this.deps.db, job.id, { version: job.version, state: job.state }, state, code, new Date(at));
    if (count === 0) return;
    const row = await repo.findUpgradeJob(this.deps.db, job.id);
    if (row) this.service.announce(row, at);
  }
}
