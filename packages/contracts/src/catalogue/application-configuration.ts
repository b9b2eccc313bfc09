/**
 * Application configuration (spec 001 §2 /system_settings application_configuration; §3 "contents not shown").
 * Roles: the system admin console, PLATFORM_ADMIN_ROLES (§6). Keys are fixed once made; the keys
 * the core reads (chatSupport, features) keep their shape.
 */
import { PLATFORM_ADMIN_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import { SettingDeleted } from '../entities/organisations.js';
import {
  ApplicationConfigurationEntry,
  ApplicationConfigurationPage,
  ApplicationConfigurationSearchQuery,
  CreateApplicationConfigurationBody,
  UpdateApplicationConfigurationBody,
} from '../entities/application-configuration.js';
import { endpoint, type EndpointDef } from './define.js';

const admin = { roles: PLATFORM_ADMIN_ROLES, scope: 'none' } as const;

export const applicationConfigurationEndpoints = {
  searchApplicationConfiguration: endpoint({
    method: 'GET',
    path: '/v2/admin/applicationConfiguration',
    summary: 'Application configuration entries (search by key or description, paging, sort)',
    spec: '001 §2 /system_settings application_configuration',
    ...admin,
    query: ApplicationConfigurationSearchQuery,
    response: ApplicationConfigurationPage,
  }),
  createApplicationConfiguration: endpoint({
    method: 'POST',
    path: '/v2/admin/applicationConfiguration',
    summary: 'Create an entry (key unique, JSON value, description)',
    spec: "001 §2 application_configuration; §5 'This field must be unique'",
    ...admin,
    body: CreateApplicationConfigurationBody,
    response: ApplicationConfigurationEntry,
    successStatus: 201,
  }),
  getApplicationConfiguration: endpoint({
    method: 'GET',
    path: '/v2/admin/applicationConfiguration/{id}',
    summary: 'An entry (the edit form, with its version)',
    spec: '001 §2 application_configuration',
    ...admin,
    params: IdParams,
    response: ApplicationConfigurationEntry,
  }),
  updateApplicationConfiguration: endpoint({
    method: 'PUT',
    path: '/v2/admin/applicationConfiguration/{id}',
    summary: "Change an entry's value or description (its key stays; chatSupport and features keep their shape)",
    spec: '001 §2 application_configuration',
    ...admin,
    params: IdParams,
    body: UpdateApplicationConfigurationBody,
    response: ApplicationConfigurationEntry,
  }),
  deleteApplicationConfiguration: endpoint({
    method: 'DELETE',
    path: '/v2/admin/applicationConfiguration/{id}',
    summary: 'Delete an entry',
    spec: '001 §2 application_configuration',
    ...admin,
    params: IdParams,
    response: SettingDeleted,
  }),
} as const satisfies Record<string, EndpointDef>;
