/** Unit calls of spec 000 §7. */
import { ALL_ROLES, UNIT_CONTROL_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import { StartStreamBody, StreamActionResult, UnitDetail, UnitRenameBody, UnitSummary } from '../entities/unit.js';
import { z } from 'zod';
import { endpoint, type EndpointDef } from './define.js';

export const unitEndpoints = {
  fetchDevices: endpoint({
    method: 'GET',
    path: '/devices/fetch',
    summary: 'List the units the caller can see, optionally of one group',
    spec: '000 §7 Unit reads: devices/fetch (query: group)',
    roles: ALL_ROLES,
    scope: 'none',
    query: z.object({ group: z.string().min(1).max(128).optional() }).strict(),
    response: z.array(UnitSummary),
  }),
  getUnit: endpoint({
    method: 'GET',
    path: '/v2/units/{id}',
    summary: 'One unit with its detail',
    spec: '000 §7 Unit reads: v2/units/{id}',
    roles: ALL_ROLES,
    scope: 'unit',
    params: IdParams,
    response: UnitDetail,
  }),
  startUnitStream: endpoint({
    method: 'POST',
    path: '/v2/units/{id}/stream',
    summary: 'Start streaming from the unit',
    spec: '000 §7 Unit actions: stream',
    roles: UNIT_CONTROL_ROLES,
    scope: 'unit',
    params: IdParams,
    body: StartStreamBody.optional(),
    response: StreamActionResult,
  }),
  stopUnitStream: endpoint({
    method: 'DELETE',
    path: '/v2/units/{id}/stream',
    summary: 'Stop streaming from the unit',
    spec: '000 §7 Deletes: stream',
    roles: UNIT_CONTROL_ROLES,
    scope: 'unit',
    params: IdParams,
    response: StreamActionResult,
  }),
  renameDevice: endpoint({
    method: 'PUT',
    path: '/devices/update',
    summary: 'Rename a unit (and set its comment)',
    spec: '000 §7 Unit updates: PUT devices/update (name); §5 unit name rules',
    roles: UNIT_CONTROL_ROLES,
    scope: 'unit',
    scopeFrom: 'body',
    body: UnitRenameBody,
    response: UnitSummary,
  }),
} as const satisfies Record<string, EndpointDef>;
