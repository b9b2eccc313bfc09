/**
 * A unit's sessions with a server: the IP pipe (spec 000 §4: connecting, connected, disconnecting,
 * not connected, failed) and its two intercom sessions (audio room or target channel).
 */
import { nonEmpty } from '../../platform/storage/json-column.js';
import { type AuthUser } from '../../platform/access.js';
import { VALIDATION, type Applications, type IntercomSessionResult, type IpPipeConnectionResult, UnitSipAccount, RULES } from '@fleet/contracts';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { audioRoomParticipants } from '../channels/channel-columns.js';
import { unitCapabilities, unitConfiguration } from '../../platform/storage/unit-columns.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitService } from './units.js';
import type { UnitDevices } from './unit-devices.js';
import { ipPipeStateOf } from './unit-devices.js';
import { inventoriesOf, type DeviceUnit } from './unit-devices.js';
import * as repo from './repository.js';

type IntercomMode = 'audioRoom' | 'targetChannel';

export class UnitSessionService {
  /** Modes of the intercom sessions the core opened, per unit (the device keeps the sessions). */
  private readonly intercomModes = new Map<string, Partial<Record<1 | 2, IntercomMode>>>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly units: Pick<UnitService, 'findVisible'>,
    private readonly devices: UnitDevices,
  ) {}

  /**
   * POST ippipe/connection: the pipe goes connecting → connected, or → failed when the IP pipe
   * server is not online (spec 000 §4 IP pipe states).
   */
  async connectIpPipe(id: string, serverId: string | undefined): Promise<IpPipeConnectionResult> {
    const unit = await this.devices.load(id);
    this.devices.requireOnline(id);
    if (!this.devices.hasCapability(unit, 'ipPipe')) throw new AppError('FEATURE_DISABLED');
    const configured = nonEmpty(unitConfiguration.read(unit.configuration).ipPipe?.serverId);
    const inventories = inventoriesOf(unit);
    // Named, else configured, else the first hub (by id) of the unit's inventories.
    const server = serverId
      ? this.devices.serverOf(unit, serverId)
      : configured
        ? this.deps.readModel.servers.get(configured)
        : this.deps.readModel.servers.all().find((s) => s.serverType === 'mmh_server' && s.inventoryId !== null && inventories.includes(s.inventoryId));
    if (!server) throw validationError([{ path: 'body.serverId', message: serverId ? RULES.notOfUnit : VALIDATION.required }]);
    const acked = await this.devices.act(id, 'connectIpPipe', { serverId: server.id, serverOnline: server.status === 'online' });
    const outcome = await this.devices.outcome(id, 'connectIpPipe', acked);
    return { ...outcome, ipPipeState: ipPipeStateOf(outcome.applications) };
  }

  async disconnectIpPipe(id: string): Promise<IpPipeConnectionResult> {
    const outcome = await this.devices.stop(id, 'disconnectIpPipe');
    return { ...outcome, ipPipeState: ipPipeStateOf(outcome.applications) };
  }

  /**
   * POST intercom/session/{n}. Audio-room mode: the unit's intercom server (the intercom's own
   * server, else the server of the unit's selected channel) must be the audio room's server
   * ("Intercom server missing or different from the audio room"). Target-channel mode: the channel
   * (else the configured one, else the selected channel).
   */
  async startIntercom(
    id: string,
    session: 1 | 2,
    body: { mode?: IntercomMode; audioRoomId?: string; channelId?: string } | undefined,
  ): Promise<IntercomSessionResult> {
    const unit = await this.devices.load(id);
    this.devices.requireOnline(id);
    if (!this.devices.hasCapability(unit, 'intercom')) throw new AppError('FEATURE_DISABLED');
    const intercom = intercomOf(unit, session);
    const mode: IntercomMode = body?.mode ?? intercom.mode ?? defaultModeOf(session);
    let audioRoomId: string | null = null;
    let channelId: string | null = null;
    let serverId: string;
    if (mode === 'audioRoom') {
      const room = await this.findAudioRoom(unit, body?.audioRoomId, [nonEmpty(intercom.audioRoomId), nonEmpty(intercom.destinationAccount)]);
      const intercomServer =
        (typeof intercom.serverId === 'string' ? nonEmpty(intercom.serverId) : null) ?? (await this.devices.serverOfChannel(unit.selectedChannelId));
      if (!intercomServer || room.serverId === null || room.serverId !== intercomServer) throw new AppError('INTERCOM_SERVER_MISMATCH');
      audioRoomId = room.id;
      serverId = intercomServer;
    } else {
      const wanted = body?.channelId ?? nonEmpty(intercom.targetChannelId) ?? unit.selectedChannelId;
      if (!wanted) throw validationError([{ path: 'body.channelId', message: VALIDATION.required }]);
      const channel = this.devices.channelOf(unit, wanted);
      if (!channel) throw validationError([{ path: 'body.channelId', message: RULES.notOfUnit }]);
      channelId = channel.id;
      serverId = channel.serverId;
    }
    const acked = await this.devices.act(id, 'startIntercom', { session, mode, audioRoomId, channelId, serverId });
    this.intercomModes.set(id, { ...this.intercomModes.get(id), [session]: mode });
    const outcome = await this.devices.outcome(id, 'startIntercom', acked);
    return { ...outcome, session, mode, intercomState: intercomStateOf(outcome.applications, mode) };
  }

  async stopIntercom(id: string, session: 1 | 2): Promise<IntercomSessionResult> {
    const unit = await this.devices.load(id);
    this.devices.requireOnline(id);
    const known = this.intercomModes.get(id);
    const mode: IntercomMode = known?.[session] ?? intercomOf(unit, session).mode ?? defaultModeOf(session);
    const acked = await this.devices.act(id, 'stopIntercom', { session });
    if (known) {
      const { [session]: _closed, ...rest } = known;
      this.intercomModes.set(id, rest);
    }
    const outcome = await this.devices.outcome(id, 'stopIntercom', acked);
    const stillOpen = Object.values(this.intercomModes.get(id) ?? {}).includes(mode);
    return { ...outcome, session, mode, intercomState: stillOpen ? 'disconnected' : intercomStateOf(outcome.applications, mode) };
  }

  /** The audio room of an intercom: given (must be of the unit's inventories), configured, or one the unit takes part in. */
  private async findAudioRoom(unit: DeviceUnit, given: string | undefined, configured: (string | null)[]): Promise<{ id: string; serverId: string | null }> {
    const inventories = inventoriesOf(unit);
    const rooms = await repo.findIntercomRooms(this.deps.db, inventories);
    if (given) {
      const room = rooms.find((r) => r.id === given);
      if (!room) throw validationError([{ path: 'body.audioRoomId', message: RULES.notOfUnit }]);
      return room;
    }
    for (const c of configured) {
      const room = c ? rooms.find((r) => r.id === c || r.name === c) : undefined;
      if (room) return room;
    }
    const joined = rooms.find((r) => audioRoomParticipants.read(r.participants).some((p) => p.kind === 'unit' && p.id === unit.id));
    if (!joined) throw validationError([{ path: 'body.audioRoomId', message: VALIDATION.required }]);
    return joined;
  }

  async sipAccount(user: AuthUser, id: string): Promise<UnitSipAccount> {
    const row = await this.units.findVisible(user, id);
    const stored = (await this.deps.readModel.unitRows.configurationOf(id)).sipAccount ?? {};
    if (typeof stored.username === 'string' && typeof stored.server === 'string') {
      return {
        uniqueId: id,
        sipAccount: {
          username: stored.username,
          server: stored.server,
          displayName: typeof stored.displayName === 'string' ? stored.displayName : row.name,
          enabled: typeof stored.enabled === 'boolean' ? stored.enabled : true,
        },
      };
    }
    // No account stored: a unit with intercom has the account <uniqueId> on its inventory's SIP server.
    if (unitCapabilities.read(row.capabilities).intercom !== true) return { uniqueId: id, sipAccount: null };
    const link = await repo.findUnitSipServer(this.deps.db, id);
    const server = link?.inventory.sipServer;
    if (!server) return { uniqueId: id, sipAccount: null };
    return { uniqueId: id, sipAccount: { username: id.toLowerCase(), server, displayName: row.name, enabled: true } };
  }
}

