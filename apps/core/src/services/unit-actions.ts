/**
 * Unit actions (POST), deletes, social media and CDN streams of spec 000 §7.
 *
 * Every check the core can make (licences, services, unit state, the channel or room involved)
 * happens before anything is written or sent; then the action goes to the device
 * (`{ type: 'action' }`), which passes through connecting/disconnecting (spec 000 §4) and reports
 * its applications. Durable traces (uploaded-file rows, support cases, services, the external
 * streams) are written here. What the device reports afterwards: upload progress arrives as `file`
 * device events (recorded on the File rows and published by the fleet service, services/fleet.ts);
 * an outage failing the uploads, logs sent and live streams ended are followed here through
 * `UnitService.onDeviceState`.
 */
import type { z } from 'zod';
import {
  CHANNEL_STATUSES, EXTERNAL_STREAM_KINDS, LIMITS, License as LicenseSchema, READ_ONLY_ROLES, UNIT_CONTROL_ROLES,
  UPLOADED_FILE_STATUSES, VALIDATION, hasAnyRole,
  type AddUnitServiceBody, type Applications, type ChannelStatus, type DeleteUnitFilesResult, type ExternalStreamResult,
  type FetchLogsResult, type FieldProblem, type IntercomSessionResult, type IpPipeConnectionResult,
  type StartMultiCameraBody, type StartSwitcherBody, type UnitActionOutcome, type UnitApplicationKey, type UnitDeviceAction,
  type UnitDeviceActionPayload, type UnitServiceInfo, type UpdateUserContactBody, type UploadUnitFilesResult,
  type UploadedFileEntry, type UploadedFileStatus,
} from '@fleet/contracts';
import { channelStatusClass, isBusy, isOfflineLike, isStreaming } from '@fleet/domain';
import { transaction, type DbTx, type Prisma } from '@fleet/db';
import { AppError, validationError } from '../errors.js';
import type { AuthUser } from './access.js';
import type { ServiceDeps } from './deps.js';
import type { DeviceStateChange } from './units.js';
import { ipPipeStateOf } from './unit-config/store.js';

type IntercomMode = 'audioRoom' | 'targetChannel';
type ExternalStreamKind = (typeof EXTERNAL_STREAM_KINDS)[number];

/** The unit columns the actions read. */
const unitSelect = {
  id: true,
  name: true,
  license: true,
  capabilities: true,
  configuration: true,
  selectedChannelId: true,
  databridgeGatewayId: true,
  version: true,
  inventories: { select: { inventoryId: true } },
} as const;
interface ActionUnit {
  id: string;
  name: string;
  license: unknown;
  capabilities: unknown;
  configuration: unknown;
  selectedChannelId: string | null;
  databridgeGatewayId: string | null;
  version: number;
  inventories: { inventoryId: string }[];
}

/**
 * Providers whose destinations count as social media (spec 000 §3 socialMediaStatus); every other
 * streaming destination is a CDN. Compared case-insensitively.
 */
export const SOCIAL_MEDIA_PROVIDERS = ['youtube', 'facebook', 'twitch', 'twitter', 'x', 'linkedin', 'instagram', 'tiktok', 'periscope', 'vimeo'] as const;

/** Configuration key (Unit.configuration) of the social media / CDN forwarding state. */
const EXTERNAL_STREAMS_KEY = 'externalStreams';
/** Configuration keys of a pairing (the reads of settings/pairingCode use the code keys). */
const PAIRING_KEYS = ['pairing', 'pairingCode', 'pairingCodeExpiresAt'] as const;

/** Uploads that are still on their way (spec 000 §3 uploaded file status). */
const OPEN_UPLOAD_STATUSES = ['pending', 'uploading'] as const;

export class UnitActionService {
  /** Modes of the intercom sessions the core opened, per unit (the device keeps the sessions). */
  private readonly intercomModes = new Map<string, Partial<Record<1 | 2, IntercomMode>>>();
  /** The log sending in progress per unit: the channel used and the support case. */
  private readonly logSessions = new Map<string, { channelId: string; supportCaseId: string }>();

  constructor(private readonly deps: ServiceDeps) {
    deps.units.onDeviceState((c) => this.followDevice(c));
  }

  // ── services ───────────────────────────────────────────────────────────────────────────────

  /** POST v2/units/{id}/services: enable a service (created, or re-enabled when it exists). */
  async addUnitService(id: string, body: z.infer<typeof AddUnitServiceBody>): Promise<UnitServiceInfo> {
    const row = await transaction(this.deps.db, async (tx) => {
      const existing = await tx.service.findFirst({ where: { unitId: id, serviceName: body.serviceName } });
      const saved = existing
        ? await tx.service.update({
            where: { id: existing.id },
            data: { serviceStatus: 'enabled', ...(body.tier ? { tier: body.tier } : {}), version: { increment: 1 } },
          })
        : await tx.service.create({ data: { unitId: id, serviceName: body.serviceName, serviceStatus: 'enabled', tier: body.tier ?? null, usageKind: 'na' } });
      await syncServiceSummary(tx, id);
      return saved;
    });
    await this.publishUnitUpdated(id);
    return toServiceInfo(row);
  }

  /** DELETE v2/units/{id}/services/{serviceId}: by service id or service name. */
  async removeUnitService(id: string, serviceId: string): Promise<UnitServiceInfo[]> {
    const rows = await transaction(this.deps.db, async (tx) => {
      const target = await tx.service.findFirst({ where: { unitId: id, OR: [{ id: serviceId }, { serviceName: serviceId }] } });
      if (!target) throw new AppError('NOT_FOUND');
      await tx.service.delete({ where: { id: target.id } });
      await syncServiceSummary(tx, id);
      return tx.service.findMany({ where: { unitId: id }, orderBy: { serviceName: 'asc' } });
    });
    await this.publishUnitUpdated(id);
    return rows.map(toServiceInfo);
  }

