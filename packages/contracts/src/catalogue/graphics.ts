/**
 * Graphics (spec 001 §7 Graphics): my graphics, singular, delete app, templates, permissions, job
 * status; §6 "Graphics depends on a service-enabled check"; §9 "graphics trial 10 hours, expires in
 * 30 days".
 *
 * Every call but the permissions answers 403 "Feature disabled" unless the inventory's `graphics`
 * managed service is enabled, purchased or on an active trial (the permissions say which, so the
 * screen can show it). Roles: My Graphics is open to every console user (reads: CONSOLE_ROLES);
 * creating and deleting need the broader set (BROADER_ROLES: not luc_read), as for the other
 * screens of §2 that change things for everyone in the inventory.
 */
import { BROADER_ROLES, CONSOLE_ROLES } from '../roles.js';
import {
  GraphicsAppDeleted,
  GraphicsAppParams,
  GraphicsInventoryParams,
  GraphicsJobStatusBody,
  GraphicsJobStatuses,
  GraphicsPermissions,
  GraphicsTemplates,
  MyGraphics,
  SingularBody,
  SingularSession,
} from '../entities/graphics.js';
import { endpoint, type EndpointDef } from './define.js';

const read = { roles: CONSOLE_ROLES, scope: 'inventory' } as const;

export const graphicsEndpoints = {
  listMyGraphics: endpoint({
    method: 'GET',
    path: '/inventory/{id}/mygraphics',
    summary: "The inventory's graphics compositions (name, template, last updated; latest job)",
    spec: '001 §7 Graphics: GET inventory/{id}/mygraphics; §3 Graphics composition; §6 service-enabled check',
    ...read,
    params: GraphicsInventoryParams,
    response: MyGraphics,
  }),
  openSingularApp: endpoint({
    method: 'POST',
    path: '/graphics/singular',
    summary: 'Create or open a composition in the Singular graphics app: answers its app id and a job preparing it',
    spec: '001 §7 Graphics: POST graphics/singular (payload includes inventoryId); §9 graphics trial 10 hours, expires in 30 days',
    roles: BROADER_ROLES,
    scope: 'inventory',
    scopeFrom: 'body',
    scopeParam: 'inventoryId',
    body: SingularBody,
    response: SingularSession,
  }),
  deleteGraphicsApp: endpoint({
    method: 'DELETE',
    path: '/inventory/{id}/app/{appId}',
    summary: 'Delete the composition opened in this Singular app',
    spec: '001 §7 Graphics: DELETE inventory/{id}/app/{appId}',
    roles: BROADER_ROLES,
    scope: 'inventory',
    params: GraphicsAppParams,
    response: GraphicsAppDeleted,
  }),
  listGraphicsTemplates: endpoint({
    method: 'GET',
    path: '/inventory/{id}/templates',
    summary: 'The templates a composition can start from',
    spec: '001 §7 Graphics: GET inventory/{id}/templates',
    ...read,
    params: GraphicsInventoryParams,
    response: GraphicsTemplates,
  }),
  getGraphicsPermissions: endpoint({
    method: 'GET',
    path: '/inventory/{id}/permissions',
    summary: "What the caller may do with graphics in the inventory, and the graphics service's state (enabled, trial, ...)",
    spec: '001 §7 Graphics: GET inventory/{id}/permissions; §6 service-enabled check; §4 service and trial states',
    ...read,
    params: GraphicsInventoryParams,
    response: GraphicsPermissions,
  }),
  getGraphicsJobStatus: endpoint({
    method: 'POST',
    path: '/graphics/job/status',
    summary: "The status of render/export jobs of the inventory's graphics apps",
    spec: '001 §7 Graphics: POST graphics/job/status',
    roles: CONSOLE_ROLES,
    scope: 'inventory',
    scopeFrom: 'body',
    scopeParam: 'inventoryId',
    body: GraphicsJobStatusBody,
    response: GraphicsJobStatuses,
  }),
} as const satisfies Record<string, EndpointDef>;
