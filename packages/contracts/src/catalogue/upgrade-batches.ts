/**
 * Batch upgrades from a CSV of at most 500 devices (spec 001 §5 "Batch upgrade CSV: at most 500
 * devices"; §9 "500 devices per batch"; /batch_upgrade, a page of the system admin console: PLATFORM_ADMIN_ROLES).
 * The CSV format and per-line checks: entities/upgrade-batches.ts.
 */
import { PLATFORM_ADMIN_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import { CreateUpgradeBatchBody, UpgradeBatch, UpgradeBatchCreated, UpgradeBatchListQuery, UpgradeBatchPage } from '../entities/upgrade-batches.js';
import { endpoint, type EndpointDef } from './define.js';

const admin = { roles: PLATFORM_ADMIN_ROLES, scope: 'none' } as const;

export const upgradeBatchEndpoints = {
  createUpgradeBatch: endpoint({
    method: 'POST',
    path: '/v2/admin/upgradeBatches',
    summary:
      'Upgrade the devices of a CSV (deviceId,targetVersion; at most 500 lines, more refuse the whole batch): each line checked, eligible ones start in waves',
    spec: "001 §5 'Batch upgrade CSV: at most 500 devices'; §9 500 devices per batch; §4 software upgrade states",
    ...admin,
    body: CreateUpgradeBatchBody,
    response: UpgradeBatchCreated,
    successStatus: 201,
  }),
  listUpgradeBatches: endpoint({
    method: 'GET',
    path: '/v2/admin/upgradeBatches',
    summary: 'Batch upgrades, newest first, with their state and per-state counts',
    spec: '001 §1 /batch_upgrade; §4 software upgrade states',
    ...admin,
    query: UpgradeBatchListQuery,
    response: UpgradeBatchPage,
  }),
  getUpgradeBatch: endpoint({
    method: 'GET',
    path: '/v2/admin/upgradeBatches/{id}',
    summary: "One batch with each device's job (state, progress, failure code and text)",
    spec: '001 §1 /batch_upgrade; §4 software upgrade states; §8 upgrade codes',
    ...admin,
    params: IdParams,
    response: UpgradeBatch,
  }),
} as const satisfies Record<string, EndpointDef>;
