/**
 * Client applications (spec 001 §2 /system_settings client_application; support-staff menu Client Application).
 * Roles: the system admin console, PLATFORM_ADMIN_ROLES (§6). The secret is made by the core and
 * answered once (create, regenerate); it is stored hashed.
 */
import { PLATFORM_ADMIN_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import { SettingDeleted } from '../entities/organisations.js';
import {
  ClientApplication,
  ClientApplicationPage,
  ClientApplicationSearchQuery,
  ClientApplicationWithSecret,
  CreateClientApplicationBody,
  RegenerateClientSecretBody,
  UpdateClientApplicationBody,
} from '../entities/client-applications.js';
import { endpoint, type EndpointDef } from './define.js';

const admin = { roles: PLATFORM_ADMIN_ROLES, scope: 'none' } as const;

export const clientApplicationEndpoints = {
  searchClientApplications: endpoint({
    method: 'GET',
    path: '/v2/admin/clientApplications',
    summary: 'Client applications (search by name or client id, paging, sort); never their secrets',
    spec: '001 §2 /system_settings client_application',
    ...admin,
    query: ClientApplicationSearchQuery,
    response: ClientApplicationPage,
  }),
  createClientApplication: endpoint({
    method: 'POST',
    path: '/v2/admin/clientApplications',
    summary: 'Create a client application (name and client id unique); the answer carries its secret, this once',
    spec: "001 §2 client_application; §5 'Name field has to be unique', 'This field must be unique'",
    ...admin,
    body: CreateClientApplicationBody,
    response: ClientApplicationWithSecret,
    successStatus: 201,
  }),
  getClientApplication: endpoint({
    method: 'GET',
    path: '/v2/admin/clientApplications/{id}',
    summary: 'A client application (the edit form, with its version; no secret)',
    spec: '001 §2 client_application',
    ...admin,
    params: IdParams,
    response: ClientApplication,
  }),
  updateClientApplication: endpoint({
    method: 'PUT',
    path: '/v2/admin/clientApplications/{id}',
    summary: 'Change a client application (name, client id, redirect URIs, scopes, active)',
    spec: "001 §2 client_application; §5 'Name field has to be unique', 'This field must be unique'",
    ...admin,
    params: IdParams,
    body: UpdateClientApplicationBody,
    response: ClientApplication,
  }),
  regenerateClientSecret: endpoint({
    method: 'POST',
    path: '/v2/admin/clientApplications/{id}/secret',
    summary: 'Make a new secret (the old one stops working); the answer carries it, this once',
    spec: '001 §2 client_application',
    ...admin,
    params: IdParams,
    body: RegenerateClientSecretBody,
    response: ClientApplicationWithSecret,
  }),
  deleteClientApplication: endpoint({
    method: 'DELETE',
    path: '/v2/admin/clientApplications/{id}',
    summary: 'Delete a client application',
    spec: '001 §2 client_application',
    ...admin,
    params: IdParams,
    response: SettingDeleted,
  }),
} as const satisfies Record<string, EndpointDef>;
