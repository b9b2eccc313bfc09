/**
 * Usage reports by data and time (spec 001 §2 /reports; §4 usage kinds). The spec shows no calls:
 * this is what the /reports screen draws (usage over the period's days, per unit, totals, each
 * unit's profile, quota and over-usage flag). Roles: MANAGE_ROLES (§2); the inventory is scoped to
 * the caller's by the route, the group (optional) must be one of that inventory the caller sees (else 404).
 */
import { MANAGE_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import { UsageReport, UsageReportQuery } from '../entities/usage-reports.js';
import { endpoint, type EndpointDef } from './define.js';

export const usageReportEndpoints = {
  getInventoryUsageReport: endpoint({
    method: 'GET',
    path: '/v2/inventories/{id}/usageReport',
    summary: "What the inventory's units (or one group's) used by data and by time, per day and per unit, over a period of UTC days (default: the last 30)",
    spec: '001 §2 /reports; §4 usage kinds data, time; service state over usage',
    roles: MANAGE_ROLES,
    scope: 'inventory',
    params: IdParams,
    query: UsageReportQuery,
    response: UsageReport,
  }),
} as const satisfies Record<string, EndpointDef>;