  // ── stream variants ────────────────────────────────────────────────────────────────────────

  /** POST stream/multiplecamera (Multi-HQ). */
  async startMultiCamera(id: string, body: z.infer<typeof StartMultiCameraBody> | undefined): Promise<UnitActionOutcome> {
    const unit = await this.loadUnit(id);
    const apps = this.requireOnline(id);
    if (isActive(apps, 'multiCamera')) return this.outcome(id, 'startMultiCamera');
    if (isBusy(apps)) throw new AppError('UNIT_BUSY');
    this.requireVideoLicense(unit, body?.resolution);
    await this.requireMultiCameraLicense(unit);
    this.requireCamera(id);
    const config = record(unit.configuration);
    const multiCamera = record(config.multiCamera);
    const channelIds = body?.channelIds ?? strings(multiCamera.customSelectedChannels);
    if (body?.channelIds) await this.requireChannels(unit, body.channelIds.map((c, i) => ({ id: c, path: `body.channelIds.${i}` })));
    const defaults = channelIds.length > 0 ? channelIds : unit.selectedChannelId ? [unit.selectedChannelId] : [];
    const feeds = body?.numberOfFeeds ?? intOr(multiCamera.numberOfFeeds, LIMITS.multiCameraMaxCameras, 1, LIMITS.multiCameraMaxCameras);
    await this.send(id, 'startMultiCamera', { numberOfFeeds: feeds, channelIds: defaults, resolution: body?.resolution ?? null });
    return this.outcome(id, 'startMultiCamera');
  }

  async stopMultiCamera(id: string): Promise<UnitActionOutcome> {
    return this.stopAction(id, 'stopMultiCamera');
  }

  /** POST stream/switchermode: switcher or switcher-and-proxy (the multi-camera licence covers both). */
  async startSwitcher(id: string, body: z.infer<typeof StartSwitcherBody>): Promise<UnitActionOutcome> {
    const unit = await this.loadUnit(id);
    const apps = this.requireOnline(id);
    if (isActive(apps, body.mode)) return this.outcome(id, 'startSwitcher');
    if (isBusy(apps)) throw new AppError('UNIT_BUSY');
    this.requireVideoLicense(unit, body.resolution);
    await this.requireMultiCameraLicense(unit);
    this.requireCamera(id);
    const switcher = record(record(unit.configuration).switcher);
    const given = [
      ...(body.highQualityChannelId ? [{ id: body.highQualityChannelId, path: 'body.highQualityChannelId' }] : []),
      ...(body.proxyChannelId ? [{ id: body.proxyChannelId, path: 'body.proxyChannelId' }] : []),
    ];
    await this.requireChannels(unit, given);
    const highQuality = body.highQualityChannelId ?? stringOr(switcher.highQualityChannel) ?? unit.selectedChannelId;
    const proxy = body.proxyChannelId ?? stringOr(switcher.proxyChannel);
    if (body.mode === 'switcherAndProxy' && !proxy) throw validationError([{ path: 'body.proxyChannelId', message: VALIDATION.required }]);
    const sdi = body.inputSdi ?? (typeof switcher.inputSdi === 'number' ? switcher.inputSdi : null);
    await this.send(id, 'startSwitcher', {
      mode: body.mode,
      highQualityChannelId: highQuality,
      proxyChannelId: proxy,
      inputSdi: sdi,
      resolution: body.resolution ?? null,
    });
    return this.outcome(id, 'startSwitcher');
  }

  async stopSwitcher(id: string): Promise<UnitActionOutcome> {
    return this.stopAction(id, 'stopSwitcher');
  }

  /** POST stream/databridge: transparent bridge through the chosen (else the unit's) gateway. */
  async startDatabridge(id: string, gatewayId: string | undefined): Promise<UnitActionOutcome> {
    const unit = await this.loadUnit(id);
    const apps = this.requireOnline(id);
    if (isActive(apps, 'databridge')) return this.outcome(id, 'startDatabridge');
    if (isBusy(apps)) throw new AppError('UNIT_BUSY');
    if (!capability(unit, 'databridge') || !(await this.hasEnabledService(id, 'databridge'))) throw new AppError('DATABRIDGE_LICENSE_DISABLED');
    const wanted = gatewayId ?? unit.databridgeGatewayId;
    if (!wanted) throw validationError([{ path: 'body.gatewayId', message: VALIDATION.required }]);
    const gateway = await this.deps.db.databridgeGateway.findUnique({ where: { id: wanted } });
    if (!gateway || (gateway.inventoryId !== null && !inventoriesOf(unit).includes(gateway.inventoryId))) {
      throw validationError([{ path: 'body.gatewayId', message: VALIDATION.invalidField }]);
    }
    await this.send(id, 'startDatabridge', { gatewayId: gateway.id, host: gateway.host, port: gateway.port });
    return this.outcome(id, 'startDatabridge');
  }

  async stopDatabridge(id: string): Promise<UnitActionOutcome> {
    return this.stopAction(id, 'stopDatabridge');
  }