/** Spec 000 §4 intercom: connecting or connected (audioRoom / ifb activity), disconnecting, disconnected. */
export function intercomStateOf(apps: Applications, mode: IntercomMode): IntercomSessionResult['intercomState'] {
  const state = apps[mode === 'audioRoom' ? 'audioRoom' : 'ifb']?.state;
  switch (state) {
    case undefined:
    case 'failed':
      return 'disconnected';
    case 'connecting':
      return 'connecting';
    case 'disconnecting':
    case 'stopping':
      return 'disconnecting';
    default:
      return 'connected';
  }
}

/** The calls UnitActionService answers. */

/** Intercom session path parameter "1" | "2" as the session number. */
const sessionOf = (n: '1' | '2'): 1 | 2 => (n === '1' ? 1 : 2);

export const unitSessionCalls = callsOf<UnitSessionService>()({
  getUnitSipAccount: (s, { params }, user) => s.sipAccount(user, params.id),
  connectIpPipe: (s, { params, body }) => s.connectIpPipe(params.id, body?.serverId),
  disconnectIpPipe: (s, { params }) => s.disconnectIpPipe(params.id),
  startIntercomSession: (s, { params, body }) => s.startIntercom(params.id, sessionOf(params.n), body),
  stopIntercomSession: (s, { params }) => s.stopIntercom(params.id, sessionOf(params.n)),
});

/** The stored settings of intercom 1 or 2. */
function intercomOf(unit: Pick<DeviceUnit, 'configuration'>, session: 1 | 2) {
  return unitConfiguration.read(unit.configuration).intercoms?.[session - 1] ?? {};
}

/** Intercom 1 talks to an audio room, intercom 2 to a channel, unless configured otherwise. */
function defaultModeOf(session: 1 | 2): IntercomMode {
  return session === 1 ? 'audioRoom' : 'targetChannel';
}

/** The calls UnitReadService answers. */
