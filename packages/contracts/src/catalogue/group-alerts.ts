/**
 * A group's alerts configuration (spec 001 §7 Groups: GET/PUT v2/groups/{id}/alerts/configuration;
 * §4 alerts configuration modes and e-mail recipient verification; §2 the groups screen's alerts
 * tab). Shapes and the reading: ../entities/group-alerts.ts.
 *
 * Roles: MANAGE_ROLES (the /groups screen, 001 §2). Scope: the group (unknown and foreign: 404).
 *
 * The verification link sent to a new recipient (GET /api/v2/alerts/recipients/verify?token=…) is
 * not a catalogue call: it is opened from an e-mail without a session, the token being the
 * capability (apps/core/src/routes/recipient-verification.ts), like the signed download links.
 */
import { MANAGE_ROLES } from '../roles.js';
import { GroupAlertsConfiguration, GroupAlertsConfigurationBody, GroupAlertsParams } from '../entities/group-alerts.js';
import { endpoint, type EndpointDef } from './define.js';

export const groupAlertEndpoints = {
  getGroupAlertsConfiguration: endpoint({
    method: 'GET',
    path: '/v2/groups/{id}/alerts/configuration',
    summary: "The group's alerts configuration: mode, alert types with severities and thresholds, mailing list with each recipient's verification state",
    spec: '001 §7 Groups: GET v2/groups/{id}/alerts/configuration; 001 §4 alerts configuration modes, e-mail recipient verification',
    roles: MANAGE_ROLES,
    scope: 'group',
    params: GroupAlertsParams,
    response: GroupAlertsConfiguration,
  }),
  updateGroupAlertsConfiguration: endpoint({
    method: 'PUT',
    path: '/v2/groups/{id}/alerts/configuration',
    summary: "Save the group's alerts configuration; new recipients are sent a verification link (valid 72 hours)",
    spec: '001 §7 Groups: PUT v2/groups/{id}/alerts/configuration; 001 §4 modes, severities, types, e-mail recipient verification; 001 §9 e-mail link 72 hours; 001 §8 generic email/SMS error',
    roles: MANAGE_ROLES,
    scope: 'group',
    params: GroupAlertsParams,
    body: GroupAlertsConfigurationBody,
    response: GroupAlertsConfiguration,
  }),
} as const satisfies Record<string, EndpointDef>;