  /** POST vrChannels/stream: video return from the chosen (else the selected) channel. */
  async startVideoReturn(id: string, vrChannelId: string | undefined): Promise<UnitActionOutcome> {
    const unit = await this.loadUnit(id);
    const apps = this.requireOnline(id);
    if (isActive(apps, 'videoReturn')) return this.outcome(id, 'startVideoReturn');
    if (!capability(unit, 'videoReturn') || !(await this.hasEnabledService(id, 'video-return'))) throw new AppError('NO_VIDEO_RETURN_LICENSE');
    const config = record(unit.configuration);
    const wanted = vrChannelId ?? stringOr(record(config.videoReturn).selectedVrChannelId) ?? stringOr(record(config.vrChannels).selected);
    if (!wanted) throw validationError([{ path: 'body.vrChannelId', message: VALIDATION.required }]);
    const vr = await this.deps.db.videoReturnChannel.findFirst({
      where: { id: wanted, inventories: { some: { inventoryId: { in: inventoriesOf(unit) } } } },
      select: { id: true },
    });
    if (!vr) throw validationError([{ path: 'body.vrChannelId', message: VALIDATION.invalidField }]);
    await this.send(id, 'startVideoReturn', { vrChannelId: vr.id });
    return this.outcome(id, 'startVideoReturn');
  }

  async stopVideoReturn(id: string): Promise<UnitActionOutcome> {
    return this.stopAction(id, 'stopVideoReturn');
  }

  // ── IP pipe ────────────────────────────────────────────────────────────────────────────────

  /**
   * POST ippipe/connection: the pipe goes connecting → connected, or → failed when the IP pipe
   * server is not online (spec 000 §4 IP pipe states).
   */
  async connectIpPipe(id: string, serverId: string | undefined): Promise<IpPipeConnectionResult> {
    const unit = await this.loadUnit(id);
    this.requireOnline(id);
    if (!capability(unit, 'ipPipe')) throw new AppError('FEATURE_DISABLED');
    const configured = stringOr(record(record(unit.configuration).ipPipe).serverId);
    const inventories = inventoriesOf(unit);
    const server = serverId
      ? await this.deps.db.server.findFirst({ where: { id: serverId, inventoryId: { in: inventories } }, select: { id: true, status: true } })
      : await this.deps.db.server.findFirst({
          where: configured ? { id: configured } : { serverType: 'mmh_server', inventoryId: { in: inventories } },
          orderBy: { id: 'asc' },
          select: { id: true, status: true },
        });
    if (!server) throw validationError([{ path: 'body.serverId', message: serverId ? VALIDATION.invalidField : VALIDATION.required }]);
    await this.send(id, 'connectIpPipe', { serverId: server.id, serverOnline: server.status === 'online' });
    return { ...(await this.outcome(id, 'connectIpPipe')), ipPipeState: ipPipeStateOf(this.deps.units.applicationsOf(id)) };
  }

  async disconnectIpPipe(id: string): Promise<IpPipeConnectionResult> {
    const outcome = await this.stopAction(id, 'disconnectIpPipe');
    return { ...outcome, ipPipeState: ipPipeStateOf(outcome.applications) };
  }

  // ── intercom ───────────────────────────────────────────────────────────────────────────────

  /**
   * POST intercom/session/{n}. Audio-room mode: the unit's intercom server (the intercom's own
   * server, else the server of the unit's selected channel) must be the audio room's server
   * ("Intercom server missing or different from the audio room"). Target-channel mode: the channel
   * (else the configured one, else the selected channel).
   */
  async startIntercom(id: string, session: 1 | 2, body: { mode?: IntercomMode; audioRoomId?: string; channelId?: string } | undefined): Promise<IntercomSessionResult> {
    const unit = await this.loadUnit(id);
    this.requireOnline(id);
    if (!capability(unit, 'intercom')) throw new AppError('FEATURE_DISABLED');
    const config = record(unit.configuration);
    const intercom = record(Array.isArray(config.intercoms) ? config.intercoms[session - 1] : undefined);
    const mode: IntercomMode = body?.mode ?? (intercom.mode === 'audioRoom' || intercom.mode === 'targetChannel' ? intercom.mode : session === 1 ? 'audioRoom' : 'targetChannel');
    const inventories = inventoriesOf(unit);
    let audioRoomId: string | null = null;
    let channelId: string | null = null;
    let serverId: string;
    if (mode === 'audioRoom') {
      const room = await this.findAudioRoom(unit, body?.audioRoomId, [stringOr(intercom.audioRoomId), stringOr(intercom.destinationAccount)]);
      const intercomServer = stringOr(intercom.serverId) ?? (await this.serverOfChannel(unit.selectedChannelId));
      if (!intercomServer || room.serverId === null || room.serverId !== intercomServer) throw new AppError('INTERCOM_SERVER_MISMATCH');
      audioRoomId = room.id;
      serverId = intercomServer;
    } else {
      const wanted = body?.channelId ?? stringOr(intercom.targetChannelId) ?? unit.selectedChannelId;
      if (!wanted) throw validationError([{ path: 'body.channelId', message: VALIDATION.required }]);
      const channel = await this.deps.db.channel.findFirst({
        where: { id: wanted, inventories: { some: { inventoryId: { in: inventories } } } },
        select: { id: true, serverId: true },
      });
      if (!channel) throw validationError([{ path: 'body.channelId', message: VALIDATION.invalidField }]);
      channelId = channel.id;
      serverId = channel.serverId;
    }
    await this.send(id, 'startIntercom', { session, mode, audioRoomId, channelId, serverId });
    this.intercomModes.set(id, { ...this.intercomModes.get(id), [session]: mode });
    const outcome = await this.outcome(id, 'startIntercom');
    return { ...outcome, session, mode, intercomState: intercomStateOf(outcome.applications, mode) };
  }

