/**
 * What `systemEntities.changed` (ADMIN_TOPIC) makes stale: for each system entity kind, the admin
 * reads that show rows of that kind or their associations. The lists are server-sorted and paged,
 * so they are read again rather than patched.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { EndpointId, SystemEntityKind } from '@fleet/contracts';
import { endpointPrefix } from '../api/hooks';

export const SYSTEM_ENTITY_READS: Readonly<Record<SystemEntityKind, readonly EndpointId[]>> = {
  inventory: [
    'searchAdminInventories',
    'countAdminInventories',
    'getAdminInventory',
    'searchAdminGroups',
    'searchOrganisationInventories',
    'getAdminUnitInventories',
    'getAdminChannelInventories',
    'getAdminVrChannelInventories',
  ],
  group: [
    'searchAdminGroups',
    'getAdminGroup',
    'getAdminGroupUnits',
    'getAdminGroupChannels',
    'getAdminGroupVrChannels',
    'getAdminGroupUsers',
    'getAdminUnit',
    'listAdminInventoryGroups',
    'getAdminUnitGroups',
    'getAdminUnitGroupsOfInventories',
    'getAdminChannelGroups',
    'getAdminVrChannelGroups',
    'getAdminVrChannelGroupsOfInventories',
    'getUserGroups',
  ],
  unit: [
    'searchAdminUnits',
    'getAdminUnit',
    'listAdminInventoryUnits',
    'getAdminGroupUnits',
    'getAdminUnitInventories',
    'getAdminUnitGroups',
    'getAdminUnitGroupsOfInventories',
  ],
  user: ['searchUsers', 'getUser', 'getAdminGroupUsers', 'getUserGroups'],
  server: ['searchAdminServers'],
  channel: ['searchAdminChannels', 'getAdminChannel', 'getAdminGroupChannels', 'getAdminChannelInventories', 'getAdminChannelGroups'],
  vrChannel: [
    'searchAdminVrChannels',
    'getAdminVrChannel',
    'getAdminGroupVrChannels',
    'listAdminInventoryVrChannels',
    'getAdminVrChannelInventories',
    'getAdminVrChannelGroups',
    'getAdminVrChannelGroupsOfInventories',
  ],
  dbGateway: ['searchAdminDbGateways', 'getAdminDbGateway'],
};

/** The reads made stale by a change of these kinds, each once. */
export function staleSystemEntityReads(kinds: readonly SystemEntityKind[]): EndpointId[] {
  return [...new Set(kinds.flatMap((kind) => SYSTEM_ENTITY_READS[kind]))];
}

/** Reads these calls' cached answers again. */
export function invalidateReads(queryClient: QueryClient, ids: readonly EndpointId[]): void {
  for (const id of ids) void queryClient.invalidateQueries({ queryKey: endpointPrefix(id) });
}
