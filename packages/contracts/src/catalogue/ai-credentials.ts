/**
 * AI credentials (spec 001 §2 /system_settings ai_settings; §3 "AI credentials").
 * Roles: the system admin console, PLATFORM_ADMIN_ROLES (§6). Secret fields are write-only.
 */
import { PLATFORM_ADMIN_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import { SettingDeleted } from '../entities/organisations.js';
import { AiCredential, AiCredentialPage, AiCredentialSearchQuery, CreateAiCredentialBody, UpdateAiCredentialBody } from '../entities/ai-credentials.js';
import { endpoint, type EndpointDef } from './define.js';

const admin = { roles: PLATFORM_ADMIN_ROLES, scope: 'none' } as const;

export const aiCredentialEndpoints = {
  searchAiCredentials: endpoint({
    method: 'GET',
    path: '/v2/admin/aiCredentials',
    summary: 'AI credentials (search by name or provider, paging, sort); secret fields masked',
    spec: '001 §2 /system_settings ai_settings',
    ...admin,
    query: AiCredentialSearchQuery,
    response: AiCredentialPage,
  }),
  createAiCredential: endpoint({
    method: 'POST',
    path: '/v2/admin/aiCredentials',
    summary: 'Create an AI credential (name unique, provider, optional inventory, fields, active)',
    spec: "001 §2 ai_settings; §5 'Name field has to be unique'",
    ...admin,
    body: CreateAiCredentialBody,
    response: AiCredential,
    successStatus: 201,
  }),
  getAiCredential: endpoint({
    method: 'GET',
    path: '/v2/admin/aiCredentials/{id}',
    summary: 'An AI credential (the edit form, with its version; secret fields masked)',
    spec: '001 §2 ai_settings',
    ...admin,
    params: IdParams,
    response: AiCredential,
  }),
  updateAiCredential: endpoint({
    method: 'PUT',
    path: '/v2/admin/aiCredentials/{id}',
    summary: 'Change an AI credential (a secret field sent without a value keeps its stored value)',
    spec: "001 §2 ai_settings; §5 'Name field has to be unique'",
    ...admin,
    params: IdParams,
    body: UpdateAiCredentialBody,
    response: AiCredential,
  }),
  deleteAiCredential: endpoint({
    method: 'DELETE',
    path: '/v2/admin/aiCredentials/{id}',
    summary: 'Delete an AI credential',
    spec: '001 §2 ai_settings',
    ...admin,
    params: IdParams,
    response: SettingDeleted,
  }),
} as const satisfies Record<string, EndpointDef>;
