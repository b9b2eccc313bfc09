/**
 * Unit and licence activation, a grantable permission (spec 001 §6; /unit_license_activation; "license limit reached").
 *
 * The spec shows the screen and the rule, not the calls. An inventory keeps a pool of licences per
 * unit service; the screen reads the pool and the inventory's units with their active licences,
 * and activates or deactivates one licence on one unit (an exhausted pool answers 402
 * "License limit reached"). Activating needs the user's `unitLicenseActivation` permission (super
 * users always have it), which admins grant on users of their inventories.
 *
 * Roles: the screen is for MANAGE_ROLES (§2); a user without the permission reads it only (403
 * "Not available for your user type" on a change). Granting is the admin's act (ADMIN_UNIT_ROLES),
 * sizing a pool the platform's (super user, staff).
 */
import { ADMIN_UNIT_ROLES, GLOBAL_SCOPE_ROLES, MANAGE_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import {
  LicenceActivationResult,
  LicenceActivationView,
  LicencePermission,
  LicencePermissionParams,
  SetLicenceActivationBody,
  SetLicencePermissionBody,
  SetLicencePoolBody,
} from '../entities/licence-activations.js';
import { endpoint, type EndpointDef } from './define.js';

export const licenceActivationEndpoints = {
  getLicenceActivation: endpoint({
    method: 'GET',
    path: '/v2/inventories/{id}/licenceActivation',
    summary: "The inventory's licence pool and its units with their active licences, and whether the caller may change them",
    spec: "001 §2 /unit_license_activation; §6 'Unit and license activation is a grantable permission'",
    roles: MANAGE_ROLES,
    scope: 'inventory',
    params: IdParams,
    response: LicenceActivationView,
  }),
  setLicenceActivation: endpoint({
    method: 'POST',
    path: '/v2/inventories/{id}/licenceActivation',
    summary: "Activate or deactivate one licence on one unit of the inventory (from the inventory's pool)",
    spec: "001 §6 'Unit and license activation is a grantable permission'; §8 'license limit reached'",
    roles: MANAGE_ROLES,
    scope: 'inventory',
    params: IdParams,
    body: SetLicenceActivationBody,
    response: LicenceActivationResult,
  }),
  setLicencePool: endpoint({
    method: 'PUT',
    path: '/v2/admin/inventories/{id}/licencePool',
    summary: 'Set how many licences of one unit service the inventory holds (not below those in use)',
    spec: "001 §3 Service; §8 'license limit reached'",
    roles: GLOBAL_SCOPE_ROLES,
    scope: 'inventory',
    params: IdParams,
    body: SetLicencePoolBody,
    response: LicenceActivationView,
  }),
  setLicencePermission: endpoint({
    method: 'PUT',
    path: '/v2/admin/users/{id}/permissions/unitLicenseActivation',
    summary: "Grant or revoke the unit and licence activation permission of a user of the admin's inventories",
    spec: "001 §6 'Unit and license activation is a grantable permission'",
    roles: ADMIN_UNIT_ROLES,
    scope: 'none',
    params: LicencePermissionParams,
    body: SetLicencePermissionBody,
    response: LicencePermission,
  }),
} as const satisfies Record<string, EndpointDef>;
