/** GPS position: a slow random walk around a home point (a crew moving about a location). */
import type { Location } from '@fleet/contracts';
import type { Rng } from '../rng.js';

/** Cities where broadcasters work; a unit starts near one of them. */
const HOMES = [
  { lat: 51.5074, lng: -0.1278, address: 'London' },
  { lat: 40.7128, lng: -74.006, address: 'New York' },
  { lat: 48.8566, lng: 2.3522, address: 'Paris' },
  { lat: 35.6762, lng: 139.6503, address: 'Tokyo' },
  { lat: 31.2304, lng: 121.4737, address: 'Shanghai' },
  { lat: -33.8688, lng: 151.2093, address: 'Sydney' },
  { lat: 32.0853, lng: 34.7818, address: 'Tel Aviv' },
  { lat: 52.52, lng: 13.405, address: 'Berlin' },
  { lat: -23.5505, lng: -46.6333, address: 'São Paulo' },
  { lat: 19.4326, lng: -99.1332, address: 'Mexico City' },
] as const;

export class PositionModel {
  lat: number;
  lng: number;
  readonly address: string;
  private readonly homeLat: number;
  private readonly homeLng: number;

  constructor(private readonly rng: Rng) {
    const home = rng.pick(HOMES);
    this.homeLat = home.lat + rng.range(-0.05, 0.05);
    this.homeLng = home.lng + rng.range(-0.05, 0.05);
    this.lat = this.homeLat;
    this.lng = this.homeLng;
    this.address = home.address;
  }

  step(): void {
    // ~10 m steps, pulled back towards home so units stay in their city.
    this.lat += 0.0001 * this.rng.normal() + 0.05 * (this.homeLat - this.lat);
    this.lng += 0.0001 * this.rng.normal() + 0.05 * (this.homeLng - this.lng);
  }

  snapshot(): Location {
    return { lat: Math.round(this.lat * 1e6) / 1e6, lng: Math.round(this.lng * 1e6) / 1e6, address: this.address };
  }
}
