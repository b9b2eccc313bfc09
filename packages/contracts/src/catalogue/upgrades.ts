/**
 * Software upgrades of servers and units (spec 001 §4 "Software upgrade: pending, upgrading,
 * succeeded, failed, rejected"; §5 upgrade rules; §8 upgrade codes). The spec does not show the
 * calls ("Software upgrade ... calls: not shown"); these are what the /devices "software upgrade"
 * tab needs: the devices it may upgrade with their running or last job, for one device the
 * versions it may go to with every blocking reason and warning, the start, and the history.
 *
 * Roles: reads for every console role that sees /devices (CONSOLE_ROLES, as the server reads), the
 * device scoped by the route (unknown and foreign: 404). Starting an upgrade is an admin act
 * (ADMIN_UNIT_ROLES, under v2/admin like the target software version): the service lets admins act
 * on devices of their own inventories only (super user and staff: all; unknown and foreign: 404).
 * A refused start answers the first blocker's code (UPGRADE_6802, 6803, 6199, 6808, 6810, or
 * UNIT_BUSY / TRANSCEIVER_BUSY) with every reason in `error.fields`, and changes nothing.
 */
import { ADMIN_UNIT_ROLES, CONSOLE_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import {
  StartUpgradeBody,
  UpgradeCandidatePage,
  UpgradeCandidateQuery,
  UpgradeEligibility,
  UpgradeEligibilityQuery,
  UpgradeHistoryQuery,
  UpgradeJob,
  UpgradeJobPage,
  UpgradeTargets,
} from '../entities/upgrades.js';
import { endpoint, type EndpointDef } from './define.js';

const unitRead = { roles: CONSOLE_ROLES, scope: 'unit', params: IdParams } as const;
const serverRead = { roles: CONSOLE_ROLES, scope: 'server', params: IdParams } as const;
const start = { roles: ADMIN_UNIT_ROLES, scope: 'none', params: IdParams, body: StartUpgradeBody, response: UpgradeJob, successStatus: 201 } as const;

export const upgradeEndpoints = {
  listUpgradeCandidates: endpoint({
    method: 'GET',
    path: '/v2/upgrades/candidates',
    summary: "The units and servers of the caller's inventories (all for global roles) with version, status and running or last upgrade job",
    spec: "001 §1 /devices 'software upgrade'; §4 software upgrade states; §8 upgrade codes",
    roles: CONSOLE_ROLES,
    scope: 'none',
    query: UpgradeCandidateQuery,
    response: UpgradeCandidatePage,
  }),
  getUpgradeJob: endpoint({
    method: 'GET',
    path: '/v2/upgrades/{id}',
    summary: 'One upgrade job (state, progress, failure code and text) of a device the caller sees',
    spec: '001 §4 Software upgrade: pending, upgrading, succeeded, failed, rejected; §8 upgrade codes',
    roles: CONSOLE_ROLES,
    scope: 'none',
    params: IdParams,
    response: UpgradeJob,
  }),
  getUnitUpgradeTargets: endpoint({
    method: 'GET',
    path: '/v2/units/{id}/upgrade/targets',
    summary: "The released, non-deprecated versions offered to the unit (its inventories'), each with its eligibility, blockers and warnings",
    spec: '001 §3 Software version; §5 upgrade rules; §9 versions 3.5 to 10.1',
    ...unitRead,
    response: UpgradeTargets,
  }),
  getUnitUpgradeEligibility: endpoint({
    method: 'GET',
    path: '/v2/units/{id}/upgrade/eligibility',
    summary: 'Whether the unit may go to a version now: every blocking reason (rule, code, message) and warning (9.2.1 configuration reset, channel version)',
    spec: '001 §5 upgrade rules: server before unit; server version at least the unit version; unit without SLA not eligible; units on 9.2.1 warn of a configuration reset; channel version should be equal or higher than unit version; upgrade not for version 5.1 or below; §8 6802, 6803, 6199, 6808, 6810',
    ...unitRead,
    query: UpgradeEligibilityQuery,
    response: UpgradeEligibility,
  }),
  startUnitUpgrade: endpoint({
    method: 'POST',
    path: '/v2/admin/units/{id}/upgrade',
    summary: "Start upgrading a unit to a version (a pending job; refused with the first blocker's code and every reason)",
    spec: '001 §4 Software upgrade; §5 upgrade rules; §8 upgrade codes',
    ...start,
  }),
  listUnitUpgrades: endpoint({
    method: 'GET',
    path: '/v2/units/{id}/upgrades',
    summary: "The unit's upgrade history, newest first",
    spec: '001 §4 Software upgrade states; §8 upgrade codes',
    ...unitRead,
    query: UpgradeHistoryQuery,
    response: UpgradeJobPage,
  }),
  getServerUpgradeTargets: endpoint({
    method: 'GET',
    path: '/v2/servers/{id}/upgrade/targets',
    summary: "The released, non-deprecated versions offered to the server (its inventory's), each with its eligibility, blockers and warnings",
    spec: '001 §3 Software version; §5 upgrade rules; §9 versions 3.5 to 10.1',
    ...serverRead,
    response: UpgradeTargets,
  }),
  getServerUpgradeEligibility: endpoint({
    method: 'GET',
    path: '/v2/servers/{id}/upgrade/eligibility',
    summary:
      'Whether the server may go to a version now: every blocking reason (idle only, offline, 8.x needs 10.0 before 10.1, transceiver busy or with an encoder input)',
    spec: "001 §5 upgrade rules: servers upgraded only when idle; servers at 8.x or below need 10.0 before 10.1; upgrade not for version 5.1 or below; §8 6802, 6199, 6808, 6810, 'transceiver busy or with an encoder input'",
    ...serverRead,
    query: UpgradeEligibilityQuery,
    response: UpgradeEligibility,
  }),
  startServerUpgrade: endpoint({
    method: 'POST',
    path: '/v2/admin/servers/{id}/upgrade',
    summary: "Start upgrading a server to a version (a pending job; refused with the first blocker's code and every reason)",
    spec: '001 §4 Software upgrade; §5 upgrade rules; §8 upgrade codes',
    ...start,
  }),
  listServerUpgrades: endpoint({
    method: 'GET',
    path: '/v2/servers/{id}/upgrades',
    summary: "The server's upgrade history, newest first",
    spec: '001 §4 Software upgrade states; §8 upgrade codes',
    ...serverRead,
    query: UpgradeHistoryQuery,
    response: UpgradeJobPage,
  }),
} as const satisfies Record<string, EndpointDef>;
