/**
 * Usage profiles (spec 001 §3 Usage profile; §5 rules; /usage_profiles) and assigning them to units.
 * The spec shows no calls ("usage profile calls: not shown", §7); these are what the
 * /usage_profiles screen needs: the list with each profile's unit count, create, update, delete,
 * and the inventory's units with their profiles (the assignment picker) and the assignment.
 *
 * Roles: the screen is for MANAGE_ROLES (§2), and so are its reads and writes. The inventory paths
 * are scoped to the caller's inventories by the route; the profile paths (v2/usageProfiles/{id}) by
 * the service: a profile of an inventory the caller does not have answers 404, as an unknown one;
 * global profiles (no inventory: the defaults) are seen by all and changed by global roles only (403).
 */
import { MANAGE_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import {
  AssignUsageProfileBody,
  CreateUsageProfileBody,
  UnitUsageProfiles,
  UpdateUsageProfileBody,
  UsageProfile,
  UsageProfileDeleted,
  UsageProfilePage,
  UsageProfileSearchQuery,
} from '../entities/usage-profiles.js';
import { endpoint, type EndpointDef } from './define.js';

const inventory = { roles: MANAGE_ROLES, scope: 'inventory' } as const;
const profile = { roles: MANAGE_ROLES, scope: 'none' } as const;

export const usageProfileEndpoints = {
  listInventoryUsageProfiles: endpoint({
    method: 'GET',
    path: '/v2/inventories/{id}/usageProfiles',
    summary: "The usage profiles the inventory may use (its own and the global ones), each with how many of the inventory's units are on it",
    spec: '001 §2 /usage_profiles; §3 Usage profile: name, type (data or hours), quota per month, reset day',
    ...inventory,
    params: IdParams,
    query: UsageProfileSearchQuery,
    response: UsageProfilePage,
  }),
  createUsageProfile: endpoint({
    method: 'POST',
    path: '/v2/inventories/{id}/usageProfiles',
    summary: 'Create a usage profile of the inventory (name, type data or hours, quota per month, reset day)',
    spec: "001 §3 Usage profile; §5 'Usage profile: reset day 1-31 and required; name unique'",
    ...inventory,
    params: IdParams,
    body: CreateUsageProfileBody,
    response: UsageProfile,
    successStatus: 201,
  }),
  updateUsageProfile: endpoint({
    method: 'PUT',
    path: '/v2/usageProfiles/{id}',
    summary: 'Change the name, type, quota or reset day of a usage profile (global profiles: global roles only)',
    spec: "001 §3 Usage profile; §5 'reset day 1-31 and required; name unique'",
    ...profile,
    params: IdParams,
    body: UpdateUsageProfileBody,
    response: UsageProfile,
  }),
  deleteUsageProfile: endpoint({
    method: 'DELETE',
    path: '/v2/usageProfiles/{id}',
    summary: 'Delete a usage profile (not a default one, nor one units are on)',
    spec: "001 §5 'default profiles and profiles with devices cannot be deleted'",
    ...profile,
    params: IdParams,
    response: UsageProfileDeleted,
  }),
  listUnitUsageProfiles: endpoint({
    method: 'GET',
    path: '/v2/inventories/{id}/unitUsageProfiles',
    summary: "The inventory's units with their usage profiles (the assignment picker)",
    spec: '001 §3 Usage profile; Unit usage profile',
    ...inventory,
    params: IdParams,
    response: UnitUsageProfiles,
  }),
  assignUsageProfile: endpoint({
    method: 'PUT',
    path: '/v2/inventories/{id}/unitUsageProfiles',
    summary: 'Put units of the inventory on a usage profile the inventory may use, or on none (null)',
    spec: '001 §3 Usage profile; Unit usage profile',
    ...inventory,
    params: IdParams,
    body: AssignUsageProfileBody,
    response: UnitUsageProfiles,
  }),
} as const satisfies Record<string, EndpointDef>;
