import { describe, expect, it } from 'vitest';
import { citiesInView, labelBox, placeLabels } from './cities';
import type { City } from './cities';
import citiesJson from './cities.json';
import { MAP_ZOOM } from './zoomLimits';

const CITIES = citiesJson as City[];
const world = { south: -85, west: -180, north: 85, east: 180 };
/** The pairs of names shown at `zoom` whose labels overlap (a sweep along x). */
function overlapping(cities: readonly City[], zoom: number): string[] {
  const boxes = cities.map((c) => ({ c, b: labelBox(c, zoom) })).sort((a, b) => a.b.left - b.b.left);
  const pairs: string[] = [];
  for (let i = 0; i < boxes.length; i += 1) {
    const p = boxes[i]!;
    for (let j = i + 1; j < boxes.length && boxes[j]!.b.left < p.b.right; j += 1) {
      const q = boxes[j]!;
      if (q.b.top < p.b.bottom && p.b.top < q.b.bottom) pairs.push(`${p.c.n} / ${q.c.n}`);
    }
  }
  return pairs;
}

describe('city names', () => {
  it('names the larger of two close cities first and the smaller only once they part on screen', () => {
    const placed = placeLabels(
      [
        { n: 'Smallville', lat: 51.6, lng: -0.1, p: 600_000 },
        { n: 'Bigtown', lat: 51.5, lng: -0.12, p: 9_000_000 },
        { n: 'Faraway', lat: -33.9, lng: 151.2, p: 700_000 },
      ],
      1,
      10,
    );
    const z = Object.fromEntries(placed.map((c) => [c.n, c.z]));
    expect(z.Bigtown).toBe(1);
    // Named from its population's earliest zoom on, though it has room before.
    expect(z.Faraway).toBe(5);
    expect(z.Smallville).toBeGreaterThan(5);
    expect(citiesInView(placed, 3, world).map((c) => c.n)).toEqual(['Bigtown']);
    expect(citiesInView(placed, 5, world).map((c) => c.n)).toEqual(['Bigtown', 'Faraway']);
    expect(citiesInView(placed, z.Smallville ?? 0, { south: 50, west: -1, north: 52, east: 1 }).map((c) => c.n)).toEqual(['Bigtown', 'Smallville']);
  });

  it('ships a few hundred cities whose names never overlap at any zoom the map allows', () => {
    expect(CITIES.length).toBeGreaterThan(300);
    expect(CITIES.length).toBeLessThan(1500);
    for (let zoom = MAP_ZOOM.min; zoom <= MAP_ZOOM.max; zoom += 1) {
      expect(overlapping(citiesInView(CITIES, zoom, world), zoom), `at zoom ${zoom}`).toEqual([]);
    }
  });

  it('shows more names as the map zooms in, the largest first', () => {
    const counts = [2, 4, 6, 8].map((z) => citiesInView(CITIES, z, world).length);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(citiesInView(CITIES, 2, world).map((c) => c.n)).toEqual(expect.arrayContaining(['London', 'New York City', 'Shanghai']));
    expect(citiesInView(CITIES, 4, world).map((c) => c.n)).toEqual(expect.arrayContaining(['Paris', 'Berlin', 'Tokyo']));
    const nearLondon = { south: 50.5, west: -3, north: 54, east: 1 };
    expect(citiesInView(CITIES, 3, nearLondon).map((c) => c.n)).toEqual(['London']);
    expect(citiesInView(CITIES, 7, nearLondon).map((c) => c.n)).toEqual(expect.arrayContaining(['London', 'Birmingham', 'Bristol']));
  });
});
