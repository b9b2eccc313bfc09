/**
 * Modem vendors and their models (spec 001 §2 /system_settings modem_vendor; support-staff menu Modems Vendor/Model).
 * Vendor names are unique ("Name field has to be unique"; the unique index backs it); model names
 * unique within the vendor (checked by the body's schema). The form sends the whole model list:
 * adding, renaming and removing models is one update. Changes are announced as `systemSetting.changed`.
 */
import {
  VALIDATION,
  type CreateModemVendorBody,
  type ModemVendor,
  type ModemVendorPage,
  type ModemVendorSearchQuery,
  type SettingDeleted,
  type UpdateModemVendorBody,
} from '@fleet/contracts';
import { callsOf } from '../../calls.js';
import { validationError } from '../../errors.js';
import { modemModels } from './settings-columns.js';
import { unlessTaken, atVersion, requireFound, requireWritten } from '../../platform/versioned-write.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import type { ServiceDeps } from '../deps.js';
import { announceSetting, assertVersion, pageOfRows } from './settings-support.js';
import * as repo from './repository.js';

type ModemVendorRow = repo.ModemVendorRecord;
const nameTaken = () => validationError([{ path: 'body.name', message: VALIDATION.nameUnique }]);

export class ModemVendorService {
  constructor(private readonly deps: ServiceDeps) {}

  /** GET v2/admin/modemVendors: search by vendor or model name. */
  async list(q: ModemVendorSearchQuery): Promise<ModemVendorPage> {
    const rows = (await repo.findModemVendors(this.deps.db)).map((r) => this.toVendor(r));
    return pageOfRows(
      rows,
      q,
      (r) => [r.name, ...r.models.map((m) => m.name)],
      (r, key) => r[key],
    );
  }

  async create(body: CreateModemVendorBody): Promise<ModemVendor> {
    await this.assertNameFree(body.name, null);
    const row = await unlessTaken(() => repo.createModemVendor(this.deps.db, { name: body.name, models: modemModels.write(body.models ?? []) }), nameTaken);
    return this.announce(row);
  }

  async get(id: string): Promise<ModemVendor> {
    return this.toVendor(await this.require(id));
  }

  async update(id: string, body: UpdateModemVendorBody): Promise<ModemVendor> {
    const row = await this.require(id);
    assertVersion(row.version, body.version);
    if (body.name !== undefined && body.name !== row.name) await this.assertNameFree(body.name, id);
    await atVersion(
      repo.updateModemVendorAtVersion(this.deps.db, id, row.version, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.models !== undefined ? { models: modemModels.write(body.models) } : {}),
      }),
      { taken: nameTaken },
    );
    return this.announce(await this.require(id));
  }

  async delete(id: string): Promise<SettingDeleted> {
    await requireWritten(repo.deleteModemVendor(this.deps.db, id));
    announceSetting(this.deps, 'modem_vendor', id, true);
    return { id, deleted: true };
  }

  private require(id: string): Promise<ModemVendorRow> {
    return requireFound(repo.findModemVendor(this.deps.db, id));
  }

  private async assertNameFree(name: string, exceptId: string | null): Promise<void> {
    if (await repo.modemVendorNameTaken(this.deps.db, name, exceptId)) throw nameTaken();
  }

  private announce(row: ModemVendorRow): ModemVendor {
    announceSetting(this.deps, 'modem_vendor', row.id);
    return this.toVendor(row);
  }

  private toVendor(row: ModemVendorRow): ModemVendor {
    return {
      id: row.id,
      name: row.name,
      models: modemModels.read(row.models),
      ...recordStamps(row),
    };
  }
}

export const modemVendorCalls = callsOf<ModemVendorService>()({
  searchModemVendors: (svc, { query }) => svc.list(query),
  createModemVendor: (svc, { body }) => svc.create(body),
  getModemVendor: (svc, { params }) => svc.get(params.id),
  updateModemVendor: (svc, { params, body }) => svc.update(params.id, body),
  deleteModemVendor: (svc, { params }) => svc.delete(params.id),
});
