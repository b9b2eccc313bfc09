/**
 * The system entities of the admin console (spec 001 §2 /system_entities/:kind): each kind a searchable, paged, sortable list with create, edit and delete and its associations.
 * One component per kind (each its own chunk); the section page shows the tabs and the title.
 */
import { lazy } from '../../lib/lazy';
import type { ComponentType } from 'react';
import { KindView } from '../../components/KindView';
import type { SystemEntitiesKind, SystemEntitiesProps } from './entityPage';

export type { SystemEntitiesKind, SystemEntitiesProps };

const ServersEntity = lazy(() => import('./ServersEntity'));
const KINDS: Record<SystemEntitiesKind, ComponentType<SystemEntitiesProps>> = {
  inventories: lazy(() => import('./InventoriesEntity')),
  groups: lazy(() => import('./GroupsEntity')),
  units: lazy(() => import('./UnitsEntity')),
  users: lazy(() => import('./UsersEntity')),
  mmh_servers: ServersEntity,
  vr_servers: ServersEntity,
  ingest_servers: ServersEntity,
  transceiver_servers: ServersEntity,
  channels: lazy(() => import('./ChannelsEntity')),
  vrChannels: lazy(() => import('./VrChannelsEntity')),
  dbGateways: lazy(() => import('./DbGatewaysEntity')),
};

export function SystemEntities({ kind }: SystemEntitiesProps) {
  return <KindView views={KINDS} kind={kind} />;
}
