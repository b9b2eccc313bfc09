/**
 * Channels of spec 001 §7: status, fetch and fetch_details, group channel details, admin list / by id / create / delete, inventories, groups, ptmp, inventory associations, ips, capabilities, ingest association, sdi and output channels by inventory, mediaAccessOutputInfo, ptmp channels.
 */
import { endpoint, type EndpointDef } from './define.js';

void endpoint;

export const channelEndpoints = {
} as const satisfies Record<string, EndpointDef>;
