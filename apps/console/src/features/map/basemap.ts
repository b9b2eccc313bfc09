/**
 * The offline basemap (docs/DESIGN: "Leaflet for the map (with a basemap that works offline)"):
 * the world's countries at 1:110m from world-atlas, decoded from TopoJSON to GeoJSON here, so the
 * map needs no tile server and no internet.
 */
import { feature } from 'topojson-client';
import type { FeatureCollection, Geometry } from 'geojson';
import countries from 'world-atlas/countries-110m.json';

export interface CountryProperties {
  name: string;
}

type Ring = number[][];

/**
 * A ring that crosses the antimeridian (a step of more than 180° of longitude between two points,
 * e.g. Fiji) with its western points moved by +360°, so Leaflet draws it as one small shape instead
 * of a band across the world. Rings that stay wide after the move (Antarctica) are left as they are.
 */
export function unwrapAntimeridian(ring: Ring): Ring {
  const crosses = ring.some((p, i) => i > 0 && Math.abs((p[0] ?? 0) - (ring[i - 1]?.[0] ?? 0)) > 180);
  if (!crosses) return ring;
  const shifted = ring.map(([lng = 0, ...rest]) => [lng < 0 ? lng + 360 : lng, ...rest]);
  const lngs = shifted.map((p) => p[0] ?? 0);
  return Math.max(...lngs) - Math.min(...lngs) < 180 ? shifted : ring;
}

function unwrapGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map(unwrapAntimeridian) };
  if (geometry.type === 'MultiPolygon') return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapAntimeridian)) };
  return geometry;
}

let decoded: FeatureCollection<Geometry, CountryProperties> | null = null;

/** The countries as GeoJSON (decoded once). */
export function countriesGeoJson(): FeatureCollection<Geometry, CountryProperties> {
  if (decoded) return decoded;
  // The JSON import is typed from the file's values (plain strings); its shape is a TopoJSON topology.
  const topology = countries as unknown as Parameters<typeof feature>[0];
  const collection = feature(topology, topology.objects.countries ?? 'countries');
  // world-atlas's `countries` object is a GeometryCollection of named countries: a FeatureCollection.
  const result = ('features' in collection ? collection : { type: 'FeatureCollection', features: [collection] }) as FeatureCollection<
    Geometry,
    CountryProperties
  >;
  decoded = { ...result, features: result.features.map((f) => ({ ...f, geometry: unwrapGeometry(f.geometry) })) };
  return decoded;
}
