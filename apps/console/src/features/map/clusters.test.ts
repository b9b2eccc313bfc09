import { describe, expect, it } from 'vitest';
import type { UnitStatus } from '@fleet/contracts';
import { clusterIndex, countByStatus, expansionZoom, itemsInView, ringGradient, unclusteredZoom, unitBounds, unitsOfCluster } from './clusters';
import type { MapItem } from './clusters';
import type { UnitMarker } from './mapData';

const unit = (uniqueId: string, status: UnitStatus, lat: number, lng: number): UnitMarker => ({ uniqueId, name: uniqueId, status, lat, lng, address: null });

/** Five units in London a few kilometres apart, two in Paris, one in New York. */
const fleet: UnitMarker[] = [
  unit('L1', 'streaming', 51.5074, -0.1278),
  unit('L2', 'streaming', 51.515, -0.09),
  unit('L3', 'idle', 51.49, -0.15),
  unit('L4', 'offline', 51.53, -0.1),
  unit('L5', 'storeandforward', 51.5, -0.2),
  unit('P1', 'idle', 48.8566, 2.3522),
  unit('P2', 'upgrading', 48.87, 2.33),
  unit('N1', 'online', 40.7128, -74.006),
];
const world = { south: -85, west: -180, north: 85, east: 180 };
const clustersOf = (items: MapItem[]) => items.filter((i): i is Extract<MapItem, { kind: 'cluster' }> => i.kind === 'cluster');
const unitsOf = (items: MapItem[]) => items.flatMap((i) => (i.kind === 'unit' ? [i.marker.uniqueId] : []));

describe('clusters', () => {
  it('counts the units of a cluster by status class, and every unit is drawn once, in a cluster or alone', () => {
    const index = clusterIndex(fleet, 9);
    const items = itemsInView(index, world, 3);
    const clusters = clustersOf(items);
    const london = clusters.find((c) => c.count === 5);
    expect(london?.counts).toEqual({ offline: 1, online: 1, streaming: 2, storeAndForward: 1, busy: 0, other: 0 });
    expect(clusters.reduce((n, c) => n + c.count, 0) + unitsOf(items).length).toBe(fleet.length);
    expect(unitsOf(items)).toContain('N1');
    // Fractional zooms count as the level below.
    expect(itemsInView(index, world, 3.75)).toEqual(items);
  });

  it('breaks apart as the map zooms in, and every unit stands alone beyond the last cluster zoom', () => {
    const index = clusterIndex(fleet, 9);
    const london = clustersOf(itemsInView(index, world, 3)).find((c) => c.count === 5);
    if (london === undefined) throw new Error('no London cluster');
    const breaks = expansionZoom(index, london.id);
    expect(breaks).toBeGreaterThan(3);
    expect(clustersOf(itemsInView(index, world, breaks)).every((c) => c.count < 5)).toBe(true);
    expect(unitsOfCluster(index, london.id).map((m) => m.uniqueId)).toEqual(['L1', 'L2', 'L3', 'L4', 'L5']);
    expect(unitsOf(itemsInView(index, world, 10)).sort()).toEqual(fleet.map((m) => m.uniqueId).sort());
  });

  it('draws only what lies in the view', () => {
    const index = clusterIndex(fleet, 9);
    expect(unitsOf(itemsInView(index, { south: 40, west: -75, north: 41, east: -73 }, 5))).toEqual(['N1']);
    expect(itemsInView(index, { south: 0, west: 100, north: 10, east: 110 }, 5)).toEqual([]);
  });

  it('finds the zoom at which a unit stands alone', () => {
    const index = clusterIndex(fleet, 9);
    const l1 = fleet[0]!;
    const z = unclusteredZoom(index, l1, 6, 9);
    expect(z).toBeGreaterThan(6);
    expect(unitsOf(itemsInView(index, world, z))).toContain('L1');
    expect(unitsOf(itemsInView(index, world, z - 1))).not.toContain('L1');
    // A unit alone in its region stands alone at once.
    expect(unclusteredZoom(index, fleet[7]!, 6, 9)).toBe(6);
  });

  it('rings a cluster with one arc per status present, as long as its share', () => {
    const colour = (cls: string) => `c-${cls}`;
    expect(ringGradient({ offline: 1, online: 1, streaming: 2, storeAndForward: 0, busy: 0, other: 0 }, colour)).toBe(
      'conic-gradient(c-offline 0deg 90deg, c-online 90deg 180deg, c-streaming 180deg 360deg)',
    );
    expect(ringGradient(countByStatus([]), colour)).toBe('none');
    expect(countByStatus(fleet)).toEqual({ offline: 1, online: 3, streaming: 2, storeAndForward: 1, busy: 1, other: 0 });
  });

  it('counts a status this console does not know under Other, in a neutral colour', () => {
    // A status a newer core added: its own class, not one of the spec's.
    const future = { ...fleet[0]!, uniqueId: 'F1', status: 'futureStatus7' as UnitMarker['status'] };
    expect(countByStatus([future, fleet[0]!])).toMatchObject({ other: 1 });
    expect(ringGradient(countByStatus([future]), (cls) => `c-${cls}`)).toBe('conic-gradient(c-other 0deg 360deg)');
  });
});

describe('fit to units', () => {
  it('is the box of every unit with a position', () => {
    expect(unitBounds(fleet)).toEqual({ south: 40.7128, west: -74.006, north: 51.53, east: 2.3522 });
    expect(unitBounds([fleet[5]!])).toEqual({ south: 48.8566, west: 2.3522, north: 48.8566, east: 2.3522 });
    expect(unitBounds([])).toBeNull();
  });
});
