/**
 * Software versions by product (spec 001 §2 /system_settings software_version_product; §3 Software version supported devices).
 *
 * The tab lists, for each product (unit type group or server type), the versions supporting it,
 * and adds or removes a product on a version (its supported devices), with the version's row
 * version (409 when it changed). System admin console only (PLATFORM_ADMIN_ROLES). Changes are
 * announced as `softwareVersion.changed`, as the /sw_version screen's own.
 */
import { PLATFORM_ADMIN_ROLES } from '../roles.js';
import {
  SoftwareVersionProductBody,
  SoftwareVersionProductChange,
  SoftwareVersionProductParams,
  SoftwareVersionProductQuery,
  SoftwareVersionProducts,
} from '../entities/software-version-products.js';
import { endpoint, type EndpointDef } from './define.js';

const admin = { roles: PLATFORM_ADMIN_ROLES, scope: 'none' } as const;

export const softwareVersionProductEndpoints = {
  listSoftwareVersionProducts: endpoint({
    method: 'GET',
    path: '/v2/admin/softwareVersionProducts',
    summary: 'Every product with the software versions supporting it (newest first), and every version with its supported devices',
    spec: '001 §2 /system_settings software_version_product; §3 Software version: supported devices',
    ...admin,
    response: SoftwareVersionProducts,
  }),
  addSoftwareVersionProduct: endpoint({
    method: 'PUT',
    path: '/v2/admin/softwareVersions/{id}/products/{product}',
    summary: 'A software version supports this product too (already supported: unchanged)',
    spec: '001 §3 Software version: supported devices',
    ...admin,
    params: SoftwareVersionProductParams,
    body: SoftwareVersionProductBody,
    response: SoftwareVersionProductChange,
  }),
  removeSoftwareVersionProduct: endpoint({
    method: 'DELETE',
    path: '/v2/admin/softwareVersions/{id}/products/{product}',
    summary: 'A software version no longer supports this product (not supported: unchanged); query version: only over that row version',
    spec: '001 §3 Software version: supported devices',
    ...admin,
    params: SoftwareVersionProductParams,
    query: SoftwareVersionProductQuery,
    response: SoftwareVersionProductChange,
  }),
} as const satisfies Record<string, EndpointDef>;
