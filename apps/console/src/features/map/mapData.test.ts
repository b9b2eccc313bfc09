import { beforeAll, describe, expect, it } from 'vitest';
import { MAP_DEFAULTS } from '@fleet/contracts';
import { makeUnit } from '../../test-utils/fixtures';
import countries50m from 'world-atlas/countries-50m.json';
import { decodeBasemap, detailFor, splitAtAntimeridian, unwrapAntimeridian } from './basemap';
import type { Basemap } from './basemap';
import type { RealtimeEvent, UnitCoords } from '@fleet/contracts';
import { escapeHtml, MAP_VIEW, MARKER_COLOURS, MARKER_HEX, markerColour, markerHtml, markersOf, patchCoords, patchCoordsBatch, unplacedOf } from './mapData';

describe('map view', () => {
  it('opens at the spec default: zoom 3, centre 0/0', () => {
    expect(MAP_VIEW.zoom).toBe(3);
    expect(MAP_VIEW.center).toEqual([0, 0]);
    expect(MAP_VIEW.zoom).toBe(MAP_DEFAULTS.zoom);
  });
});

describe('markers', () => {
  it('places units with a position and lists the others', () => {
    const units = [
      makeUnit({ uniqueId: 'B', name: 'bravo', location: { lat: 51.5, lng: -0.12, address: 'London' } }),
      makeUnit({ uniqueId: 'A', name: 'alpha', location: null }),
      makeUnit({ uniqueId: 'C', name: 'charlie', location: { lat: 120, lng: 0, address: null } }),
      makeUnit({ uniqueId: 'D', name: 'delta', location: { lat: 0, lng: 0, address: null } }),
    ];
    const markers = markersOf(units);
    const unplaced = unplacedOf(units);
    expect(markers.map((m) => [m.uniqueId, m.lat, m.lng, m.address])).toEqual([
      ['B', 51.5, -0.12, 'London'],
      ['D', 0, 0, null],
    ]);
    expect(unplaced.map((u) => u.uniqueId)).toEqual(['A', 'C']);
  });

  it('colours markers by status', () => {
    expect(markerColour('idle')).toBe('green');
    expect(markerColour('streaming')).toBe('red');
    expect(markerColour('offline')).toBe('gray');
    expect(markerColour('storeandforward')).toBe('orange');
    // The canvas markers of a large fleet have the same colours.
    for (const colour of Object.values(MARKER_COLOURS)) expect(MARKER_HEX[colour]).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('writes the marker element with escaped attributes', () => {
    expect(escapeHtml(`a"<b>&'`)).toBe('a&quot;&lt;b&gt;&amp;&#39;');
    const html = markerHtml({ uniqueId: 'LU800-0001', name: 'x', status: 'streaming', lat: 1.5, lng: -2, address: null });
    expect(html).toContain('data-testid="map-marker-LU800-0001"');
    expect(html).toContain('data-status="streaming"');
    expect(html).toContain('data-lat="1.5" data-lng="-2"');
    expect(html).toContain('var(--mantine-color-red-6)');
  });
});

type Telemetry = Extract<RealtimeEvent, { type: 'unit.telemetry' }>;

describe('patchCoords (the markers of devices/fetch_coords kept live)', () => {
  const coords: UnitCoords[] = [
    { uniqueId: 'A', name: 'alpha', status: 'idle', typeGroup: 'fieldUnits', location: { lat: 1, lng: 2, address: null } },
    { uniqueId: 'B', name: 'bravo', status: 'idle', typeGroup: 'fieldUnits', location: { lat: 3, lng: 4, address: 'Paris' } },
  ];

  it('recolours and moves a marker, and keeps the list when nothing changes', () => {
    const streaming = patchCoords(coords, {
      type: 'unit.status',
      unitId: 'B',
      status: 'streaming',
      previous: 'idle',
      change: 'onlineToStreaming',
      applications: {},
      at: 1,
    });
    expect(streaming?.[1]?.status).toBe('streaming');
    expect(streaming?.[0]).toBe(coords[0]);
    const telemetry: Telemetry = {
      type: 'unit.telemetry',
      unitId: 'A',
      battery: null,
      location: null,
      modems: [],
      totalBitrate: 0,
      cameraConnected: true,
      sample: { t: 1, kbps: 0 },
      at: 1,
    };
    expect(patchCoords(coords, { ...telemetry, location: { lat: 5, lng: 6, address: null } })?.[0]?.location).toEqual({ lat: 5, lng: 6, address: null });
    expect(patchCoords(coords, { ...telemetry, location: { lat: 1, lng: 2, address: null } })).toBe(coords);
    expect(patchCoords(coords, { ...telemetry, location: null })).toBe(coords);
  });

  it('asks for a new read when a unit it does not hold gets a position or a device is added, and drops a removed one', () => {
    const telemetry: Telemetry = {
      type: 'unit.telemetry',
      unitId: 'C',
      battery: null,
      location: null,
      modems: [],
      totalBitrate: 0,
      cameraConnected: true,
      sample: { t: 1, kbps: 0 },
      at: 1,
    };
    expect(patchCoords(coords, { ...telemetry, location: { lat: 5, lng: 6, address: null } })).toBeNull();
    expect(patchCoords(coords, { type: 'device.added', unitId: 'C', at: 1 })).toBeNull();
    expect(patchCoords(coords, { type: 'device.removed', unitId: 'A', at: 1 })?.map((u) => u.uniqueId)).toEqual(['B']);
  });

  it('renames a marker on a unit update, and drops a unit that lost its position', () => {
    const renamed = patchCoords(coords, {
      type: 'unit.updated',
      unit: makeUnit({ uniqueId: 'A', name: 'alpha_2', location: { lat: 1, lng: 2, address: null } }),
      at: 1,
    });
    expect(renamed?.[0]?.name).toBe('alpha_2');
    expect(patchCoords(coords, { type: 'unit.updated', unit: makeUnit({ uniqueId: 'A', location: null }), at: 1 })?.map((u) => u.uniqueId)).toEqual(['B']);
  });
});

describe('patchCoordsBatch (a frame of events folded in at once)', () => {
  const coords: UnitCoords[] = [
    { uniqueId: 'A', name: 'alpha', status: 'idle', typeGroup: 'fieldUnits', location: { lat: 1, lng: 2, address: null } },
    { uniqueId: 'B', name: 'bravo', status: 'idle', typeGroup: 'fieldUnits', location: { lat: 3, lng: 4, address: 'Paris' } },
    { uniqueId: 'C', name: 'charlie', status: 'offline', typeGroup: 'fieldUnits', location: { lat: 5, lng: 6, address: null } },
  ];
  const moved = (unitId: string, lat: number): Telemetry => ({
    type: 'unit.telemetry',
    unitId,
    battery: null,
    location: { lat, lng: 0, address: null },
    modems: [],
    totalBitrate: 0,
    cameraConnected: true,
    sample: { t: 1, kbps: 0 },
    at: 1,
  });
  const status = (unitId: string, next: 'streaming' | 'idle'): RealtimeEvent => ({
    type: 'unit.status',
    unitId,
    status: next,
    previous: 'idle',
    change: 'onlineToStreaming',
    applications: {},
    at: 1,
  });

  it('gives what the events one by one give, in one copy that keeps the unchanged units', () => {
    const events: RealtimeEvent[] = [moved('A', 10), status('B', 'streaming'), moved('A', 11), { type: 'device.removed', unitId: 'C', at: 2 }, moved('B', 12)];
    let oneByOne: readonly UnitCoords[] | null = coords;
    for (const event of events) oneByOne = oneByOne === null ? null : patchCoords(oneByOne, event);
    const batch = patchCoordsBatch(coords, events);
    expect(batch).toEqual(oneByOne);
    expect(batch?.map((u) => u.uniqueId)).toEqual(['A', 'B']);
    expect(batch?.[0]?.location.lat).toBe(11);
    expect(batch?.[1]).toMatchObject({ status: 'streaming', location: { lat: 12 } });
    expect(coords.map((u) => u.location.lat)).toEqual([1, 3, 5]);
    const onlyB = patchCoordsBatch(coords, [status('B', 'streaming'), moved('B', 7)]);
    expect(onlyB?.[0]).toBe(coords[0]);
    expect(onlyB?.[2]).toBe(coords[2]);
  });

  it('keeps the array when no event changes it, and asks for a read when one brings a unit it does not hold', () => {
    expect(patchCoordsBatch(coords, [status('A', 'idle'), { ...moved('B', 3), location: { lat: 3, lng: 4, address: 'Paris' } }])).toBe(coords);
    expect(patchCoordsBatch(coords, [moved('A', 9), moved('D', 1)])).toBeNull();
    expect(patchCoordsBatch(coords, [status('A', 'streaming'), { type: 'device.added', unitId: 'D', at: 1 }])).toBeNull();
  });
});

describe('markersOf with the previous markers (a live update)', () => {
  const units = [
    makeUnit({ uniqueId: 'B', name: 'bravo', location: { lat: 1, lng: 1, address: null } }),
    makeUnit({ uniqueId: 'A', name: 'alpha', location: { lat: 2, lng: 2, address: null } }),
    makeUnit({ uniqueId: 'C', name: 'charlie', location: { lat: 3, lng: 3, address: null } }),
  ];

  it('keeps the marker objects of unchanged units and their order, and sorts again when a name changes', () => {
    const first = markersOf(units);
    expect(first.map((m) => m.uniqueId)).toEqual(['A', 'B', 'C']);
    const moved = units.map((u) => (u.uniqueId === 'C' ? { ...u, location: { lat: 9, lng: 9, address: null } } : u));
    const next = markersOf(moved, first);
    expect(next.map((m) => m.uniqueId)).toEqual(['A', 'B', 'C']);
    expect(next[0]).toBe(first[0]);
    expect(next[1]).toBe(first[1]);
    expect(next[2]).toMatchObject({ uniqueId: 'C', lat: 9 });
    expect(next).toEqual(markersOf(moved));
    const renamed = moved.map((u) => (u.uniqueId === 'A' ? { ...u, name: 'zulu' } : u));
    expect(markersOf(renamed, next).map((m) => m.uniqueId)).toEqual(['B', 'C', 'A']);
    const lost = moved.map((u) => (u.uniqueId === 'B' ? { ...u, location: null } : u));
    expect(markersOf(lost, next).map((m) => m.uniqueId)).toEqual(['A', 'C']);
  });
});

describe('offline basemap', () => {
  let basemap: Basemap;
  beforeAll(async () => {
    basemap = await decodeBasemap(countries50m);
  });

  it('decodes the countries to land polygons, coastlines and borders', () => {
    expect(basemap.land.features.length).toBeGreaterThan(200);
    expect(basemap.land.features.every((f) => f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon')).toBe(true);
    expect(basemap.land.features.some((f) => f.properties.name === 'France')).toBe(true);
    expect(basemap.coastlines.coordinates.length).toBeGreaterThan(500);
    expect(basemap.borders.coordinates.length).toBeGreaterThan(150);
  });

  it('uses 1:110m for the world, 1:50m from zoom 4 and 1:10m from zoom 5 on', () => {
    expect(detailFor(1)).toBe('110m');
    expect(detailFor(3)).toBe('110m');
    expect(detailFor(3.75)).toBe('110m');
    expect(detailFor(4)).toBe('50m');
    expect(detailFor(4.75)).toBe('50m');
    expect(detailFor(5)).toBe('10m');
    expect(detailFor(10)).toBe('10m');
  });
});

describe('antimeridian', () => {
  it('draws a country across 180° as one small shape and leaves Antarctica whole', async () => {
    expect(
      unwrapAntimeridian([
        [179, -16],
        [-179.5, -16.5],
        [-179, -17],
        [179, -16],
      ]),
    ).toEqual([
      [179, -16],
      [180.5, -16.5],
      [181, -17],
      [179, -16],
    ]);
    const pole = [
      [-180, -84],
      [0, -80],
      [180, -84],
      [180, -90],
      [-180, -90],
      [-180, -84],
    ];
    expect(unwrapAntimeridian(pole)).toBe(pole);
    const steps = (ring: number[][]) => ring.some((p, i) => i > 0 && Math.abs((p[0] ?? 0) - (ring[i - 1]?.[0] ?? 0)) > 180);
    const basemap = await decodeBasemap(countries50m);
    const fiji = basemap.land.features.find((f) => f.properties.name === 'Fiji');
    const rings =
      fiji?.geometry.type === 'MultiPolygon' ? fiji.geometry.coordinates.flat() : fiji?.geometry.type === 'Polygon' ? fiji.geometry.coordinates : [];
    expect(rings.length).toBeGreaterThan(0);
    expect(rings.some(steps)).toBe(false);
    // No coastline or border is drawn across the world either.
    expect([...basemap.coastlines.coordinates, ...basemap.borders.coordinates].some(steps)).toBe(false);
    expect(
      splitAtAntimeridian([
        [178, 1],
        [179.9, 1],
        [-179.9, 1],
        [-178, 1],
      ]),
    ).toEqual([
      [
        [178, 1],
        [179.9, 1],
      ],
      [
        [-179.9, 1],
        [-178, 1],
      ],
    ]);
  });
});
