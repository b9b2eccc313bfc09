/**
 * The map's clusters (supercluster): units close together on screen are drawn as one circle with
 * their count, ringed by status (one arc per status class, as long as its share), and the fleet's
 * bounds for "fit to units". Pure.
 */
import Supercluster from 'supercluster';
import type { GeoBounds } from './cities';
import { MAP_STATUS_CLASSES, mapStatusClass } from './mapData';
import type { MapStatusClass, UnitMarker } from './mapData';

export type StatusCounts = Record<MapStatusClass, number>;

interface PointProps {
  readonly id: string;
}
type ClusterProps = StatusCounts;

/** Our choice: units closer than this many pixels on screen are drawn as one cluster. */
export const CLUSTER_RADIUS = 48;

/** What the map draws at a zoom: a unit's own marker, or a cluster of several. */
export type MapItem =
  | { readonly kind: 'unit'; readonly marker: UnitMarker }
  | {
      readonly kind: 'cluster';
      /** supercluster's id of the cluster (for its expansion zoom and its units). */
      readonly id: number;
      readonly lat: number;
      readonly lng: number;
      readonly count: number;
      readonly counts: StatusCounts;
    };

const zeroCounts = (): StatusCounts => ({ offline: 0, online: 0, streaming: 0, storeAndForward: 0, busy: 0, other: 0 });

/** The units counted by status class. */
export function countByStatus(markers: readonly Pick<UnitMarker, 'status'>[]): StatusCounts {
  const counts = zeroCounts();
  for (const m of markers) counts[mapStatusClass(m.status)] += 1;
  return counts;
}

export interface ClusterIndex {
  readonly index: Supercluster<PointProps, ClusterProps>;
  readonly byId: ReadonlyMap<string, UnitMarker>;
}

/**
 * The clusters of `markers` for every zoom up to `maxZoom` (beyond it every unit is its own
 * marker). A few thousand units take a few milliseconds.
 */
export function clusterIndex(markers: readonly UnitMarker[], maxZoom: number): ClusterIndex {
  const index = new Supercluster<PointProps, ClusterProps>({
    radius: CLUSTER_RADIUS,
    maxZoom,
    minPoints: 2,
    map: (props) => {
      const counts = zeroCounts();
      const marker = byId.get(props.id);
      if (marker !== undefined) counts[mapStatusClass(marker.status)] = 1;
      return counts;
    },
    reduce: (into, props) => {
      for (const cls of MAP_STATUS_CLASSES) into[cls] += props[cls];
    },
  });
  const byId = new Map<string, UnitMarker>();
  for (const m of markers) byId.set(m.uniqueId, m);
  index.load(markers.map((m) => ({ type: 'Feature', properties: { id: m.uniqueId }, geometry: { type: 'Point', coordinates: [m.lng, m.lat] } })));
  return { index, byId };
}

/** What the map draws at `zoom` (fractional zooms count as the level below) inside `bounds`. */
export function itemsInView({ index, byId }: ClusterIndex, bounds: GeoBounds, zoom: number): MapItem[] {
  const west = Math.max(-180, bounds.west);
  const east = Math.min(180, bounds.east);
  if (west > east) return [];
  const items: MapItem[] = [];
  for (const f of index.getClusters([west, Math.max(-90, bounds.south), east, Math.min(90, bounds.north)], Math.floor(zoom + 1e-9))) {
    const [lng = 0, lat = 0] = f.geometry.coordinates;
    const props = f.properties;
    if ('cluster' in props && props.cluster) {
      const { cluster_id: id, point_count: count } = props;
      const counts = zeroCounts();
      for (const cls of MAP_STATUS_CLASSES) counts[cls] = props[cls];
      items.push({ kind: 'cluster', id, lat, lng, count, counts });
    } else {
      const marker = byId.get((props as PointProps).id);
      if (marker !== undefined) items.push({ kind: 'unit', marker });
    }
  }
  return items;
}

/** The units of a cluster, by name. */
export function unitsOfCluster({ index, byId }: ClusterIndex, id: number): UnitMarker[] {
  return index
    .getLeaves(id, Number.POSITIVE_INFINITY)
    .map((leaf) => byId.get(leaf.properties.id))
    .filter((m): m is UnitMarker => m !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The zoom at which a cluster breaks into smaller ones or units. */
export function expansionZoom({ index }: ClusterIndex, id: number): number {
  return index.getClusterExpansionZoom(id);
}

/**
 * The ring of a cluster as a CSS conic gradient: one arc per status class present, in the
 * legend's order, each as long as its share of the cluster's units.
 */
export function ringGradient(counts: StatusCounts, colourOf: (cls: MapStatusClass) => string): string {
  const total = MAP_STATUS_CLASSES.reduce((sum, cls) => sum + counts[cls], 0);
  if (total === 0) return 'none';
  let from = 0;
  const stops: string[] = [];
  for (const cls of MAP_STATUS_CLASSES) {
    if (counts[cls] === 0) continue;
    const to = from + (counts[cls] / total) * 360;
    stops.push(`${colourOf(cls)} ${+from.toFixed(2)}deg ${+to.toFixed(2)}deg`);
    from = to;
  }
  return `conic-gradient(${stops.join(', ')})`;
}

/** The box holding every marker, or null when there is none. */
export function unitBounds(markers: readonly Pick<UnitMarker, 'lat' | 'lng'>[]): GeoBounds | null {
  if (markers.length === 0) return null;
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  for (const m of markers) {
    south = Math.min(south, m.lat);
    north = Math.max(north, m.lat);
    west = Math.min(west, m.lng);
    east = Math.max(east, m.lng);
  }
  return { south, west, north, east };
}

/**
 * The lowest zoom from `from` on at which a unit is drawn as its own marker, not in a cluster
 * (`maxZoom` + 1 at most: beyond the index's last zoom every unit is its own marker).
 */
export function unclusteredZoom({ index }: ClusterIndex, marker: UnitMarker, from: number, maxZoom: number): number {
  // supercluster keeps positions in single precision: a box of about 10 m around the unit finds it.
  const e = 1e-4;
  for (let z = Math.floor(from); z <= maxZoom; z += 1) {
    const near = index.getClusters([marker.lng - e, marker.lat - e, marker.lng + e, marker.lat + e], z);
    if (near.some((f) => !('cluster' in f.properties && f.properties.cluster) && (f.properties as PointProps).id === marker.uniqueId)) return z;
  }
  return maxZoom + 1;
}