  async stopIntercom(id: string, session: 1 | 2): Promise<IntercomSessionResult> {
    const unit = await this.loadUnit(id);
    this.requireOnline(id);
    const config = record(unit.configuration);
    const intercom = record(Array.isArray(config.intercoms) ? config.intercoms[session - 1] : undefined);
    const known = this.intercomModes.get(id);
    const mode: IntercomMode = known?.[session] ?? (intercom.mode === 'targetChannel' ? 'targetChannel' : intercom.mode === 'audioRoom' ? 'audioRoom' : session === 1 ? 'audioRoom' : 'targetChannel');
    await this.send(id, 'stopIntercom', { session });
    if (known) {
      const { [session]: _closed, ...rest } = known;
      this.intercomModes.set(id, rest);
    }
    const outcome = await this.outcome(id, 'stopIntercom');
    const stillOpen = Object.values(this.intercomModes.get(id) ?? {}).includes(mode);
    return { ...outcome, session, mode, intercomState: stillOpen ? 'disconnected' : intercomStateOf(outcome.applications, mode) };
  }

  // ── shutdown ───────────────────────────────────────────────────────────────────────────────

  /** POST shutdown: the device powers off; the unit is offline when this answers. */
  async shutdown(id: string): Promise<UnitActionOutcome> {
    this.requireOnline(id);
    await this.send(id, 'shutdown', {});
    return this.outcome(id, 'shutdown');
  }

  // ── files ──────────────────────────────────────────────────────────────────────────────────

  /**
   * POST storages/files/upload: each path names a recorded file of the unit; an entry of the
   * uploaded-files list is created (pending) and the device uploads the files in order while its
   * `forward` application runs, reporting each as `file` events (pending → uploading → uploaded,
   * file.transferStarted / file.transferCompleted); an outage fails them.
   */
  async uploadFiles(id: string, body: { paths: string[]; channelId?: string | undefined }): Promise<UploadUnitFilesResult> {
    const unit = await this.loadUnit(id);
    this.requireOnline(id);
    const paths = [...new Set(body.paths)];
    const recorded = await this.deps.db.file.findMany({ where: { unitId: id, kind: 'recorded', path: { in: paths } } });
    const problems: FieldProblem[] = [];
    body.paths.forEach((p, i) => {
      if (!recorded.some((f) => f.path === p)) problems.push({ path: `body.paths.${i}`, message: VALIDATION.invalidField });
    });
    if (body.channelId) {
      const ok = await this.deps.db.channel.count({ where: { id: body.channelId, inventories: { some: { inventoryId: { in: inventoriesOf(unit) } } } } });
      if (ok === 0) problems.push({ path: 'body.channelId', message: VALIDATION.invalidField });
    }
    if (problems.length > 0) throw validationError(problems);
    const open = await this.deps.db.file.count({ where: { unitId: id, kind: 'uploaded', path: { in: paths }, status: { in: [...OPEN_UPLOAD_STATUSES] } } });
    if (open > 0) throw new AppError('FILE_UPLOAD_IN_PROGRESS');
    const channelId = body.channelId ?? unit.selectedChannelId;
    const channel = channelId ? await this.deps.db.channel.findUnique({ where: { id: channelId }, select: { serverId: true, server: { select: { name: true } } } }) : null;
    const sources = paths.map((p) => recorded.find((f) => f.path === p)).filter((f): f is NonNullable<typeof f> => f !== undefined);
    const created = await transaction(this.deps.db, async (tx) => {
      const rows = [];
      for (const f of sources) {
        rows.push(
          await tx.file.create({
            data: {
              unitId: id,
              kind: 'uploaded',
              fileName: f.fileName,
              path: f.path,
              rootDirectory: f.rootDirectory,
              channelId,
              luName: unit.name,
              luAlias: unit.name,
              mmhId: channel?.serverId ?? null,
              mmhName: channel?.server.name ?? '',
              sizeBytes: f.sizeBytes,
              lastModified: f.lastModified,
              chunks: f.chunks ?? [],
              status: 'pending',
              progress: 0,
              isTransferring: false,
              metadata: f.metadata ?? {},
              storyId: f.storyId,
            },
          }),
        );
      }
      return rows;
    });
    try {
      await this.send(id, 'uploadFiles', {
        files: created.map((f) => ({ fileId: f.id, fileName: f.fileName, path: f.path, sizeBytes: Number(f.sizeBytes) })),
        channelId,
      });
    } catch (e) {
      // The device did not take the upload: the request changes nothing.
      await this.deps.db.file.deleteMany({ where: { id: { in: created.map((f) => f.id) } } });
      throw e;
    }
    const fresh = await this.deps.db.file.findMany({ where: { id: { in: created.map((f) => f.id) } }, orderBy: { createdAt: 'asc' } });
    return { uniqueId: id, files: fresh.map(toUploadedEntry) };
  }

  /**
   * POST storages/files (deletion, payload paths): the files at these paths, recorded ones on the
   * unit's storage (the device deletes them: it must be reachable) and their uploaded-list
   * entries. Read-only users may not (spec 000 §5); a file still uploading may not be deleted.
   */
  async deleteFiles(user: AuthUser, id: string, paths: string[]): Promise<DeleteUnitFilesResult> {
    if (hasAnyRole(user.roles, READ_ONLY_ROLES) && !hasAnyRole(user.roles, UNIT_CONTROL_ROLES)) throw new AppError('READ_ONLY_FILE_DELETE');
    const wanted = [...new Set(paths)];
    const rows = await this.deps.db.file.findMany({ where: { unitId: id, path: { in: wanted } }, select: { id: true, path: true, kind: true, status: true } });
    const problems: FieldProblem[] = [];
    paths.forEach((p, i) => {
      if (!rows.some((r) => r.path === p)) problems.push({ path: `body.paths.${i}`, message: VALIDATION.invalidField });
    });
    if (problems.length > 0) throw validationError(problems);
    if (rows.some((r) => r.kind === 'uploaded' && (OPEN_UPLOAD_STATUSES as readonly (string | null)[]).includes(r.status))) {
      throw new AppError('FILE_UPLOAD_IN_PROGRESS');
    }
    const onStorage = [...new Set(rows.filter((r) => r.kind === 'recorded').map((r) => r.path))];
    if (onStorage.length > 0) {
      this.requireOnline(id);
      await this.send(id, 'deleteFiles', { paths: onStorage });
    }
    await this.deps.db.file.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
    return { uniqueId: id, deleted: wanted };
  }

