/**
 * Server reads and configuration of spec 001 §7 Servers: the server, its services, capabilities,
 * specifications, addresses, status and comment; reset instance; multimedia hub and video return
 * server configuration (with certificate deletion), SMPTE network settings and IP pipe; the admin
 * inventory server list; an ingest server's channels.
 *
 * Reads come from the read model (plus the live status ServerService follows). A change to the
 * device is sent through the gateway first and stored only once the device accepted it (a
 * refused or unsent change changes nothing); every stored change is announced (`server.changed`).
 */
import { z } from 'zod';
import {
  ChannelStatus,
  JsonRecord,
  type AdminServerPage,
  type AdminServerSearchQuery,
  type ChannelList,
  type ErrorCode,
  type IpPipeBody,
  type IpPipeQuery,
  type IpPipeSettings,
  type ServerCapabilities,
  type ServerComment,
  type ServerCommentBody,
  type ServerConfiguration,
  type ServerConfigurationBody,
  type ServerDetail,
  type ServerIps,
  type ServerResetAccepted,
  type ServerServices,
  type ServerSpecifications,
  type ServerStatusInfo,
  type SmpteSettings,
  type SmpteSettingsBody,
  RULES,
} from '@fleet/contracts';
import { channelStatusClass, countChannels } from '@fleet/domain';
import type { Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { serverConfigurationColumn, type StoredServerConfiguration } from './server-columns.js';
import type { ServerRow } from '../../platform/storage/read-model.js';
import { canSeeChannel, type AuthUser } from '../../platform/access.js';
import { toChannelLive } from '../channels/presenter.js';
import type { ServiceDeps } from '../deps.js';
import type { ServerService } from './servers.js';
import { pageOf } from '../../platform/paging.js';
import { deviceRefusal } from '../../platform/device-refusal.js';
import * as repo from './repository.js';
import { atVersion } from '../../platform/versioned-write.js';

/** A channel that cannot take a unit (collecting, connecting, ...) keeps its server from being idle. */
const isBusyChannel = (status: string): boolean => channelStatusClass(ChannelStatus.safeParse(status).data ?? 'offline') === 'busy';

function recordOf(v: unknown): Record<string, z.core.util.JSONType> {
  return JsonRecord.safeParse(v).data ?? {};
}

export class ServerConfigurationService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly servers: ServerService,
  ) {}

  // ── reads ──────────────────────────────────────────────────────────────────────────────────
  private row(id: string, type?: ServerRow['serverType']): ServerRow {
    const row = this.deps.readModel.servers.get(id);
    // A multimedia hub call on a video return server (and so on) names no such server.
    if (!row || (type !== undefined && row.serverType !== type)) throw new AppError('NOT_FOUND');
    return row;
  }

  server(id: string): ServerDetail {
    const d = this.servers.detail(id);
    if (!d) throw new AppError('NOT_FOUND');
    return d;
  }

  services(id: string): ServerServices {
    const data = this.row(id).servicesData;
    const list = Array.isArray(data)
      ? data
      : data !== null && typeof data === 'object' && Array.isArray((data as { services?: unknown }).services)
        ? (data as { services: unknown[] }).services
        : Object.entries(recordOf(data)).map(([serviceName, serviceStatus]) => ({ serviceName, serviceStatus }));
    const services = list.flatMap((s) => {
      const r = z.object({ serviceName: z.string(), serviceStatus: z.unknown() }).safeParse(s);
      return r.success ? [{ serviceName: r.data.serviceName, serviceStatus: String(r.data.serviceStatus ?? '') }] : [];
    });
    return { serverId: id, services };
  }

  capabilities(id: string): ServerCapabilities {
    return { serverId: id, capabilities: recordOf(this.row(id).capabilities) };
  }

  specifications(id: string): ServerSpecifications {
    const d = this.server(id);
    return { serverId: id, productType: d.productType, serverType: d.serverType, specifications: recordOf(this.row(id).specifications) };
  }

  ips(id: string): ServerIps {
    const stored = this.row(id).ips;
    const list = Array.isArray(stored) ? stored : [];
    const ips = list.flatMap((v, i) => {
      if (typeof v === 'string') return [{ name: `ip${i + 1}`, address: v }];
      const r = z.object({ name: z.string().optional(), address: z.string().optional(), ip: z.string().optional() }).safeParse(v);
      const address = r.data?.address ?? r.data?.ip;
      return address ? [{ name: r.data?.name ?? `ip${i + 1}`, address }] : [];
    });
    return { serverId: id, ips };
  }

  status(id: string): ServerStatusInfo {
    const d = this.server(id);
    return { serverId: id, status: d.status, online: d.status !== 'offline', state: d.state, serverUsage: d.serverUsage, upTime: d.upTime };
  }

  comment(id: string): ServerComment {
    const row = this.row(id);
    return { serverId: id, comment: row.comment, version: row.version };
  }

  // ── writes ─────────────────────────────────────────────────────────────────────────────────
  /**
   * Store a change of the server (only while it is at `version`, when one is given) and announce
   * it. The data is built from the row as it is now: the device may have reported state (the IP
   * pipe's) while the command was on its way, and that is kept.
   */
  private async write(
    id: string,
    version: number | undefined,
    data: (cfg: StoredServerConfiguration, row: ServerRow) => Prisma.ServerUpdateManyMutationInput,
  ): Promise<void> {
    const row = this.row(id);
    if (version !== undefined && version !== row.version) throw new AppError('CONFLICT');
    await atVersion(repo.updateServerAtVersion(this.deps.db, id, version, data(serverConfigurationColumn.read(row.configuration), row)), {
      none: () => new AppError(version !== undefined ? 'CONFLICT' : 'NOT_FOUND'),
    });
    this.servers.announce(id);
  }

  /** The device's answer to a command: accepted, or its refusal as the catalogue's error. */
  async send(serverId: string, command: Parameters<ServiceDeps['gateway']['sendToServer']>[1], refusedAs?: ErrorCode): Promise<void> {
    const ack = await this.deps.gateway.sendToServer(serverId, command);
    if (ack.ok) return;
    // A refusal the device leaves generic is the call's own (`refusedAs`).
    throw deviceRefusal(ack.error === 'GENERIC' ? { ...ack, error: undefined } : ack, refusedAs);
  }

  async setComment(id: string, body: ServerCommentBody): Promise<ServerComment> {
    this.row(id);
    await this.write(id, body.version, () => ({ comment: body.comment }));
    return this.comment(id);
  }

  async resetInstance(id: string): Promise<ServerResetAccepted> {
    this.row(id);
    await this.send(id, { type: 'resetInstance' });
    return { serverId: id, accepted: true };
  }

  allocatedChannels(serverId: string): number {
    const rows = this.deps.readModel.channels.all().filter((c) => c.serverId === serverId);
    const live = new Map(this.servers.channelsOf(serverId).map((c) => [c.channelId, c.status]));
    return rows.filter((c) => c.allocatedToUnitUid !== null || isBusyChannel(live.get(c.id) ?? c.status)).length;
  }

  /** Busy: the server reports busy, or one of its channels is allocated or busy. */
  private isBusy(serverId: string): boolean {
    return this.servers.liveStatus(serverId) === 'busy' || this.allocatedChannels(serverId) > 0;
  }

  configuration(id: string, type: 'mmh_server' | 'vr_server'): ServerConfiguration {
    const row = this.row(id, type);
    const cfg = serverConfigurationColumn.read(row.configuration);
    const d = this.server(id);
    return {
      serverId: id,
      serverType: d.serverType,
      ifbMode: type === 'mmh_server' ? d.ifbMode : null,
      maxChannels: d.maxChannels,
      allocatedChannels: this.allocatedChannels(id),
      webrtcPort: d.webrtcPort,
      publishingMode: d.publishingMode,
      genlockOffset: d.genlockOffset,
      registrationServer: cfg.registrationServer ?? null,
      registrationServerPort: cfg.registrationServerPort ?? null,
      certificates: cfg.certificates.map((c) => ({ id: c.id, name: c.name, expiresAt: c.expiresAt })),
      version: row.version,
    };
  }

  /** The §8 IFB mode change errors, in the order a user can fix them. */
  checkIfbModeChange(row: ServerRow): void {
    const status = this.servers.liveStatus(row.id) ?? row.status;
    if (status === 'offline') throw new AppError('IFB_MODE_SERVER_OFFLINE');
    if (status !== 'online' || this.isBusy(row.id)) throw new AppError('IFB_MODE_SERVER_NOT_IDLE');
    if (row.inventoryId === null) throw new AppError('IFB_MODE_NO_PRIMARY_INVENTORY');
    const inventory = this.deps.readModel.inventories.get(row.inventoryId);
    if (!inventory?.sipServer) throw new AppError('IFB_MODE_NO_SIP_SERVER');
  }

  async setConfiguration(id: string, type: 'mmh_server' | 'vr_server', body: ServerConfigurationBody): Promise<ServerConfiguration> {
    const row = this.row(id, type);
    if (type === 'vr_server' && body.ifbMode !== undefined) throw validationError([{ path: 'body.ifbMode', message: RULES.ifbModeMultimediaHubOnly }]);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    const cfg = serverConfigurationColumn.read(row.configuration);
    if (body.removeCertificateId !== undefined) {
      if (!cfg.certificates.some((c) => c.id === body.removeCertificateId)) throw new AppError('CERTIFICATE_NOT_FOUND');
      if (this.isBusy(id)) throw new AppError('CERTIFICATE_DELETION_DEVICE_BUSY');
    }
    if (body.ifbMode !== undefined && body.ifbMode !== row.ifbMode) this.checkIfbModeChange(row);
    if (body.maxChannels !== undefined && body.maxChannels < this.allocatedChannels(id)) throw new AppError('MAX_CHANNELS_BELOW_ALLOCATED');

    const changes = {
      ...(body.ifbMode !== undefined ? { ifbMode: body.ifbMode } : {}),
      ...(body.maxChannels !== undefined ? { maxChannels: body.maxChannels } : {}),
      ...(body.webrtcPort !== undefined ? { webrtcPort: body.webrtcPort } : {}),
      ...(body.publishingMode !== undefined ? { publishingMode: body.publishingMode } : {}),
      ...(body.genlockOffset !== undefined ? { genlockOffset: body.genlockOffset } : {}),
    };
    if (body.removeCertificateId !== undefined) {
      await this.send(
        id,
        { type: 'configureServer', setting: 'removeCertificate', payload: { certificateId: body.removeCertificateId } },
        'CERTIFICATE_DELETION_FAILED',
      );
    }
    const registration = {
      ...(body.registrationServer !== undefined ? { registrationServer: body.registrationServer } : {}),
      ...(body.registrationServerPort !== undefined ? { registrationServerPort: body.registrationServerPort } : {}),
    };
    // One command for every setting: the device takes all of them or none (an IFB mode change
    // only while idle), so a refusal leaves the stored configuration as the device runs it.
    if (Object.keys(changes).length > 0 || Object.keys(registration).length > 0) {
      await this.send(id, { type: 'configureServer', setting: 'configuration', payload: { ...changes, ...registration } });
    }
    await this.write(id, body.version, (now) => ({
      ...changes,
      configuration: serverConfigurationColumn.write({
        ...now,
        ...registration,
        certificates: now.certificates.filter((c) => c.id !== body.removeCertificateId),
      }),
    }));
    return this.configuration(id, type);
  }

  smpte(id: string): SmpteSettings {
    const row = this.row(id, 'mmh_server');
    const s = serverConfigurationColumn.read(row.configuration).smpte;
    return {
      serverId: id,
      primary: s?.primary ?? null,
      secondary: s?.secondary ?? null,
      ptpDomain: s?.ptpDomain ?? null,
      genlockOffset: row.genlockOffset,
      version: row.version,
    };
  }

  async setSmpte(id: string, body: SmpteSettingsBody): Promise<SmpteSettings> {
    const row = this.row(id, 'mmh_server');
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    const cfg = serverConfigurationColumn.read(row.configuration);
    const iface = (i: { ip: string; subnetMask: string; gateway?: string | null | undefined }) => ({
      ip: i.ip,
      subnetMask: i.subnetMask,
      gateway: i.gateway ?? null,
    });
    const smpte = {
      primary: iface(body.primary),
      secondary: body.secondary ? iface(body.secondary) : null,
      ptpDomain: body.ptpDomain ?? cfg.smpte?.ptpDomain ?? null,
    };
    const genlockOffset = body.genlockOffset ?? row.genlockOffset;
    await this.send(id, { type: 'configureServer', setting: 'smpte', payload: { ...smpte, genlockOffset } });
    await this.write(id, body.version, (now) => ({ genlockOffset, configuration: serverConfigurationColumn.write({ ...now, smpte }) }));
    return this.smpte(id);
  }

  ipPipe(id: string, q: IpPipeQuery = { offset: 0, limit: 1000 }): IpPipeSettings {
    const row = this.row(id, 'mmh_server');
    const p = serverConfigurationColumn.read(row.configuration).ipPipe;
    return {
      serverId: id,
      configured: p !== undefined,
      enabled: p?.enabled ?? false,
      port: p?.port ?? null,
      bitrateKbps: p?.bitrateKbps ?? null,
      servers: (p?.servers ?? []).slice(q.offset, q.offset + q.limit),
      serverCount: p?.servers.length ?? 0,
      offset: q.offset,
      limit: q.limit,
      state: p?.state ?? 'not_connected',
      version: row.version,
    };
  }

  async saveIpPipe(id: string, body: IpPipeBody, create: boolean): Promise<IpPipeSettings> {
    const row = this.row(id, 'mmh_server');
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    const cfg = serverConfigurationColumn.read(row.configuration);
    if (create && cfg.ipPipe) throw new AppError('IP_PIPE_SETTINGS_EXIST');
    if (!create && !cfg.ipPipe) throw new AppError('IP_PIPE_SETTINGS_MISSING');
    const settings = { enabled: body.enabled, port: body.port, bitrateKbps: body.bitrateKbps ?? null, servers: body.servers };
    await this.send(id, { type: 'configureServer', setting: 'ippipe', payload: settings });
    // The device connects (or drops) the pipe and reports how it ends (serverConfigState).
    const ipPipe = { ...settings, state: body.enabled ? ('connecting' as const) : ('not_connected' as const) };
    await this.write(id, body.version, (now) => ({ configuration: serverConfigurationColumn.write({ ...now, ipPipe }) }));
    return this.ipPipe(id);
  }

  // ── lists ──────────────────────────────────────────────────────────────────────────────────
  adminInventoryServers(user: AuthUser, inventoryId: string, q: AdminServerSearchQuery): AdminServerPage {
    if (!user.global && !user.inventoryIds.includes(inventoryId)) throw new AppError('NOT_FOUND');
    if (!this.deps.readModel.inventories.get(inventoryId)) throw new AppError('NOT_FOUND');
    const needle = (q.searchValue ?? '').toLowerCase();
    const key = q.searchKey ?? 'name';
    const rows = this.deps.readModel.servers
      .all()
      .filter((s) => s.inventoryId === inventoryId && (q.type === undefined || s.serverType === q.type))
      .map((s) => this.servers.detail(s.id))
      .filter((d): d is ServerDetail => d !== null)
      .filter((d) => needle === '' || String(d[key]).toLowerCase().includes(needle));
    const dir = q.sortDir === 'asc' ? 1 : -1;
    rows.sort((a, b) => {
      const c = String(a[q.sortBy]).localeCompare(String(b[q.sortBy]));
      return c !== 0 ? c * dir : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
    return pageOf(rows, q);
  }

  ingestServerChannels(user: AuthUser, id: string): ChannelList {
    const server = this.row(id, 'ingest_server');
    const channels = this.deps.readModel.channels
      .all()
      .filter((c) => c.serverId === id && canSeeChannel(user, c))
      .map((c) => toChannelLive(c, server));
    return { channels, counters: countChannels(channels) };
  }
}

export const serverConfigCalls = callsOf<ServerConfigurationService>()({
  getServer: async (svc, { params }) => svc.server(params.id),
  getServerServices: async (svc, { params }) => svc.services(params.id),
  getServerCapabilities: async (svc, { params }) => svc.capabilities(params.id),
  getServerSpecifications: async (svc, { params }) => svc.specifications(params.id),
  getServerIps: async (svc, { params }) => svc.ips(params.id),
  getServerStatus: async (svc, { params }) => svc.status(params.id),
  getServerComment: async (svc, { params }) => svc.comment(params.id),
  setServerComment: (svc, { params, body }) => svc.setComment(params.id, body),
  resetServerInstance: (svc, { params }) => svc.resetInstance(params.id),
  getMmhServerConfiguration: async (svc, { params }) => svc.configuration(params.id, 'mmh_server'),
  setMmhServerConfiguration: (svc, { params, body }) => svc.setConfiguration(params.id, 'mmh_server', body),
  getVrServerConfiguration: async (svc, { params }) => svc.configuration(params.id, 'vr_server'),
  setVrServerConfiguration: (svc, { params, body }) => svc.setConfiguration(params.id, 'vr_server', body),
  getMmhServerSmpte: async (svc, { params }) => svc.smpte(params.id),
  setMmhServerSmpte: (svc, { params, body }) => svc.setSmpte(params.id, body),
  getMmhServerIpPipe: async (svc, { params, query }) => svc.ipPipe(params.id, query),
  createMmhServerIpPipe: (svc, { params, body }) => svc.saveIpPipe(params.id, body, true),
  updateMmhServerIpPipe: (svc, { params, body }) => svc.saveIpPipe(params.id, body, false),
  adminInventoryServers: async (svc, { params, query }, user) => svc.adminInventoryServers(user, params.id, query),
  ingestServerChannels: async (svc, { params }, user) => svc.ingestServerChannels(user, params.id),
});
