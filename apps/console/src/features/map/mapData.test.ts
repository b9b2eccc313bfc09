import { describe, expect, it } from 'vitest';
import { MAP_DEFAULTS } from '@fleet/contracts';
import { makeUnit } from '../../test-utils/fixtures';
import { countriesGeoJson, unwrapAntimeridian } from './basemap';
import { escapeHtml, MAP_VIEW, MARKER_COLOURS, MARKER_HEX, markerColour, markerHtml, splitByLocation } from './mapData';

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
    const { markers, unplaced } = splitByLocation(units);
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
    const html = markerHtml({ uniqueId: 'LU800-0001', name: 'x', status: 'streaming', battery: null, lat: 1.5, lng: -2, address: null });
    expect(html).toContain('data-testid="map-marker-LU800-0001"');
    expect(html).toContain('data-status="streaming"');
    expect(html).toContain('data-lat="1.5" data-lng="-2"');
    expect(html).toContain('var(--mantine-color-red-6)');
  });
});

describe('offline basemap', () => {
  it('decodes the countries to GeoJSON polygons', () => {
    const geo = countriesGeoJson();
    expect(geo.type).toBe('FeatureCollection');
    expect(geo.features.length).toBeGreaterThan(100);
    expect(geo.features.every((f) => f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon')).toBe(true);
    expect(geo.features.some((f) => f.properties.name === 'France')).toBe(true);
  });
});

describe('antimeridian', () => {
  it('draws a country across 180° as one small shape and leaves Antarctica whole', () => {
    expect(unwrapAntimeridian([[179, -16], [-179.5, -16.5], [-179, -17], [179, -16]])).toEqual([[179, -16], [180.5, -16.5], [181, -17], [179, -16]]);
    const pole = [[-180, -84], [0, -80], [180, -84], [180, -90], [-180, -90], [-180, -84]];
    expect(unwrapAntimeridian(pole)).toBe(pole);
    const steps = (ring: number[][]) => ring.some((p, i) => i > 0 && Math.abs((p[0] ?? 0) - (ring[i - 1]?.[0] ?? 0)) > 180);
    const fiji = countriesGeoJson().features.find((f) => f.properties.name === 'Fiji');
    const rings = fiji?.geometry.type === 'MultiPolygon' ? fiji.geometry.coordinates.flat() : fiji?.geometry.type === 'Polygon' ? fiji.geometry.coordinates : [];
    expect(rings.length).toBeGreaterThan(0);
    expect(rings.some(steps)).toBe(false);
  });
});
