/**
 * Servers as platform records (spec 001 §2 /system_entities mmh_servers, vr_servers, ingest_servers, transceiver_servers; §3 Server): create, change and delete by the system admin console.
 *
 * Servers live in the read model: a write goes to storage and the read model reads the row again
 * before the caller is answered; ServerService hears the change and hands the new set of servers to
 * the device gateway (a created server starts reporting, a deleted one stops). Device settings (IFB
 * mode, max channels, webrtc port, publishing mode, genlock) are sent to the server first, with the
 * §8 checks of the server configuration form; identity and placement are records only. Every change
 * is announced: `server.changed` to the server's own topics and `systemDevice.changed` to every
 * inventory (the admin lists read again).
 */
import {
  VALIDATION,
  type AdminServerDeleted,
  type AdminServerPage,
  type AdminServersQuery,
  type CreateAdminServerBody,
  type ServerDetail,
  type UpdateAdminServerBody,
  RULES,
} from '@fleet/contracts';
import type { Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import type { ServerRow } from '../../platform/storage/read-model.js';
import { atVersion, unlessTaken } from '../../platform/versioned-write.js';
import { compareText } from '../../platform/order.js';
import type { ServerConfigurationService } from './server-configuration.js';
import type { ServerService } from './servers.js';
import type { ServiceDeps } from '../deps.js';
import { inventoryAudience } from '../../platform/topics.js';
import { pageOf } from '../../platform/paging.js';
import * as repo from './repository.js';

/** The settings the server itself runs with: a change is sent to it before it is stored. */
const DEVICE_FIELDS = ['ifbMode', 'maxChannels', 'webrtcPort', 'publishingMode', 'genlockOffset'] as const;

export class AdminServerService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly servers: ServerService,
    private readonly config: ServerConfigurationService,
  ) {}

  search(q: AdminServersQuery): AdminServerPage {
    const needle = (q.searchValue ?? '').toLowerCase();
    const rows = this.deps.readModel.servers
      .all()
      .filter((s) => (q.type === undefined || s.serverType === q.type) && (q.ifb === undefined || isIfbServer(s) === q.ifb))
      .map((s) => this.servers.detail(s.id))
      .filter((d): d is ServerDetail => d !== null)
      .filter((d) => needle === '' || String(d[q.searchKey]).toLowerCase().includes(needle));
    const dir = q.sortDir === 'asc' ? 1 : -1;
    rows.sort((a, b) => dir * compareText(String(a[q.sortBy]).toLowerCase(), String(b[q.sortBy]).toLowerCase()) || compareText(a.id, b.id));
    return pageOf(rows, q);
  }

  async create(body: CreateAdminServerBody): Promise<ServerDetail> {
    if (body.ifbMode != null && body.serverType !== 'mmh_server') throw validationError([{ path: 'body.ifbMode', message: RULES.ifbModeMultimediaHubOnly }]);
    if (body.inventoryId != null) this.requireInventory(body.inventoryId);
    this.assertUnique(body.name, body.serial, null);
    // Another admin took the name or serial meanwhile: the same answer as the check above.
    const id = await unlessTaken(
      repo.createServer(this.deps.db, {
        name: body.name,
        serverType: body.serverType,
        serial: body.serial,
        swVersion: body.swVersion,
        alias: body.alias ?? '',
        productType: body.productType ?? '',
        inventoryId: body.inventoryId ?? null,
        ifbMode: body.ifbMode ?? null,
        maxChannels: body.maxChannels ?? 0,
        webrtcPort: body.webrtcPort ?? null,
        publishingMode: body.publishingMode ?? 'automatic',
        genlockOffset: body.genlockOffset ?? null,
        cloudRegion: body.cloudRegion ?? null,
        cloudInstance: body.cloudInstance ?? null,
        cloudProvider: body.cloudProvider ?? null,
        status: 'offline',
      }),
      (e) => (this.assertUnique(body.name, body.serial, null), e),
    );
    return this.announce(id, body.inventoryId ?? null);
  }

  async update(id: string, body: UpdateAdminServerBody): Promise<ServerDetail> {
    const row = this.require(id);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    const { version = row.version, ...fields } = body;
    if (fields.inventoryId != null && fields.inventoryId !== row.inventoryId) this.requireInventory(fields.inventoryId);
    this.assertUnique(fields.name !== row.name ? fields.name : undefined, fields.serial !== row.serial ? fields.serial : undefined, id);
    const device: Record<string, string | number | null> = {};
    for (const key of DEVICE_FIELDS) {
      const value = fields[key];
      if (value !== undefined && value !== row[key]) device[key] = value;
    }
    if ('ifbMode' in device) {
      if (row.serverType !== 'mmh_server') throw validationError([{ path: 'body.ifbMode', message: RULES.ifbModeMultimediaHubOnly }]);
      this.config.checkIfbModeChange(row);
    }
    if (typeof device['maxChannels'] === 'number' && device['maxChannels'] < this.config.allocatedChannels(id))
      throw new AppError('MAX_CHANNELS_BELOW_ALLOCATED');
    // The server takes its settings or refuses them; refused or not sent, nothing is stored.
    if (Object.keys(device).length > 0) await this.config.send(id, { type: 'configureServer', setting: 'configuration', payload: device });
    const data: Prisma.ServerUncheckedUpdateManyInput = {};
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) Object.assign(data, { [key]: value });
    await atVersion(repo.updateServerAtVersion(this.deps.db, id, version, data), { taken: (e) => (this.assertUnique(fields.name, fields.serial, id), e) });
    return this.announce(id, row.inventoryId);
  }

  async delete(id: string): Promise<AdminServerDeleted> {
    const row = this.require(id);
    // Spec 001 §8 "Busy channel conflict": a channel of the server carries a unit's stream or is held by one.
    if (this.servers.liveStatus(id) === 'busy' || this.config.allocatedChannels(id) > 0) throw new AppError('CHANNEL_BUSY_CONFLICT');
    await atVersion(repo.deleteServerAtVersion(this.deps.db, id, row.version));
    this.publish(id, true);
    return { id, deleted: true };
  }

  private require(id: string): ServerRow {
    const row = this.deps.readModel.servers.get(id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private requireInventory(inventoryId: string): void {
    if (!this.deps.readModel.inventories.get(inventoryId)) throw validationError([{ path: 'body.inventoryId', message: RULES.unknownInventory }]);
  }

  /** Spec 001 §5 "Name field has to be unique"; a serial names one device ("This field must be unique"). */
  private assertUnique(name: string | undefined, serial: string | undefined, self: string | null): void {
    const others = this.deps.readModel.servers.all().filter((s) => s.id !== self);
    if (name !== undefined && others.some((s) => s.name === name)) {
      throw new AppError('NAME_IN_USE', [{ path: 'name', message: VALIDATION.nameUnique }], VALIDATION.nameUnique);
    }
    if (serial !== undefined && others.some((s) => s.serial === serial)) throw validationError([{ path: 'body.serial', message: VALIDATION.fieldUnique }]);
  }

  /** The server as it is now, announced to its topics (and its former inventory's) and to the admin lists. */
  private announce(id: string, formerInventoryId: string | null): ServerDetail {
    const detail = this.servers.detail(id);
    if (!detail) throw new AppError('NOT_FOUND');
    const at = this.deps.clock.now();
    const topics = inventoryAudience(this.deps.readModel, [...new Set([detail.inventoryId, formerInventoryId].filter((i): i is string => i !== null))]);
    if (topics.length > 0) this.deps.hub.publish(topics, { type: 'server.changed', server: detail, at });
    this.publish(id, false);
    return detail;
  }

  private publish(id: string, removed: boolean): void {
    const everyInventory = this.deps.readModel.inventories.all().map((i) => i.id);
    this.deps.hub.publish(inventoryAudience(this.deps.readModel, everyInventory), {
      type: 'systemDevice.changed',
      kind: 'server',
      id,
      removed,
      at: this.deps.clock.now(),
    });
  }
}

/** IFB-capable: a multimedia hub running an IFB mode (the support staff's "IFB Servers"). */
function isIfbServer(s: ServerRow): boolean {
  return s.serverType === 'mmh_server' && s.ifbMode !== null;
}

export const adminServerCalls = callsOf<AdminServerService>()({
  searchAdminServers: async (s, { query }) => s.search(query),
  createAdminServer: (s, { body }) => s.create(body),
  updateAdminServer: (s, { params, body }) => s.update(params.id, body),
  deleteAdminServer: (s, { params }) => s.delete(params.id),
});
