/**
 * How one call of the spec is declared. See ./index.ts for the catalogue built from these.
 */
import type { z } from 'zod';
import type { Role } from '../enums.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Object-level access: `unit` means the `id` path parameter (or body `id`) names a unit that must
 * belong to one of the caller's inventories or groups; unknown and invisible units both answer 404.
 * `channel`, `vrChannel`, `server`, `group` and `inventory` do the same for those objects (a
 * channel or video return channel of one of the caller's groups or inventories; a server of one of
 * the caller's inventories or carrying a channel they see; a group of theirs or of their
 * inventories; one of their inventories). The id comes from `scopeParam` (default `id`) of the
 * path parameters, or of the body with `scopeFrom: 'body'`.
 */
export type EndpointScope = 'none' | 'unit' | 'channel' | 'vrChannel' | 'server' | 'group' | 'inventory';

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
  /** Where the scoped object's id comes from (default: params). */
  readonly scopeFrom?: 'params' | 'body';
  /** The field holding the scoped object's id (default: `id`). */
  readonly scopeParam?: string;
}

export const endpoint = <const D extends EndpointDef>(d: D): D => d;
