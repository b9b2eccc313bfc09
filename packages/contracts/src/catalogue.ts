/**
 * The endpoint catalogue: one declaration per call of spec section 7. From it the core registers
 * routes, validates input, enforces roles and object scope; the OpenAPI document is generated; the
 * console's REST client is derived; the role-matrix and fuzz tests are generated.
 *
 * Paths are relative to the core prefix (CORE_PREFIX, default /api) and use OpenAPI `{param}`
 * placeholders. Where the spec does not show a shape, the schema here is our stable choice.
 */
import { z } from 'zod';
import type { Role } from './enums.js';
import { ALL_ROLES, UNIT_CONTROL_ROLES } from './roles.js';
import { IdParams, Ok } from './entities/common.js';
import {
  StartStreamBody, StreamActionResult, UnitDetail, UnitRenameBody, UnitSummary,
} from './entities/unit.js';
import { CurrentUser, UserPreferences } from './entities/user.js';
import { ClientNotification } from './entities/notification.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Object-level access: `unit` means the `id` path parameter (or body `id`) names a unit that must
 * belong to one of the caller's inventories or groups; unknown and invisible units both answer 404.
 */
export type EndpointScope = 'none' | 'unit';

export interface EndpointDef {
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  /** Where the call comes from in the spec, e.g. "000 §7 Unit reads". */
  readonly spec: string;
  readonly roles: readonly Role[];
  readonly scope: EndpointScope;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  /** HTTP status on success (default 200). */
  readonly successStatus?: number;
  /** Where the unit id comes from when scope is `unit` (default: params.id). */
  readonly scopeFrom?: 'params' | 'body';
}

const endpoint = <const D extends EndpointDef>(d: D): D => d;

export const catalogue = {
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
  getUserPreferences: endpoint({
    method: 'GET',
    path: '/userPreferences',
    summary: "The caller's preferences",
    spec: '000 §7 Unit reads: userPreferences; §3 Preferences',
    roles: ALL_ROLES,
    scope: 'none',
    response: UserPreferences,
  }),
  updateUserPreferences: endpoint({
    method: 'PUT',
    path: '/userPreferences',
    summary: "Merge the given fields into the caller's preferences",
    spec: '000 §7 Unit updates: userPreferences',
    roles: ALL_ROLES,
    scope: 'none',
    body: UserPreferences,
    response: UserPreferences,
  }),
  getCurrentUser: endpoint({
    method: 'GET',
    path: '/users/current',
    summary: 'Current user details',
    spec: '000 §7 Unit reads: current user details',
    roles: ALL_ROLES,
    scope: 'none',
    response: CurrentUser,
  }),
  fetchClientNotifications: endpoint({
    method: 'GET',
    path: '/client_notifications/fetch',
    summary: 'Notifications for the banner (with 2 h / 24 h expiry flags)',
    spec: '000 §7 Unit reads: client_notifications/fetch; 001 §3 Notification',
    roles: ALL_ROLES,
    scope: 'none',
    response: z.array(ClientNotification),
  }),
} as const satisfies Record<string, EndpointDef>;

export type Catalogue = typeof catalogue;
export type EndpointId = keyof Catalogue;
export const ENDPOINT_IDS = Object.keys(catalogue) as EndpointId[];

type InferOr<T, Fallback> = T extends z.ZodType ? z.infer<T> : Fallback;
type InputOf<T> = T extends z.ZodType ? z.input<T> : undefined;

/** What a caller passes for one endpoint (the REST client's argument). */
export type EndpointInput<K extends EndpointId> = {
  params: InputOf<Catalogue[K] extends { params: infer P } ? P : undefined>;
  query: InputOf<Catalogue[K] extends { query: infer Q } ? Q : undefined>;
  body: InputOf<Catalogue[K] extends { body: infer B } ? B : undefined>;
};
/** What one endpoint answers with. */
export type EndpointOutput<K extends EndpointId> = InferOr<Catalogue[K]['response'], never>;
/** The parsed input a handler receives. */
export type EndpointParsed<K extends EndpointId> = {
  params: InferOr<Catalogue[K] extends { params: infer P } ? P : undefined, undefined>;
  query: InferOr<Catalogue[K] extends { query: infer Q } ? Q : undefined, undefined>;
  body: InferOr<Catalogue[K] extends { body: infer B } ? B : undefined, undefined>;
};

/** Fill `{param}` placeholders; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}

/** Mock-only endpoints (outside the core prefix): demo log-in. A real core has its own login. */
export const MOCK_AUTH = {
  loginPath: '/mock/auth/login',
  logoutPath: '/mock/auth/logout',
  sessionCookie: 'fleet_session',
} as const;

export { Ok };
