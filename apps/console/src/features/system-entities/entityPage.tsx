/**
 * What the kinds of /system_entities share: the kind a component receives and the page of a kind
 * declared on the resource kit. The section (SystemEntities.tsx) lazily loads each kind; the kinds
 * import this file, never the section.
 */
import { associationTab, inventoryCandidates, ResourcePage, type Association, type Resource } from '../../kit';
import type { SECTIONS } from '../../routing/sections';
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
