/**
 * Modem vendors and their models (spec 001 §2 /system_settings modem_vendor; support-staff menu Modems Vendor/Model).
 * Roles: the system admin console, PLATFORM_ADMIN_ROLES (§6); vendors belong to no inventory.
 */
import { PLATFORM_ADMIN_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import { SettingDeleted } from '../entities/organisations.js';
import { CreateModemVendorBody, ModemVendor, ModemVendorPage, ModemVendorSearchQuery, UpdateModemVendorBody } from '../entities/modem-vendors.js';
import { endpoint, type EndpointDef } from './define.js';

const admin = { roles: PLATFORM_ADMIN_ROLES, scope: 'none' } as const;

export const modemVendorEndpoints = {
  searchModemVendors: endpoint({
    method: 'GET',
    path: '/v2/admin/modemVendors',
    summary: 'Modem vendors with their models (search by vendor or model name, paging, sort)',
    spec: '001 §2 /system_settings modem_vendor',
    ...admin,
    query: ModemVendorSearchQuery,
    response: ModemVendorPage,
  }),
  createModemVendor: endpoint({
    method: 'POST',
    path: '/v2/admin/modemVendors',
    summary: 'Create a modem vendor (name unique) with its models (names unique within the vendor)',
    spec: "001 §2 modem_vendor; §5 'Name field has to be unique', 'This field must be unique'",
    ...admin,
    body: CreateModemVendorBody,
    response: ModemVendor,
    successStatus: 201,
  }),
  getModemVendor: endpoint({
    method: 'GET',
    path: '/v2/admin/modemVendors/{id}',
    summary: 'A modem vendor with its models (the edit form, with its version)',
    spec: '001 §2 modem_vendor',
    ...admin,
    params: IdParams,
    response: ModemVendor,
  }),
  updateModemVendor: endpoint({
    method: 'PUT',
    path: '/v2/admin/modemVendors/{id}',
    summary: 'Rename a vendor or replace its models (add, rename, remove)',
    spec: "001 §2 modem_vendor; §5 'Name field has to be unique', 'This field must be unique'",
    ...admin,
    params: IdParams,
    body: UpdateModemVendorBody,
    response: ModemVendor,
  }),
  deleteModemVendor: endpoint({
    method: 'DELETE',
    path: '/v2/admin/modemVendors/{id}',
    summary: 'Delete a modem vendor and its models',
    spec: '001 §2 modem_vendor',
    ...admin,
    params: IdParams,
    response: SettingDeleted,
  }),
} as const satisfies Record<string, EndpointDef>;
