/**
 * Support cases opened by sending a unit's logs (spec 000 §5, §8; POST/DELETE fetchlogs/stream):
 * the rules of who may open one and on which channel, the remote action that records it, and the
 * channel's transfer until the unit's fetchlogs activity ends.
 */
import { CHANNEL_STATUSES, VALIDATION, type ChannelStatus, type FetchLogsResult, type UnitActionOutcome, RULES } from '@fleet/contracts';
import { channelStatusClass } from '@fleet/domain';
import { transaction } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { channelCapabilities, channelFileTransfer } from '../channels/channel-columns.js';
import { anyObject } from '../../platform/storage/json-column.js';
import type { AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitDevices } from '../units/unit-devices.js';
import type { UserService } from '../users/users.js';
import type { AckedState } from '../units/unit-devices.js';
import * as repo from './repository.js';

export class SupportCaseService {
  /** The log sending in progress per unit: the channel used and the support case. */
  private readonly logSessions = new Map<string, { channelId: string; supportCaseId: string }>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly devices: Pick<UnitDevices, 'act' | 'channelOf' | 'load' | 'outcome' | 'stop'>,
    private readonly users: Pick<UserService, 'supportEmailOf'>,
  ) {
    // The unit's fetchlogs activity ended: the logs were sent (or the unit went offline: failed).
    deps.reports.onDeviceState(async (c) => {
      if (c.previous.fetchlogs && (!c.online || !c.applications.fetchlogs)) {
        await this.finishLogSending(c.unitId, c.online ? 'done' : 'failed', c.online ? {} : { reason: 'offline' });
      }
    });
  }

  /**
   * POST fetchlogs/stream (spec 000 §5, §8): the caller needs an e-mail address; the unit must be
   * online and idle; the channel (given, else the selected one) must support logs, be neither busy
   * nor offline, and its server must not be sending logs of another channel. A support case is
   * recorded (remote action "fetchlogs") and the channel carries the transfer until it ends.
   */
  async startFetchLogs(
    user: AuthUser,
    id: string,
    body: { description: string; channelId?: string | undefined; timeZone?: string | undefined },
  ): Promise<FetchLogsResult> {
    const email = await this.users.supportEmailOf(user.id);
    if (!email) throw new AppError('SUPPORT_CASE_NO_EMAIL');
    const unit = await this.devices.load(id);
    const status = this.deps.index.statusOf(id);
    if (status !== 'idle' && status !== 'online') throw new AppError('SUPPORT_CASE_NOT_IDLE');
    const wanted = body.channelId ?? unit.selectedChannelId;
    if (!wanted) throw validationError([{ path: 'body.channelId', message: VALIDATION.required }]);
    const channel = this.devices.channelOf(unit, wanted);
    if (!channel) throw validationError([{ path: 'body.channelId', message: RULES.notOfUnit }]);
    const caps = channelCapabilities.read(channel.capabilities);
    if (channel.type === 'input' || caps.supportsLogs === false || caps.logs === false) throw new AppError('CHANNEL_NO_LOGS');
    const cls = channelStatusClass(asChannelStatus(channel.status));
    if (cls !== 'idle' || this.isSendingLogs(channel.fileTransfer)) throw new AppError('CHANNEL_BUSY_OR_OFFLINE_LOGS');
    const siblings = this.deps.readModel.channels.all().filter((c) => c.serverId === channel.serverId && c.id !== channel.id);
    if (siblings.some((c) => this.isSendingLogs(c.fileTransfer))) throw new AppError('SERVER_BUSY_SENDING_LOGS');

    const supportCase = await transaction(this.deps.db, async (tx) => {
      const created = await repo.createRemoteAction(tx, {
        deviceType: 'unit',
        deviceId: id,
        action: 'fetchlogs',
        params: { description: body.description, channelId: channel.id, timeZone: body.timeZone ?? null, email },
        status: 'running',
        requestedById: user.id,
      });
      await repo.setChannelFileTransfer(tx, channel.id, {
        kind: 'logs',
        unitId: id,
        supportCaseId: created.id,
        status: 'sending',
        startedAt: this.deps.clock.date().toISOString(),
      });
      return created;
    });
    this.logSessions.set(id, { channelId: channel.id, supportCaseId: supportCase.id });
    let acked: AckedState;
    try {
      acked = await this.devices.act(id, 'startFetchLogs', { channelId: channel.id, supportCaseId: supportCase.id, timeZone: body.timeZone ?? null });
    } catch (e) {
      this.logSessions.delete(id);
      await transaction(this.deps.db, async (tx) => {
        await repo.deleteRemoteAction(tx, supportCase.id);
        await repo.restoreChannelFileTransfer(tx, channel.id, channelFileTransfer.write(channelFileTransfer.read(channel.fileTransfer)));
      });
      throw e;
    }
    return { ...(await this.devices.outcome(id, 'startFetchLogs', acked)), supportCaseId: supportCase.id, channelId: channel.id };
  }

  async stopFetchLogs(id: string): Promise<UnitActionOutcome> {
    const outcome = await this.devices.stop(id, 'stopFetchLogs');
    await this.finishLogSending(id, 'failed', { cancelled: true });
    return outcome;
  }

  /** A channel's transfer is a log sending still in progress (its unit still runs fetchlogs). */
  private isSendingLogs(fileTransfer: unknown): boolean {
    const t = channelFileTransfer.read(fileTransfer);
    if (t.kind !== 'logs' || t.status !== 'sending' || typeof t.unitId !== 'string') return false;
    return this.deps.index.applicationsOf(t.unitId).fetchlogs !== undefined;
  }

  private async finishLogSending(unitId: string, status: 'done' | 'failed', result: Record<string, unknown>): Promise<void> {
    const session = this.logSessions.get(unitId);
    if (!session) return;
    this.logSessions.delete(unitId);
    await transaction(this.deps.db, async (tx) => {
      await repo.finishRunningSupportCase(tx, session.supportCaseId, status, anyObject.write(result));
      const channel = await repo.findChannelFileTransfer(tx, session.channelId);
      const t = channelFileTransfer.read(channel?.fileTransfer);
      if (channel && t.kind === 'logs' && t.supportCaseId === session.supportCaseId) {
        await repo.setChannelFileTransfer(
          tx,
          session.channelId,
          channelFileTransfer.write({
            ...t,
            status: status === 'done' ? 'done' : 'cancelled',
            finishedAt: this.deps.clock.date().toISOString(),
          }),
        );
      }
    });
  }
}

/** A stored channel status; anything unknown counts as offline. */
function asChannelStatus(s: string): ChannelStatus {
  return CHANNEL_STATUSES.find((c) => c === s) ?? 'offline';
}

/** The calls UnitActionService answers. */

export const supportCaseCalls = callsOf<SupportCaseService>()({
  startFetchLogs: (s, { params, body }, user) => s.startFetchLogs(user, params.id, body),
  stopFetchLogs: (s, { params }) => s.stopFetchLogs(params.id),
});