  // ── pairing ────────────────────────────────────────────────────────────────────────────────

  /** DELETE pairing: unpaired, pairing code revoked; a reachable device is told at once. */
  async removePairing(id: string): Promise<{ uniqueId: string; paired: false }> {
    await this.loadUnit(id);
    if (!isOfflineLike(this.deps.units.statusOf(id))) await this.send(id, 'unpair', {});
    await this.updateConfiguration(id, (c) => {
      const next = { ...c };
      for (const k of PAIRING_KEYS) delete next[k];
      return next;
    });
    return { uniqueId: id, paired: false };
  }

  // ── send logs / support case ───────────────────────────────────────────────────────────────

  /**
   * POST fetchlogs/stream (spec 000 §5, §8): the caller needs an e-mail address; the unit must be
   * online and idle; the channel (given, else the selected one) must support logs, be neither busy
   * nor offline, and its server must not be sending logs of another channel. A support case is
   * recorded (remote action "fetchlogs") and the channel carries the transfer until it ends.
   */
  async startFetchLogs(user: AuthUser, id: string, body: { description: string; channelId?: string | undefined; timeZone?: string | undefined }): Promise<FetchLogsResult> {
    const email = await this.supportEmailOf(user.id);
    if (!email) throw new AppError('SUPPORT_CASE_NO_EMAIL');
    const unit = await this.loadUnit(id);
    const status = this.deps.units.statusOf(id);
    if (status !== 'idle' && status !== 'online') throw new AppError('SUPPORT_CASE_NOT_IDLE');
    const wanted = body.channelId ?? unit.selectedChannelId;
    if (!wanted) throw validationError([{ path: 'body.channelId', message: VALIDATION.required }]);
    const channel = await this.deps.db.channel.findFirst({
      where: { id: wanted, inventories: { some: { inventoryId: { in: inventoriesOf(unit) } } } },
      select: { id: true, serverId: true, status: true, type: true, capabilities: true, fileTransfer: true },
    });
    if (!channel) throw validationError([{ path: 'body.channelId', message: VALIDATION.invalidField }]);
    const caps = record(channel.capabilities);
    if (channel.type === 'input' || caps.supportsLogs === false || caps.logs === false) throw new AppError('CHANNEL_NO_LOGS');
    const cls = channelStatusClass(asChannelStatus(channel.status));
    if (cls !== 'idle' || this.isSendingLogs(channel.fileTransfer)) throw new AppError('CHANNEL_BUSY_OR_OFFLINE_LOGS');
    const siblings = await this.deps.db.channel.findMany({ where: { serverId: channel.serverId, NOT: { id: channel.id } }, select: { fileTransfer: true } });
    if (siblings.some((c) => this.isSendingLogs(c.fileTransfer))) throw new AppError('SERVER_BUSY_SENDING_LOGS');

    const supportCase = await transaction(this.deps.db, async (tx) => {
      const created = await tx.remoteAction.create({
        data: {
          deviceType: 'unit',
          deviceId: id,
          action: 'fetchlogs',
          params: { description: body.description, channelId: channel.id, timeZone: body.timeZone ?? null, email },
          status: 'running',
          requestedById: user.id,
        },
      });
      await tx.channel.update({
        where: { id: channel.id },
        data: { fileTransfer: { kind: 'logs', unitId: id, supportCaseId: created.id, status: 'sending', startedAt: new Date().toISOString() }, version: { increment: 1 } },
      });
      return created;
    });
    this.logSessions.set(id, { channelId: channel.id, supportCaseId: supportCase.id });
    try {
      await this.send(id, 'startFetchLogs', { channelId: channel.id, supportCaseId: supportCase.id, timeZone: body.timeZone ?? null });
    } catch (e) {
      this.logSessions.delete(id);
      await transaction(this.deps.db, async (tx) => {
        await tx.remoteAction.delete({ where: { id: supportCase.id } });
        await tx.channel.update({ where: { id: channel.id }, data: { fileTransfer: toJson(record(channel.fileTransfer)) } });
      });
      throw e;
    }
    return { ...(await this.outcome(id, 'startFetchLogs')), supportCaseId: supportCase.id, channelId: channel.id };
  }

  async stopFetchLogs(id: string): Promise<UnitActionOutcome> {
    const outcome = await this.stopAction(id, 'stopFetchLogs');
    await this.finishLogSending(id, 'failed', { cancelled: true });
    return outcome;
  }

  /** A channel's transfer is a log sending still in progress (its unit still runs fetchlogs). */
  private isSendingLogs(fileTransfer: unknown): boolean {
    const t = record(fileTransfer);
    if (t.kind !== 'logs' || t.status !== 'sending' || typeof t.unitId !== 'string') return false;
    return this.deps.units.applicationsOf(t.unitId).fetchlogs !== undefined;
  }

