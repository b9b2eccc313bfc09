/**
 * Access approvals (spec 001 §2 /access_approvals; §4 active, expired, used; support access on a device lasts 8 hours, then blocks automatically).
 *
 * The spec shows no calls: the /access_approvals super-user page lists every approval (opened by the
 * support access remote action), revokes an active one (it ends now: expired, with who and when) and
 * marks an active one used (a support person used the access). An approval past its 8 hours is
 * expired and can be neither used nor revoked ("The access approval is no longer active").
 * Every change is announced as `accessApproval.changed` (its id only: admin consoles read it again).
 *
 * Roles: PLATFORM_ADMIN_ROLES (super_user and staff see every approval: no object scope).
 */
import { PLATFORM_ADMIN_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import { AccessApproval, AccessApprovalChangeBody, AccessApprovalPage, AccessApprovalSearchQuery } from '../entities/access-approvals.js';
import { endpoint, type EndpointDef } from './define.js';

const admin = { roles: PLATFORM_ADMIN_ROLES, scope: 'none' } as const;

export const accessApprovalEndpoints = {
  listAccessApprovals: endpoint({
    method: 'GET',
    path: '/v2/admin/accessApprovals',
    summary: 'Every access approval, newest first (page of 50; filter by status active / expired / used and by device; search)',
    spec: '001 §2 /access_approvals; §4 Access approval: active, expired, used; §9 search page size 50',
    ...admin,
    query: AccessApprovalSearchQuery,
    response: AccessApprovalPage,
  }),
  getAccessApproval: endpoint({
    method: 'GET',
    path: '/v2/admin/accessApprovals/{id}',
    summary: 'One access approval with its status as of now',
    spec: '001 §2 /access_approvals; §4 support access lasts 8 hours, then blocks automatically',
    ...admin,
    params: IdParams,
    response: AccessApproval,
  }),
  revokeAccessApproval: endpoint({
    method: 'PUT',
    path: '/v2/admin/accessApprovals/{id}/revoke',
    summary: 'Revoke an active access approval: the access ends now (expired), recording who revoked it and when',
    spec: '001 §2 /access_approvals; §4 Access approval: active, expired, used',
    ...admin,
    params: IdParams,
    body: AccessApprovalChangeBody,
    response: AccessApproval,
  }),
  useAccessApproval: endpoint({
    method: 'PUT',
    path: '/v2/admin/accessApprovals/{id}/used',
    summary: 'Mark an active access approval used (a support person used the access); an expired one cannot be used',
    spec: '001 §4 Access approval: active, expired, used; support access lasts 8 hours, then blocks automatically',
    ...admin,
    params: IdParams,
    body: AccessApprovalChangeBody,
    response: AccessApproval,
  }),
} as const satisfies Record<string, EndpointDef>;
