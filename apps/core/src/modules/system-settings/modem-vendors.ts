/**
 * Modem vendors and their models (spec 001 §2 /system_settings modem_vendor; support-staff menu Modems Vendor/Model).
 * Vendor names are unique ("Name field has to be unique"; the unique index backs it); model names
 * unique within the vendor (checked by the body's schema). The form sends the whole model list:
 * adding, renaming and removing models is one update. Searched by vendor or model name.
 */
import type { CreateModemVendorBody, ModemVendor, ModemVendorSearchQuery, UpdateModemVendorBody } from '@fleet/contracts';
import { callsOf } from '../../calls.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import { modemModels } from './settings-columns.js';
import { defineSettingKind, settingService } from './setting-kind.js';
import { uniqueName } from './settings-support.js';
import * as repo from './repository.js';

export const modemVendorKind = defineSettingKind<{
  row: repo.ModemVendorRecord;
  out: ModemVendor;
  create: CreateModemVendorBody;
  update: UpdateModemVendorBody;
  query: ModemVendorSearchQuery;
}>()({
  kind: 'modem_vendor',
  store: repo.modemVendors,
  present: (row) => ({ id: row.id, name: row.name, models: modemModels.read(row.models), ...recordStamps(row) }),
  list: {
    search: (v) => [v.name, ...v.models.map((m) => m.name)],
    sort: (v, key) => v[key],
  },
  unique: [uniqueName],
  insert: (body) => ({ name: body.name, models: modemModels.write(body.models ?? []) }),
  changes: (body) => ({
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.models !== undefined ? { models: modemModels.write(body.models) } : {}),
  }),
});

export class ModemVendorService extends settingService(modemVendorKind, 'by-id') {}

export const modemVendorCalls = callsOf<ModemVendorService>()({
  searchModemVendors: (svc, { query }) => svc.list(query),
  createModemVendor: (svc, { body }) => svc.create(body),
  getModemVendor: (svc, { params }) => svc.get(params.id),
  updateModemVendor: (svc, { params, body }) => svc.update(params.id, body),
  deleteModemVendor: (svc, { params }) => svc.delete(params.id),
});
