/**
 * The offline basemap (docs/DESIGN: "Leaflet for the map (with a basemap that works offline)"):
 * Natural Earth's countries from world-atlas, decoded from TopoJSON here, so the map needs no tile
 * server and no internet. Three layers come out of one topology: the land (the countries' shapes,
 * filled), the coastlines (the arcs that bound one country only) and the borders (the arcs two
 * countries share). Each scale is its own chunk, loaded once when the zoom first needs it: 1:110m
 * for the whole world (what a first visit shows; a seventh of 1:50m's bytes), 1:50m from
 * OUTLINE_ZOOM on, 1:10m from DETAIL_ZOOM on.
 */
import { feature, mesh } from 'topojson-client';
import type { FeatureCollection, Geometry, MultiLineString } from 'geojson';

export interface CountryProperties {
  name: string;
}

export interface Basemap {
  readonly land: FeatureCollection<Geometry, CountryProperties>;
  readonly coastlines: MultiLineString;
  readonly borders: MultiLineString;
}

/** The three scales of the basemap, coarsest first. */
export type BasemapDetail = '110m' | '50m' | '10m';

/** Our choice: from this zoom on the 1:50m basemap replaces the 1:110m one (where 1:110m's shores look angular). */
export const OUTLINE_ZOOM = 4;
/** Our choice: from this zoom on the 1:10m basemap replaces the 1:50m one (where 1:50m's shores look angular). */
export const DETAIL_ZOOM = 5;

export function detailFor(zoom: number): BasemapDetail {
  if (zoom >= DETAIL_ZOOM) return '10m';
  return zoom >= OUTLINE_ZOOM ? '50m' : '110m';
}

/** Each scale's file (its own chunk). */
const FILES: Record<BasemapDetail, () => Promise<{ default: unknown }>> = {
  '110m': () => import('world-atlas/countries-110m.json'),
  '50m': () => import('world-atlas/countries-50m.json'),
  '10m': () => import('world-atlas/countries-10m.json'),
};

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

/** A line cut where it jumps across the antimeridian, so no segment is drawn across the world. */
export function splitAtAntimeridian(line: Ring): Ring[] {
  const parts: Ring[] = [];
  let part: Ring = [];
  for (const point of line) {
    const last = part[part.length - 1];
    if (last !== undefined && Math.abs((point[0] ?? 0) - (last[0] ?? 0)) > 180) {
      if (part.length > 1) parts.push(part);
      part = [];
    }
    part.push(point);
  }
  if (part.length > 1) parts.push(part);
  return parts;
}

function unwrapGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map(unwrapAntimeridian) };
  if (geometry.type === 'MultiPolygon') return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapAntimeridian)) };
  return geometry;
}

const splitLines = (lines: MultiLineString): MultiLineString => ({ type: 'MultiLineString', coordinates: lines.coordinates.flatMap(splitAtAntimeridian) });

/** The land, coastlines and borders of a world-atlas countries topology. */
export async function decodeBasemap(json: unknown, between: () => Promise<void> = async () => undefined): Promise<Basemap> {
  // The JSON import is typed from the file's values (plain strings); its shape is a TopoJSON topology
  // whose `countries` object is a GeometryCollection of named countries.
  const topology = json as Parameters<typeof mesh>[0];
  const countries = topology.objects.countries as Parameters<typeof mesh>[1] & { type: 'GeometryCollection' };
  const collection = feature(topology, countries) as FeatureCollection<Geometry, CountryProperties>;
  const land = { ...collection, features: collection.features.map((f) => ({ ...f, geometry: unwrapGeometry(f.geometry) })) };
  await between();
  const coastlines = splitLines(mesh(topology, countries, (a, b) => a === b));
  await between();
  return { land, coastlines, borders: splitLines(mesh(topology, countries, (a, b) => a !== b)) };
}

/** Resolves in a task of its own: the decoding's three parts are three tasks, not one long one on a phone. */
const nextTask = (): Promise<void> => new Promise((done) => setTimeout(done, 0));

const decoded = new Map<BasemapDetail, Promise<Basemap>>();

/** The basemap at a scale (each file fetched on first use and decoded once). */
export function loadBasemap(detail: BasemapDetail): Promise<Basemap> {
  let basemap = decoded.get(detail);
  if (basemap === undefined) {
    basemap = FILES[detail]().then((module) => decodeBasemap(module.default, nextTask));
    // A failed load (a lost connection) is tried again the next time.
    basemap.catch(() => decoded.delete(detail));
    decoded.set(detail, basemap);
  }
  return basemap;
}
