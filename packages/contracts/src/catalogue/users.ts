/**
 * User accounts (spec 001 §3 User, §5 user rules, §6): list, create, update, deactivate, delete, inventories and groups, password policy.
 *
 * The spec shows none of these calls ("user create and update ... not shown"): the paths below are
 * ours, chosen for the /users screen, and stay stable. Every call is for the roles of the /users
 * screen (§2: MANAGE_ROLES) and for support staff, who manage users from the system admin console
 * (§2 /system_entities users: USER_ACCOUNT_ROLES). Object scope is the service's: a user may only see and change users of
 * their own inventories (super user and staff: all); an unknown user and a foreign one both answer
 * 404. SSO and enterprise users are managed only by an IT admin (§6): every write on them answers
 * 403 with that text. Nobody deletes or deactivates themselves, nor acts on a user of a type above
 * their own (roles.ts canManageUserType).
 */
import { USER_ACCOUNT_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import {
  CreateUserBody,
  SetUserActiveBody,
  SetUserGroupsBody,
  SetUserInventoriesBody,
  SetUserPasswordBody,
  UpdateUserBody,
  UserAccountDetail,
  UserAccountPage,
  UserDeleted,
  UserGroupRef,
  UserInventoryRef,
  UserLicences,
  UserSearchQuery,
} from '../entities/users.js';
import { z } from 'zod';
import { endpoint, type EndpointDef } from './define.js';

const manage = { roles: USER_ACCOUNT_ROLES, scope: 'none' } as const;
const SPEC = '001 §3 User, §5 user rules, §6 (user create and update: not shown; paths ours)';

export const userAccountEndpoints = {
  searchUsers: endpoint({
    method: 'GET',
    path: '/v2/users',
    summary: 'A page of the users of the caller’s inventories (50 by default): search by username, name or e-mail, sort, filter by inventory',
    spec: `${SPEC}; §9 search page size 50`,
    ...manage,
    query: UserSearchQuery,
    response: UserAccountPage,
  }),
  getUserLicences: endpoint({
    method: 'GET',
    path: '/v2/users/licences',
    summary: 'The user licences of the caller’s organisation: its max users, the active users counted against them, and how many are left',
    spec: `${SPEC}; §3 Organisation max users; §8 'no available user license'`,
    ...manage,
    response: UserLicences,
  }),
  getUser: endpoint({
    method: 'GET',
    path: '/v2/users/{id}',
    summary: 'A user with their inventories and groups (the edit form’s values, with version)',
    spec: SPEC,
    ...manage,
    params: IdParams,
    response: UserAccountDetail,
  }),
  createUser: endpoint({
    method: 'POST',
    path: '/v2/users',
    summary: 'Create a user in inventories of the caller, with a password and its expiry policy',
    spec: `${SPEC}; §8 'user already exists', 'email used by another user', 'no available user license'`,
    ...manage,
    body: CreateUserBody,
    response: UserAccountDetail,
    successStatus: 201,
  }),
  updateUser: endpoint({
    method: 'PUT',
    path: '/v2/users/{id}',
    summary: 'Change a user’s names, e-mail, type, label, flags, password expiry policy and inventories (version: optimistic concurrency)',
    spec: `${SPEC}; §8 'user already exists', 'email used by another user'`,
    ...manage,
    params: IdParams,
    body: UpdateUserBody,
    response: UserAccountDetail,
  }),
  setUserActive: endpoint({
    method: 'PUT',
    path: '/v2/users/{id}/active',
    summary: 'Deactivate a user (their sessions end at once) or activate one (needs a free user license)',
    spec: `${SPEC}; §8 'no available user license'`,
    ...manage,
    params: IdParams,
    body: SetUserActiveBody,
    response: UserAccountDetail,
  }),
  deleteUser: endpoint({
    method: 'DELETE',
    path: '/v2/users/{id}',
    summary: 'Delete a user (their sessions end at once)',
    spec: SPEC,
    ...manage,
    params: IdParams,
    response: UserDeleted,
  }),
  getUserInventories: endpoint({
    method: 'GET',
    path: '/v2/users/{id}/inventories',
    summary: 'The user’s inventories (those the caller sees)',
    spec: SPEC,
    ...manage,
    params: IdParams,
    response: z.array(UserInventoryRef),
  }),
  setUserInventories: endpoint({
    method: 'PUT',
    path: '/v2/users/{id}/inventories',
    summary: 'Set the user’s inventories among the caller’s (at least one; groups of inventories left go too)',
    spec: `${SPEC}; §5 'User needs at least one inventory'`,
    ...manage,
    params: IdParams,
    body: SetUserInventoriesBody,
    response: z.array(UserInventoryRef),
  }),
  getUserGroups: endpoint({
    method: 'GET',
    path: '/v2/users/{id}/groups',
    summary: 'The user’s groups (those the caller sees)',
    spec: SPEC,
    ...manage,
    params: IdParams,
    response: z.array(UserGroupRef),
  }),
  setUserGroups: endpoint({
    method: 'PUT',
    path: '/v2/users/{id}/groups',
    summary: 'Set the user’s groups among those the caller sees (each in one of the user’s inventories)',
    spec: SPEC,
    ...manage,
    params: IdParams,
    body: SetUserGroupsBody,
    response: z.array(UserGroupRef),
  }),
  setUserPassword: endpoint({
    method: 'PUT',
    path: '/v2/users/{id}/password',
    summary: 'Set a new password for a user (both entries; the expiry restarts by the user’s policy)',
    spec: `${SPEC}; §5 new password rules`,
    ...manage,
    params: IdParams,
    body: SetUserPasswordBody,
    response: UserAccountDetail,
  }),
} as const satisfies Record<string, EndpointDef>;