  private async finishLogSending(unitId: string, status: 'done' | 'failed', result: Record<string, unknown>): Promise<void> {
    const session = this.logSessions.get(unitId);
    if (!session) return;
    this.logSessions.delete(unitId);
    await transaction(this.deps.db, async (tx) => {
      await tx.remoteAction.updateMany({ where: { id: session.supportCaseId, status: 'running' }, data: { status, result: toJson(result), version: { increment: 1 } } });
      const channel = await tx.channel.findUnique({ where: { id: session.channelId }, select: { fileTransfer: true } });
      const t = record(channel?.fileTransfer);
      if (channel && t.kind === 'logs' && t.supportCaseId === session.supportCaseId) {
        await tx.channel.update({
          where: { id: session.channelId },
          data: { fileTransfer: toJson({ ...t, status: status === 'done' ? 'done' : 'cancelled', finishedAt: new Date().toISOString() }), version: { increment: 1 } },
        });
      }
    });
  }

  // ── social media and CDN ───────────────────────────────────────────────────────────────────

  /**
   * POST v0 units/{id}/stream/social_media | cdn: forward the live stream to a streaming
   * destination of the unit's inventories (social media: providers of SOCIAL_MEDIA_PROVIDERS, and
   * the inventory's socialMedia property must be on). The state is kept in the unit's
   * configuration (`externalStreams`) and ends when the unit stops streaming.
   */
  async startExternalStream(id: string, kind: ExternalStreamKind, body: { destinationId?: string | undefined; resolution?: number | undefined } | undefined): Promise<ExternalStreamResult> {
    const unit = await this.loadUnit(id);
    const apps = this.requireOnline(id);
    if (!isStreaming(apps)) throw new AppError('UNIT_NOT_STREAMING');
    const inventories = inventoriesOf(unit);
    if (kind === 'social_media') {
      const invs = await this.deps.db.inventory.findMany({ where: { id: { in: inventories } }, select: { properties: true } });
      if (!invs.some((i) => record(i.properties).socialMedia === true)) throw new AppError('FEATURE_DISABLED');
    }
    if (body?.resolution !== undefined) this.requireVideoLicense(unit, body.resolution);
    const destinations = await this.deps.db.streamingDestination.findMany({
      where: { inventoryId: { in: inventories } },
      orderBy: { name: 'asc' },
      select: { id: true, provider: true },
    });
    const ofKind = destinations.filter((d) => destinationKind(d.provider) === kind);
    const destination = body?.destinationId ? ofKind.find((d) => d.id === body.destinationId) : ofKind[0];
    if (!destination) throw validationError([{ path: 'body.destinationId', message: body?.destinationId ? VALIDATION.invalidField : VALIDATION.required }]);
    const action = kind === 'social_media' ? 'startSocialMedia' : 'startCdn';
    await this.send(id, action, { destinationId: destination.id, resolution: body?.resolution ?? null });
    await this.updateConfiguration(id, (c) => ({
      ...c,
      [EXTERNAL_STREAMS_KEY]: { ...record(c[EXTERNAL_STREAMS_KEY]), [kind]: { active: true, destinationId: destination.id, startedAt: new Date().toISOString() } },
    }));
    return { ...(await this.outcome(id, action)), kind, active: true, destinationId: destination.id };
  }

  /** DELETE v0 units/{id}/stream/social_media | cdn: stop forwarding (accepted when not forwarding). */
  async stopExternalStream(id: string, kind: ExternalStreamKind): Promise<ExternalStreamResult> {
    await this.loadUnit(id);
    const action = kind === 'social_media' ? 'stopSocialMedia' : 'stopCdn';
    if (!isOfflineLike(this.deps.units.statusOf(id))) await this.send(id, action, {});
    await this.updateConfiguration(id, (c) => ({
      ...c,
      [EXTERNAL_STREAMS_KEY]: { ...record(c[EXTERNAL_STREAMS_KEY]), [kind]: { active: false, destinationId: null, stoppedAt: new Date().toISOString() } },
    }));
    return { ...(await this.outcome(id, action)), kind, active: false, destinationId: null };
  }

  // ── user contact ───────────────────────────────────────────────────────────────────────────

