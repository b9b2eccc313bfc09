/**
 * Remote actions (spec 001 §2 /remote_actions for partners and super users): support actions on
 * devices of the caller's inventories — send logs, reboot, support access for 8 hours (§4, §9).
 * The spec shows no paths; these are ours and stay stable: GET and POST v2/remoteActions, GET
 * v2/remoteActions/{id}. Also the databridge gateway list of the contractor entities view (§2
 * /entities db_gateways), which no other call lists: GET v2/admin/dbGateways.
 *
 * Scope `none`: the service checks the device (or the action's device) belongs to one of the
 * caller's inventories (super user and staff: all); an unknown and a foreign one both answer 404.
 */
import { ENTITY_LIST_ROLES, REMOTE_ACTION_ROLES } from '../roles.js';
import {
  AdminDbGatewayPage,
  AdminDbGatewaySearchQuery,
  CreateRemoteActionBody,
  RemoteAction,
  RemoteActionListQuery,
  RemoteActionPage,
  RemoteActionParams,
} from '../entities/remote-actions.js';
import { endpoint, type EndpointDef } from './define.js';

export const remoteActionEndpoints = {
  listRemoteActions: endpoint({
    method: 'GET',
    path: '/v2/remoteActions',
    summary: "The remote actions of the caller's inventories' devices, newest first, paged (filter: deviceId)",
    spec: '001 §2 /remote_actions (partner) support actions; path chosen: v2/remoteActions; §9 search page size 50',
    roles: REMOTE_ACTION_ROLES,
    scope: 'none',
    query: RemoteActionListQuery,
    response: RemoteActionPage,
  }),
  createRemoteAction: endpoint({
    method: 'POST',
    path: '/v2/remoteActions',
    summary:
      'Run a support action on a unit: send its logs (opens a support case), reboot it, or open support access for 8 hours (a second request while one is active answers the active one)',
    spec: '001 §2 /remote_actions (partner); §4 access approval active/expired/used, support access lasts 8 hours; §9 support access 8 hours; 000 §5 send logs only when online and not transmitting',
    roles: REMOTE_ACTION_ROLES,
    scope: 'none',
    body: CreateRemoteActionBody,
    response: RemoteAction,
    successStatus: 201,
  }),
  getRemoteAction: endpoint({
    method: 'GET',
    path: '/v2/remoteActions/{id}',
    summary: 'One remote action with its current status (a support access past its 8 hours reads expired)',
    spec: '001 §2 /remote_actions (partner); §4 access approval states; path chosen: v2/remoteActions/{id}',
    roles: REMOTE_ACTION_ROLES,
    scope: 'none',
    params: RemoteActionParams,
    response: RemoteAction,
  }),
  searchAdminDbGateways: endpoint({
    method: 'GET',
    path: '/v2/admin/dbGateways',
    summary: "Databridge gateways of the caller's inventories: search, paging (50), sort (read only)",
    spec: '001 §2 /entities (contractor) db_gateways and /system_entities dbGateways; path chosen: v2/admin/dbGateways; §9 search page size 50',
    roles: ENTITY_LIST_ROLES,
    scope: 'none',
    query: AdminDbGatewaySearchQuery,
    response: AdminDbGatewayPage,
  }),
} as const satisfies Record<string, EndpointDef>;
