/**
 * The system entities of the admin console (spec 001 §2 /system_entities/:kind): each kind a searchable, paged, sortable list with create, edit and delete and its associations.
 * One component per kind (each its own chunk); the section page shows the tabs and the title.
 */
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { Loader } from '@mantine/core';
import type { SECTIONS } from '../../routing/routes';

export type SystemEntitiesKind = (typeof SECTIONS)['systemEntities']['kinds'][number];

/** What every kind's component receives: the kind (servers share one component over four kinds). */
export interface SystemEntitiesProps {
  readonly kind: SystemEntitiesKind;
}

const InventoriesEntity = lazy(() => import('./InventoriesEntity'));
const GroupsEntity = lazy(() => import('./GroupsEntity'));
const UnitsEntity = lazy(() => import('./UnitsEntity'));
const UsersEntity = lazy(() => import('./UsersEntity'));
const ServersEntity = lazy(() => import('./ServersEntity'));
const ChannelsEntity = lazy(() => import('./ChannelsEntity'));
const VrChannelsEntity = lazy(() => import('./VrChannelsEntity'));
const DbGatewaysEntity = lazy(() => import('./DbGatewaysEntity'));

const KINDS: Record<SystemEntitiesKind, ComponentType<SystemEntitiesProps>> = {
  inventories: InventoriesEntity,
  groups: GroupsEntity,
  units: UnitsEntity,
  users: UsersEntity,
  mmh_servers: ServersEntity,
  vr_servers: ServersEntity,
  ingest_servers: ServersEntity,
  transceiver_servers: ServersEntity,
  channels: ChannelsEntity,
  vrChannels: VrChannelsEntity,
  dbGateways: DbGatewaysEntity,
};

export function SystemEntities({ kind }: SystemEntitiesProps) {
  const View = KINDS[kind];
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <View kind={kind} />
    </Suspense>
  );
}