  /**
   * POST user/contact: merge phone and company into the caller's contact (null or blank clears);
   * the answer is the contact as GET user/contact reads it.
   */
  async updateUserContact(user: AuthUser, body: z.infer<typeof UpdateUserContactBody>): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const u = await this.deps.db.user.findUnique({ where: { id: user.id }, select: { contact: true, version: true } });
      if (!u) throw new AppError('NOT_FOUND');
      const contact = { ...record(u.contact) };
      for (const key of ['phone', 'company'] as const) {
        const v = body[key];
        if (v === undefined) continue;
        if (v === null || v.trim() === '') delete contact[key];
        else contact[key] = v.trim();
      }
      const { count } = await this.deps.db.user.updateMany({ where: { id: user.id, version: u.version }, data: { contact: toJson(contact), version: { increment: 1 } } });
      if (count === 1) return;
    }
    throw new AppError('CONFLICT');
  }

  /** The address support answers to: the account's e-mail, else the contact's (as GET user/contact). */
  private async supportEmailOf(userId: string): Promise<string | null> {
    const u = await this.deps.db.user.findUnique({ where: { id: userId }, select: { email: true, contact: true } });
    return u?.email ?? stringOr(record(u?.contact).email);
  }

  // ── following the device ───────────────────────────────────────────────────────────────────

  private async followDevice(c: DeviceStateChange): Promise<void> {
    // An outage ends every upload in progress: the device dropped its queue.
    if (!c.online) await this.failUploads(c.unitId, {});
    if (c.previous.fetchlogs && (!c.online || !c.applications.fetchlogs)) {
      await this.finishLogSending(c.unitId, c.online ? 'done' : 'failed', c.online ? {} : { reason: 'offline' });
    }
    if (isStreaming(c.previous) && !isStreaming(c.applications)) await this.endExternalStreams(c.unitId);
  }

  private async failUploads(unitId: string, where: { id?: string }): Promise<void> {
    const open = await this.deps.db.file.findMany({ where: { unitId, kind: 'uploaded', status: { in: [...OPEN_UPLOAD_STATUSES] }, ...where } });
    if (open.length === 0) return;
    await this.deps.db.file.updateMany({ where: { id: { in: open.map((f) => f.id) } }, data: { status: 'failed', isTransferring: false, version: { increment: 1 } } });
    const topics = this.deps.units.topicsOf(unitId);
    for (const f of open.filter((x) => x.status === 'uploading')) {
      this.deps.hub.publish(topics, { type: 'file.transferCompleted', unitId, fileId: f.id, fileName: f.fileName, ok: false, at: Date.now() });
    }
  }

  /** The unit stopped streaming: nothing is forwarded to social media or a CDN any more. */
  private async endExternalStreams(unitId: string): Promise<void> {
    const row = await this.deps.db.unit.findUnique({ where: { id: unitId }, select: { configuration: true } });
    const streams = record(record(row?.configuration)[EXTERNAL_STREAMS_KEY]);
    if (!EXTERNAL_STREAM_KINDS.some((k) => record(streams[k]).active === true)) return;
    await this.updateConfiguration(unitId, (c) => {
      const current = record(c[EXTERNAL_STREAMS_KEY]);
      const next: Record<string, unknown> = { ...current };
      for (const k of EXTERNAL_STREAM_KINDS) {
        if (record(current[k]).active === true) next[k] = { active: false, destinationId: null, stoppedAt: new Date().toISOString() };
      }
      return { ...c, [EXTERNAL_STREAMS_KEY]: next };
    });
  }

  // ── helpers ────────────────────────────────────────────────────────────────────────────────

  private async loadUnit(id: string): Promise<ActionUnit> {
    const unit = (await this.deps.db.unit.findUnique({ where: { id }, select: unitSelect })) as ActionUnit | null;
    if (!unit) throw new AppError('NOT_FOUND');
    return unit;
  }

  /** The unit's applications; an offline unit answers "Selected channel busy or offline". */
  private requireOnline(id: string): Applications {
    if (isOfflineLike(this.deps.units.statusOf(id))) throw new AppError('UNIT_OFFLINE');
    return this.deps.units.applicationsOf(id);
  }

  /** A valid video licence; a 4K (2160-line) stream needs PRO and 4K (spec 000 §3 licence, §8). */
  private requireVideoLicense(unit: ActionUnit, resolution: number | undefined): void {
    const license = LicenseSchema.safeParse(unit.license);
    if (!license.success || !license.data.valid) throw new AppError('UNIT_VIDEO_LICENSE_INVALID');
    if (resolution !== undefined && resolution >= LIMITS.resolution && !(license.data.pro && license.data.fourK)) {
      throw new AppError('PRO_4K_LICENSE_MISSING');
    }
  }

  private async requireMultiCameraLicense(unit: ActionUnit): Promise<void> {
    if (!capability(unit, 'multiCamera') || !(await this.hasEnabledService(unit.id, 'multi-camera'))) throw new AppError('NO_MULTI_CAMERA_LICENSE');
  }

  /** The camera as the device last reported it (a device that has not reported yet is not refused here). */
  private requireCamera(id: string): void {
    if (this.deps.telemetry.get(id)?.cameraConnected === false) throw new AppError('CAMERA_NOT_CONNECTED');
  }

  /** Spec 000 §6: "A service counts as enabled when its status is ENABLED". */
  private async hasEnabledService(unitId: string, serviceName: string): Promise<boolean> {
    const s = await this.deps.db.service.findFirst({ where: { unitId, serviceName }, select: { serviceStatus: true } });
    return s !== null && s.serviceStatus.toLowerCase() === 'enabled';
  }

  /** Channels named in the body must be channels of the unit's inventories. */
  private async requireChannels(unit: ActionUnit, wanted: { id: string; path: string }[]): Promise<void> {
    if (wanted.length === 0) return;
    const found = await this.deps.db.channel.findMany({
      where: { id: { in: wanted.map((w) => w.id) }, inventories: { some: { inventoryId: { in: inventoriesOf(unit) } } } },
      select: { id: true },
    });
    const problems = wanted.filter((w) => !found.some((f) => f.id === w.id)).map((w) => ({ path: w.path, message: VALIDATION.invalidField }));
    if (problems.length > 0) throw validationError(problems);
  }

  /** The audio room of an intercom: given (must be of the unit's inventories), configured, or one the unit takes part in. */
  private async findAudioRoom(unit: ActionUnit, given: string | undefined, configured: (string | null)[]): Promise<{ id: string; serverId: string | null }> {
    const inventories = inventoriesOf(unit);
    const rooms = await this.deps.db.audioRoom.findMany({ where: { inventoryId: { in: inventories } }, orderBy: { name: 'asc' }, select: { id: true, name: true, serverId: true, participants: true } });
    if (given) {
      const room = rooms.find((r) => r.id === given);
      if (!room) throw validationError([{ path: 'body.audioRoomId', message: VALIDATION.invalidField }]);
      return room;
    }
    for (const c of configured) {
      const room = c ? rooms.find((r) => r.id === c || r.name === c) : undefined;
      if (room) return room;
    }
    const joined = rooms.find((r) => Array.isArray(r.participants) && r.participants.some((p) => record(p).kind === 'unit' && record(p).id === unit.id));
    if (!joined) throw validationError([{ path: 'body.audioRoomId', message: VALIDATION.required }]);
    return joined;
  }

  private async serverOfChannel(channelId: string | null): Promise<string | null> {
    if (!channelId) return null;
    const channel = await this.deps.db.channel.findUnique({ where: { id: channelId }, select: { serverId: true } });
    return channel?.serverId ?? null;
  }

  private async send<A extends UnitDeviceAction>(id: string, action: A, payload: UnitDeviceActionPayload<A>): Promise<void> {
    await this.deps.units.command(id, { type: 'action', action, payload });
  }

  /** Stop actions: the unit must be reachable; stopping what is not running is accepted. */
  private async stopAction(id: string, action: UnitDeviceAction): Promise<UnitActionOutcome> {
    await this.loadUnit(id);
    this.requireOnline(id);
    await this.deps.units.command(id, { type: 'action', action, payload: {} });
    return this.outcome(id, action);
  }

  /** The answer once the device's reports sent before its acknowledgement are applied. */
  private async outcome(id: string, action: UnitDeviceAction): Promise<UnitActionOutcome> {
    await this.deps.units.settleUnit(id);
    return { uniqueId: id, action, accepted: true, status: this.deps.units.statusOf(id), applications: this.deps.units.applicationsOf(id) };
  }

  /** Read-modify-write of Unit.configuration under the unit's version (retried on a concurrent change). */
  private async updateConfiguration(id: string, change: (c: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await this.deps.db.unit.findUnique({ where: { id }, select: { configuration: true, version: true } });
      if (!row) throw new AppError('NOT_FOUND');
      const next = change(record(row.configuration));
      const { count } = await this.deps.db.unit.updateMany({ where: { id, version: row.version }, data: { configuration: toJson(next), version: { increment: 1 } } });
      if (count === 1) return;
    }
    throw new AppError('CONFLICT');
  }

  private async publishUnitUpdated(id: string): Promise<void> {
    const row = await this.deps.db.unit.findUnique({ where: { id }, include: { inventories: { select: { inventoryId: true } }, groups: { select: { groupId: true } } } });
    if (!row) return;
    this.deps.hub.publish(this.deps.units.topicsOf(id), { type: 'unit.updated', unit: this.deps.units.toSummary(row), at: Date.now() });
  }
}

