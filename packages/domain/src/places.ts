/**
 * Addresses of the demo fleet's places (places-data.ts): the street address of a position, as a
 * reverse geocoder would give it, from the curated streets only. The seed writes a unit's address
 * with it and the simulator keeps a moving unit's address with it, so a unit's position, address
 * and name (a city) agree everywhere. Pure and deterministic: the same position gives the same
 * address (its house number follows the position along the street).
 */
import { PLACE_ROWS, type AddressStyle } from './places-data.js';

export interface Street {
  name: string;
  lat: number;
  lng: number;
  postcode: string;
  /** The lowest and highest house numbers. */
  numbers: readonly [number, number];
}

export interface Place {
  /** As the seed names the place ("Old Trafford", "New York"). */
  name: string;
  /** The postal town its addresses name. */
  town: string;
  state: string | null;
  style: AddressStyle;
  lat: number;
  lng: number;
  streets: readonly Street[];
}

export const PLACES: readonly Place[] = PLACE_ROWS.map((p) => ({
  name: p.name,
  town: p.town ?? p.name,
  state: p.state ?? null,
  style: p.style,
  lat: p.lat,
  lng: p.lng,
  streets: p.streets.map(([name, lat, lng, postcode, low, high]) => ({ name, lat, lng, postcode, numbers: [low, high] as const })),
}));

/** A position farther than this from every curated street has no street address (only its town's name, when near one). */
export const STREET_RADIUS_M = 2_000;
/** A position farther than this from every place's centre has no address here. */
export const PLACE_RADIUS_M = 25_000;

/** The place the seed names `name` ("New-York" and "New York" alike); undefined when not curated. */
export function placeNamed(name: string): Place | undefined {
  const wanted = name.replace(/-/g, ' ');
  return PLACES.find((p) => p.name === wanted);
}

/** Metres between two positions (equirectangular: exact enough within a city). */
export function distanceM(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const x = (bLng - aLng) * rad * Math.cos(((aLat + bLat) / 2) * rad);
  const y = (bLat - aLat) * rad;
  return Math.hypot(x, y) * 6_371_000;
}

/** A street address as the place's country writes it. */
export function formatAddress(place: Place, street: Street, number: number): string {
  switch (place.style) {
    case 'gb':
      return `${number} ${street.name}, ${place.town} ${street.postcode}`;
    case 'fr':
      return `${number} ${street.name}, ${street.postcode} ${place.town}`;
    case 'us':
      return `${number} ${street.name}, ${place.town}, ${place.state ?? ''} ${street.postcode}`;
    default:
      // Belgium, Germany, Spain: the number after the street.
      return `${street.name} ${number}, ${street.postcode} ${place.town}`;
  }
}

/** The house number at a position on the street: fixed by the position (to about 10 m), within the street's numbers. */
function houseNumberAt(street: Street, lat: number, lng: number): number {
  const [low, high] = street.numbers;
  const a = Math.round(lat * 10_000);
  const b = Math.round(lng * 10_000);
  // A small integer hash (Knuth's multiplicative constant), unsigned.
  const h = (Math.imul(a, 2_654_435_761) ^ Math.imul(b, 40_503)) >>> 0;
  return low + (h % (high - low + 1));
}

/** The nearest curated street to a position and its distance. */
export function nearestStreet(lat: number, lng: number): { place: Place; street: Street; metres: number } | null {
  let best: { place: Place; street: Street; metres: number } | null = null;
  for (const place of PLACES) {
    if (distanceM(lat, lng, place.lat, place.lng) > PLACE_RADIUS_M) continue;
    for (const street of place.streets) {
      const metres = distanceM(lat, lng, street.lat, street.lng);
      if (!best || metres < best.metres) best = { place, street, metres };
    }
  }
  return best;
}

/**
 * The address of a position: the nearest curated street's (within STREET_RADIUS_M), else the
 * nearest place's town (within PLACE_RADIUS_M of its centre), else null (not a place of the demo).
 */
export function addressAt(lat: number, lng: number): string | null {
  const near = nearestStreet(lat, lng);
  if (!near) return null;
  if (near.metres <= STREET_RADIUS_M) return formatAddress(near.place, near.street, houseNumberAt(near.street, lat, lng));
  const place = [...PLACES].sort((a, b) => distanceM(lat, lng, a.lat, a.lng) - distanceM(lat, lng, b.lat, b.lng))[0];
  return place ? place.town : null;
}
