/**
 * Databridge gateways as platform records (spec 001 §2 /system_entities dbGateways; §3 databridge gateways).
 *
 * Read a page at a time through storage (the list is `searchAdminDbGateways`); writes are versioned
 * and announced as `systemDevice.changed` to every inventory (the admin lists read again). A
 * deleted gateway leaves the units that used it without one (the relation sets it to null).
 */
import {
  VALIDATION,
  type AdminDbGateway,
  type AdminDbGatewayRow,
  type CreateDbGatewayBody,
  type DbGatewayDeleted,
  type UpdateDbGatewayBody,
  RULES,
} from '@fleet/contracts';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { unlessTaken, atVersion } from '../../platform/versioned-write.js';
import type { ServiceDeps } from '../deps.js';
import { inventoryAudience } from '../../platform/topics.js';
import * as repo from './repository.js';

const nameInUse = () => new AppError('NAME_IN_USE', [{ path: 'name', message: VALIDATION.nameUnique }], VALIDATION.nameUnique);

/** A gateway row with its unit count, as storage reads it. */
interface DbGatewayRow {
  id: string;
  name: string;
  host: string;
  port: number | null;
  status: string;
  inventoryId: string | null;
  createdAt: Date;
  updatedAt: Date;
  _count: { units: number };
}

/** A gateway as the admin list shows it (the detail adds its version); `inventories` names its inventory. */
export function dbGatewayListed(g: DbGatewayRow, inventories: { get(id: string): { name: string } | undefined }): AdminDbGatewayRow {
  return {
    id: g.id,
    name: g.name,
    host: g.host,
    port: g.port,
    status: g.status,
    inventoryId: g.inventoryId,
    inventoryName: g.inventoryId ? (inventories.get(g.inventoryId)?.name ?? null) : null,
    unitCount: g._count.units,
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
  };
}

export class DatabridgeGatewayService {
  constructor(private readonly deps: ServiceDeps) {}

  async get(id: string): Promise<AdminDbGateway> {
    const g = await repo.findDbGateway(this.deps.db, id);
    if (!g) throw new AppError('NOT_FOUND');
    return { ...dbGatewayListed(g, this.deps.readModel.inventories), version: g.version };
  }

  async create(body: CreateDbGatewayBody): Promise<AdminDbGateway> {
    if (body.inventoryId != null) this.requireInventory(body.inventoryId);
    await this.assertUniqueName(body.name, null);
    const id = await unlessTaken(
      () => repo.createDbGateway(this.deps.db, { name: body.name, host: body.host, port: body.port, inventoryId: body.inventoryId ?? null }),
      nameInUse,
    );
    this.publish(id, false);
    return this.get(id);
  }

  async update(id: string, body: UpdateDbGatewayBody): Promise<AdminDbGateway> {
    const current = await this.get(id);
    if (body.version !== undefined && body.version !== current.version) throw new AppError('CONFLICT');
    if (body.inventoryId != null && body.inventoryId !== current.inventoryId) this.requireInventory(body.inventoryId);
    if (body.name !== undefined && body.name !== current.name) await this.assertUniqueName(body.name, id);
    const { version = current.version, ...fields } = body;
    await atVersion(
      repo.updateDbGatewayAtVersion(this.deps.db, id, version, {
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(fields.host !== undefined ? { host: fields.host } : {}),
        ...(fields.port !== undefined ? { port: fields.port } : {}),
        ...(fields.inventoryId !== undefined ? { inventoryId: fields.inventoryId } : {}),
      }),
      { taken: nameInUse },
    );
    this.publish(id, false);
    return this.get(id);
  }

  async delete(id: string): Promise<DbGatewayDeleted> {
    const current = await this.get(id);
    await atVersion(repo.deleteDbGatewayAtVersion(this.deps.db, id, current.version));
    this.publish(id, true);
    return { id, deleted: true };
  }

  private requireInventory(inventoryId: string): void {
    if (!this.deps.readModel.inventories.get(inventoryId)) throw validationError([{ path: 'body.inventoryId', message: RULES.unknownInventory }]);
  }

  /** Spec 001 §5 "Name field has to be unique". */
  private async assertUniqueName(name: string, self: string | null): Promise<void> {
    const other = await repo.findDbGatewayIdByName(this.deps.db, name);
    if (other !== null && other !== self) throw nameInUse();
  }

  private publish(id: string, removed: boolean): void {
    const everyInventory = this.deps.readModel.inventories.all().map((i) => i.id);
    this.deps.hub.publish(inventoryAudience(this.deps.readModel, everyInventory), {
      type: 'systemDevice.changed',
      kind: 'dbGateway',
      id,
      removed,
      at: this.deps.clock.now(),
    });
  }
}

export const databridgeGatewayCalls = callsOf<DatabridgeGatewayService>()({
  getAdminDbGateway: (s, { params }) => s.get(params.id),
  createAdminDbGateway: (s, { body }) => s.create(body),
  updateAdminDbGateway: (s, { params, body }) => s.update(params.id, body),
  deleteAdminDbGateway: (s, { params }) => s.delete(params.id),
});