// ── pure helpers ─────────────────────────────────────────────────────────────────────────────

function record(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function stringOr(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : [];
}

function intOr(v: unknown, fallback: number, min: number, max: number): number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : fallback;
}

/** Plain JSON for a Prisma Json column. */
function toJson(v: Record<string, unknown>): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(v)) as Prisma.InputJsonValue;
}

function capability(unit: ActionUnit, key: string): boolean {
  return record(unit.capabilities)[key] === true;
}

function inventoriesOf(unit: ActionUnit): string[] {
  return unit.inventories.map((i) => i.inventoryId);
}

/** Present and not on its way out (a failed activity can be started again). */
function isActive(apps: Applications, key: UnitApplicationKey): boolean {
  const state = apps[key]?.state;
  return state !== undefined && state !== 'disconnecting' && state !== 'stopping' && state !== 'failed';
}

/** A stored channel status; anything unknown counts as offline. */
function asChannelStatus(s: string): ChannelStatus {
  return CHANNEL_STATUSES.find((c) => c === s) ?? 'offline';
}

function destinationKind(provider: string): ExternalStreamKind {
  return (SOCIAL_MEDIA_PROVIDERS as readonly string[]).includes(provider.trim().toLowerCase()) ? 'social_media' : 'cdn';
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

function toServiceInfo(s: {
  id: string;
  serviceName: string;
  serviceStatus: string;
  tier: string | null;
  lifecycle: string | null;
  trialState: string | null;
  trialEndsAt: Date | null;
  expiresAt: Date | null;
  usageKind: string;
}): UnitServiceInfo {
  return {
    id: s.id,
    serviceName: s.serviceName,
    serviceStatus: s.serviceStatus,
    enabled: s.serviceStatus.toLowerCase() === 'enabled',
    tier: s.tier,
    lifecycle: s.lifecycle,
    trialState: s.trialState,
    trialEndsAt: s.trialEndsAt ? s.trialEndsAt.toISOString() : null,
    expiresAt: s.expiresAt ? s.expiresAt.toISOString() : null,
    usageKind: s.usageKind,
  };
}

/** Unit.services keeps the summary the unit detail shows: [{ serviceName, serviceStatus }]. */
async function syncServiceSummary(tx: DbTx, unitId: string): Promise<void> {
  const all = await tx.service.findMany({ where: { unitId }, orderBy: { serviceName: 'asc' }, select: { serviceName: true, serviceStatus: true } });
  await tx.unit.update({ where: { id: unitId }, data: { services: all.map((s) => ({ serviceName: s.serviceName, serviceStatus: s.serviceStatus })) } });
}

function toUploadedEntry(f: {
  id: string;
  fileName: string;
  path: string;
  channelId: string | null;
  status: string | null;
  progress: number;
  isTransferring: boolean;
  sizeBytes: bigint;
}): UploadedFileEntry {
  const status = f.status ?? 'pending';
  return {
    fileId: f.id,
    fileName: f.fileName,
    path: f.path,
    channelId: f.channelId,
    status: UPLOADED_FILE_STATUSES.find((s): s is UploadedFileStatus => s === status) ?? 'pending',
    progress: f.progress,
    isTransferring: f.isTransferring,
    sizeBytes: Number(f.sizeBytes),
  };
}
