/**
 * The system entities of the admin console (spec 001 §2 /system_entities/:kind): each kind a searchable, paged, sortable list with create, edit and delete and its associations.
 * One component per kind (each its own chunk); the section page shows the tabs and the title.
 */
import { lazy } from 'react';
import type { ComponentType } from 'react';
import { KindView } from '../../components/KindView';
import { associationTab, inventoryCandidates, ResourcePage, type Association, type Resource } from '../../kit';
import type { SECTIONS } from '../../routing/routes';
import { useListRefresh } from './useEntityLive';

export type SystemEntitiesKind = (typeof SECTIONS)['systemEntities']['kinds'][number];

/** What every kind's component receives: the kind (servers share one component over four kinds). */
export interface SystemEntitiesProps {
  readonly kind: SystemEntitiesKind;
}

/** A kind whose page is the kit's ResourcePage of its declaration, the list read again while /ws does not keep it current. */
export function entityPage<Row, E, V extends object>(resource: Resource<Row, E, V>) {
  return function EntityPage(_props: SystemEntitiesProps) {
    return <ResourcePage resource={resource} refreshMs={useListRefresh()} />;
  };
}

/** An entity's inventories tab: any inventory the admin sees may join. */
export function inventoriesTab<E, R>(tab: Pick<Association<E, R, never>, 'testId' | 'members' | 'add' | 'remove' | 'stale'>) {
  return associationTab({ value: 'inventories', label: 'systemEntities.common.inventories', candidates: inventoryCandidates<E>(), ...tab });
}

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
