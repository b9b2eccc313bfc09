/**
 * Point-to-point links of spec 001 §7: v2/p2p/{id} GET/POST/PUT/DELETE, stream start/stop, groups (GET/PUT), selected group.
 *
 * {id} is the link's id, except on POST v2/p2p/{id} where it names the master unit (the unit scope
 * applies: unknown and invisible units 404). A link is visible to whoever sees its master unit
 * (checked by the service; unknown and foreign links both 404). Reads for every console user;
 * writes need the broader set of §2 (devices).
 */
import { BROADER_ROLES, CONSOLE_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import { CreateP2pLinkBody, P2pLink, P2pLinkDeleted, P2pLinkGroups, P2pSelectedGroups, SetP2pLinkGroupsBody, UpdateP2pLinkBody } from '../entities/p2p.js';
import { endpoint, type EndpointDef } from './define.js';

const read = { roles: CONSOLE_ROLES, scope: 'none' } as const;
const write = { roles: BROADER_ROLES, scope: 'none' } as const;

export const p2pEndpoints = {
  getP2pLink: endpoint({
    method: 'GET',
    path: '/v2/p2p/{id}',
    summary: 'A point-to-point link (master unit, machines, status, groups)',
    spec: '001 §7 Point-to-point: GET v2/p2p/{id}',
    ...read,
    params: IdParams,
    response: P2pLink,
  }),
  createP2pLink: endpoint({
    method: 'POST',
    path: '/v2/p2p/{id}',
    summary: 'Create a link mastered by the unit {id} (ptp: one machine; ptmp: machines with uid)',
    spec: "001 §7 Point-to-point: POST v2/p2p/{id}; §3 'Ptmp payload: uniqueID and machines with uid'",
    roles: BROADER_ROLES,
    scope: 'unit',
    params: IdParams,
    body: CreateP2pLinkBody,
    response: P2pLink,
    successStatus: 201,
  }),
  updateP2pLink: endpoint({
    method: 'PUT',
    path: '/v2/p2p/{id}',
    summary: 'Rename the link or change its kind and machines (not while streaming)',
    spec: '001 §7 Point-to-point: PUT v2/p2p/{id}',
    ...write,
    params: IdParams,
    body: UpdateP2pLinkBody,
    response: P2pLink,
  }),
  deleteP2pLink: endpoint({
    method: 'DELETE',
    path: '/v2/p2p/{id}',
    summary: 'Delete the link (not while streaming)',
    spec: '001 §7 Point-to-point: DELETE v2/p2p/{id}',
    ...write,
    params: IdParams,
    response: P2pLinkDeleted,
  }),
  startP2pStream: endpoint({
    method: 'POST',
    path: '/v2/p2p/{id}/stream',
    summary: 'The link starts streaming (the master unit must be online and idle)',
    spec: "001 §7 Point-to-point: POST v2/p2p/{id}/stream; 000 §8 'Selected channel busy or offline', 'Unit is busy'",
    ...write,
    params: IdParams,
    response: P2pLink,
  }),
  stopP2pStream: endpoint({
    method: 'DELETE',
    path: '/v2/p2p/{id}/stream',
    summary: 'The link stops streaming (an idle link answers as it is)',
    spec: '001 §7 Point-to-point: DELETE v2/p2p/{id}/stream',
    ...write,
    params: IdParams,
    response: P2pLink,
  }),
  getP2pLinkGroups: endpoint({
    method: 'GET',
    path: '/v2/p2p/{id}/groups',
    summary: 'The groups the link is shared with (those the caller sees)',
    spec: '001 §7 Point-to-point: GET v2/p2p/{id}/groups',
    ...read,
    params: IdParams,
    response: P2pLinkGroups,
  }),
  setP2pLinkGroups: endpoint({
    method: 'PUT',
    path: '/v2/p2p/{id}/groups',
    summary: 'Share the link with these groups and choose the selected ones',
    spec: '001 §7 Point-to-point: PUT v2/p2p/{id}/groups',
    ...write,
    params: IdParams,
    body: SetP2pLinkGroupsBody,
    response: P2pLinkGroups,
  }),
  getP2pLinkSelectedGroups: endpoint({
    method: 'GET',
    path: '/v2/p2p/{id}/groups/selected',
    summary: 'The selected groups of the link',
    spec: '001 §7 Point-to-point: GET v2/p2p/{id}/groups/selected',
    ...read,
    params: IdParams,
    response: P2pSelectedGroups,
  }),
} as const satisfies Record<string, EndpointDef>;
