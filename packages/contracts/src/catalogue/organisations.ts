/**
 * Organisations and their inventories (spec 001 §2 /system_settings organization, organization_inventory; §3 Organisation: name, external UID, default role, max users).
 *
 * The spec shows the screens and not their calls: these are what the two tabs need. Roles: the
 * system admin console, PLATFORM_ADMIN_ROLES (super user and staff, §6); both see every
 * organisation, so the calls are not object-scoped (unknown ids answer 404).
 */
import { PLATFORM_ADMIN_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import {
  AddOrganisationInventoryBody,
  CreateOrganisationBody,
  Organisation,
  OrganisationInventory,
  OrganisationInventoryPage,
  OrganisationInventoryParams,
  OrganisationInventoryRemoved,
  OrganisationInventorySearchQuery,
  OrganisationPage,
  OrganisationSearchQuery,
  SettingDeleted,
  UpdateOrganisationBody,
} from '../entities/organisations.js';
import { endpoint, type EndpointDef } from './define.js';

const admin = { roles: PLATFORM_ADMIN_ROLES, scope: 'none' } as const;

export const organisationEndpoints = {
  searchOrganisations: endpoint({
    method: 'GET',
    path: '/v2/admin/organisations',
    summary: 'Organisations with their user and inventory counts (search by name or external UID, paging, sort)',
    spec: '001 §2 /system_settings organization; §3 Organisation',
    ...admin,
    query: OrganisationSearchQuery,
    response: OrganisationPage,
  }),
  createOrganisation: endpoint({
    method: 'POST',
    path: '/v2/admin/organisations',
    summary: 'Create an organisation (name and external UID unique, default role, max users 0 = no limit)',
    spec: "001 §3 Organisation: name, external UID, default role, max users; §5 'Name field has to be unique'",
    ...admin,
    body: CreateOrganisationBody,
    response: Organisation,
    successStatus: 201,
  }),
  getOrganisation: endpoint({
    method: 'GET',
    path: '/v2/admin/organisations/{id}',
    summary: 'An organisation (the edit form, with its version)',
    spec: '001 §3 Organisation',
    ...admin,
    params: IdParams,
    response: Organisation,
  }),
  updateOrganisation: endpoint({
    method: 'PUT',
    path: '/v2/admin/organisations/{id}',
    summary: "Change an organisation; max users not below its active users ('Must be N or more')",
    spec: "001 §3 Organisation; §8 'no available user license'; §5 'Name field has to be unique', 'Must be N or more'",
    ...admin,
    params: IdParams,
    body: UpdateOrganisationBody,
    response: Organisation,
  }),
  deleteOrganisation: endpoint({
    method: 'DELETE',
    path: '/v2/admin/organisations/{id}',
    summary: 'Delete an organisation without users (its inventory associations go with it)',
    spec: '001 §2 /system_settings organization',
    ...admin,
    params: IdParams,
    response: SettingDeleted,
  }),
  searchOrganisationInventories: endpoint({
    method: 'GET',
    path: '/v2/admin/organisationInventories',
    summary: "Organisation-inventory associations (all, or one organisation's; search by inventory or organisation name)",
    spec: '001 §2 /system_settings organization_inventory',
    ...admin,
    query: OrganisationInventorySearchQuery,
    response: OrganisationInventoryPage,
  }),
  addOrganisationInventory: endpoint({
    method: 'POST',
    path: '/v2/admin/organisations/{id}/inventories',
    summary: 'Add an inventory to an organisation',
    spec: "001 §2 /system_settings organization_inventory; §8 'association already exists'",
    ...admin,
    params: IdParams,
    body: AddOrganisationInventoryBody,
    response: OrganisationInventory,
    successStatus: 201,
  }),
  removeOrganisationInventory: endpoint({
    method: 'DELETE',
    path: '/v2/admin/organisations/{id}/inventories/{inventoryId}',
    summary: 'Remove an inventory from an organisation',
    spec: '001 §2 /system_settings organization_inventory',
    ...admin,
    params: OrganisationInventoryParams,
    response: OrganisationInventoryRemoved,
  }),
} as const satisfies Record<string, EndpointDef>;
