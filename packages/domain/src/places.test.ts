import { describe, expect, it } from 'vitest';
import { addressAt, distanceM, nearestStreet, PLACES, placeNamed } from './places.js';

describe('the demo gazetteer', () => {
  it('every street is real-sized and near its place: within 0.045° of the centre, numbers in order, one name once', () => {
    for (const place of PLACES) {
      expect(place.streets.length, place.name).toBeGreaterThanOrEqual(8);
      expect(new Set(place.streets.map((s) => s.name)).size, place.name).toBe(place.streets.length);
      for (const s of place.streets) {
        expect(Math.abs(s.lat - place.lat), `${s.name}, ${place.name}`).toBeLessThan(0.045);
        expect(Math.abs(s.lng - place.lng), `${s.name}, ${place.name}`).toBeLessThan(0.045);
        expect(s.numbers[0]).toBeLessThanOrEqual(s.numbers[1]);
      }
    }
  });

  it('a position on a street reads as that street, in the country’s way of writing it', () => {
    for (const place of PLACES) {
      for (const s of place.streets) {
        const address = addressAt(s.lat, s.lng);
        expect(address, `${s.name}, ${place.name}`).toContain(s.name);
        expect(address).toContain(place.town);
        expect(address).toContain(s.postcode);
        expect(nearestStreet(s.lat, s.lng)?.street.name).toBe(s.name);
      }
    }
    expect(addressAt(51.5142, -0.1075)).toMatch(/^\d+ Fleet Street, London EC4Y 1AA$/);
    expect(addressAt(52.517, 13.389)).toMatch(/^Friedrichstraße \d+, 10117 Berlin$/);
    expect(addressAt(48.859, 2.347)).toMatch(/^\d+ Rue de Rivoli, 75001 Paris$/);
    expect(addressAt(40.706, -74.009)).toMatch(/^\d+ Wall Street, New York, NY 10005$/);
    expect(addressAt(53.464, -2.29)).toMatch(/^\d+ Sir Matt Busby Way, Manchester M16 0RA$/);
  });

  it('the same position gives the same address; a house number stays within the street’s', () => {
    const a = addressAt(53.4796, -2.2497);
    expect(addressAt(53.4796, -2.2497)).toBe(a);
    for (let i = 0; i < 50; i++) {
      const n = Number(/^(\d+) Deansgate/.exec(addressAt(53.4794 + i * 0.00002, -2.2494) ?? '')?.[1]);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(400);
    }
  });

  it('away from the streets: the town within reach, nothing far from every place', () => {
    expect(addressAt(52.11, -1.07)).toBe('Towcester');
    expect(addressAt(35.6762, 139.6503)).toBeNull();
    expect(placeNamed('New-York')?.town).toBe('New York');
    expect(placeNamed('Atlantis')).toBeUndefined();
    expect(distanceM(51.5, 0, 51.5, 0)).toBe(0);
  });
});
