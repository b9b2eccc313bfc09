/**
 * User accounts (spec 001 §3 User, §5 user rules, §6): list, create, update, deactivate, delete, inventories and groups, password policy.
 */
import { endpoint, type EndpointDef } from './define.js';

void endpoint;

export const userAccountEndpoints = {} as const satisfies Record<string, EndpointDef>;
