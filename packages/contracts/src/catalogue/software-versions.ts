/**
 * Software versions (spec 001 §3 Software version; /sw_version; "software version exists").
 *
 * The spec shows the screen and the entity, not the calls; these are what the /sw_version screen
 * (and the upgrade screens reading the versions) need:
 * - reads: MANAGE_ROLES (§2) plus support staff. A non-global caller sees the versions available to
 *   one of their inventories (assigned to it, or to no inventory = every inventory), and of each
 *   version's inventories only their own; any other version answers 404, as an unknown one.
 * - create, update, delete: super user and staff (versions are platform-wide).
 * - making a version available to an inventory, or withdrawing it: the admin roles
 *   (ADMIN_UNIT_ROLES) on their own inventories (the route answers 404 for another), global roles
 *   on any.
 * Changes are announced on /ws as `softwareVersion.changed` / `softwareVersion.removed`.
 */
import { ADMIN_UNIT_ROLES, SOFTWARE_VERSION_READ_ROLES, SOFTWARE_VERSION_WRITE_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import {
  CreateSoftwareVersionBody,
  SoftwareVersion,
  SoftwareVersionDeleted,
  SoftwareVersionInventoryParams,
  SoftwareVersionPage,
  SoftwareVersionSearchQuery,
  UpdateSoftwareVersionBody,
} from '../entities/software-versions.js';
import { endpoint, type EndpointDef } from './define.js';

const read = { roles: SOFTWARE_VERSION_READ_ROLES, scope: 'none' } as const;
const write = { roles: SOFTWARE_VERSION_WRITE_ROLES, scope: 'none' } as const;
const assign = { roles: ADMIN_UNIT_ROLES, scope: 'inventory', scopeParam: 'inventoryId' } as const;

export const softwareVersionEndpoints = {
  listSoftwareVersions: endpoint({
    method: 'GET',
    path: '/v2/softwareVersions',
    summary:
      'The software versions the caller may see (the /sw_version list): page of 50, search by number or description, sorted by number compared as versions (newest first by default), filtered by deprecated, supported device or inventory',
    spec: '001 §2 /sw_version; §3 Software version; §9 "Version numbers 3.5 up to 10.1, compared by major, minor, patch"',
    ...read,
    query: SoftwareVersionSearchQuery,
    response: SoftwareVersionPage,
  }),
  getSoftwareVersion: endpoint({
    method: 'GET',
    path: '/v2/softwareVersions/{id}',
    summary: 'A software version with its inventories (the edit form, with its version)',
    spec: '001 §3 Software version',
    ...read,
    params: IdParams,
    response: SoftwareVersion,
  }),
  createSoftwareVersion: endpoint({
    method: 'POST',
    path: '/v2/softwareVersions',
    summary: 'Create a software version (number 3.5 to 10.1, unique; description, release notes URL, supported devices, deprecated, inventories)',
    spec: '001 §3 Software version; §8 "software version exists"; §9 "Version numbers 3.5 up to 10.1"',
    ...write,
    body: CreateSoftwareVersionBody,
    response: SoftwareVersion,
    successStatus: 201,
  }),
  updateSoftwareVersion: endpoint({
    method: 'PUT',
    path: '/v2/softwareVersions/{id}',
    summary:
      'Change a software version (number, description, release notes URL, supported devices, deprecated, the whole inventory list); not the number of one a running upgrade targets',
    spec: '001 §3 Software version; §8 "software version exists"',
    ...write,
    params: IdParams,
    body: UpdateSoftwareVersionBody,
    response: SoftwareVersion,
  }),
  deleteSoftwareVersion: endpoint({
    method: 'DELETE',
    path: '/v2/softwareVersions/{id}',
    summary: 'Delete a software version (not while a pending or running upgrade targets it)',
    spec: '001 §3 Software version; §4 Software upgrade states',
    ...write,
    params: IdParams,
    response: SoftwareVersionDeleted,
  }),
  assignSoftwareVersionInventory: endpoint({
    method: 'PUT',
    path: '/v2/softwareVersions/{id}/inventories/{inventoryId}',
    summary: "Make a software version available to one of the caller's inventories (a version available to every inventory already is: unchanged)",
    spec: '001 §3 Software version: inventories',
    ...assign,
    params: SoftwareVersionInventoryParams,
    response: SoftwareVersion,
  }),
  withdrawSoftwareVersionInventory: endpoint({
    method: 'DELETE',
    path: '/v2/softwareVersions/{id}/inventories/{inventoryId}',
    summary: "Withdraw a software version from one of the caller's inventories (not its last inventory, and not from a version available to every inventory)",
    spec: '001 §3 Software version: inventories',
    ...assign,
    params: SoftwareVersionInventoryParams,
    response: SoftwareVersion,
  }),
} as const satisfies Record<string, EndpointDef>;
