/**
 * GPS position: a crew parked near its home point (small jitter) or driving (a heading that
 * wanders, city speeds), pulled back towards home so units stay in their city. The address follows
 * the position: a moved unit's is the street it is on now (the demo gazetteer of @fleet/domain
 * places.ts, which the seed's addresses come from too). A unit driving where the gazetteer has no
 * place keeps the address it had (a city's name).
 */
import type { Location } from '@fleet/contracts';
import { addressAt, distanceM } from '@fleet/domain';
import type { Rng } from '../rng.js';
import { HOMES, POSITION_MODEL as P } from './constants.js';

/** Degrees of latitude per metre. */
const DEG_PER_M = 1 / 111_320;
/** How far a unit moves before its address is looked up again (parked GPS jitter never gets there). */
const READDRESS_M = 100;

export class PositionModel {
  lat: number;
  lng: number;
  address: string | null;
  private homeLat: number;
  private homeLng: number;
  /** Where the unit started (its first home): what moveAround counts from. */
  private readonly startLat: number;
  private readonly startLng: number;
  /** Where the address was last looked up. */
  private addressedLat: number;
  private addressedLng: number;
  /** m/s while driving, 0 while parked. */
  private speed = 0;
  private heading: number;

  /**
   * `stored`: where the core has the unit (its seeded position, near the city of its name); the
   * unit starts there. Without one it starts near a city of HOMES. The home draws are made either
   * way, so a stored position moves no later draw of the stream.
   */
  constructor(
    private readonly rng: Rng,
    stored: Location | null = null,
  ) {
    const drawn = rng.pick(HOMES);
    const drawnLat = drawn.lat + rng.range(-P.homeSpreadDeg, P.homeSpreadDeg);
    const drawnLng = drawn.lng + rng.range(-P.homeSpreadDeg, P.homeSpreadDeg);
    this.homeLat = stored?.lat ?? drawnLat;
    this.homeLng = stored?.lng ?? drawnLng;
    this.lat = this.startLat = this.homeLat;
    this.lng = this.startLng = this.homeLng;
    this.address = stored ? stored.address : (addressAt(this.lat, this.lng) ?? drawn.address);
    this.addressedLat = this.lat;
    this.addressedLng = this.lng;
    this.heading = rng.range(0, 2 * Math.PI);
  }

  /** The address of where the unit is now, once it has moved far enough from where it was last addressed. */
  private readdress(): void {
    if (distanceM(this.lat, this.lng, this.addressedLat, this.addressedLng) < READDRESS_M) return;
    this.addressedLat = this.lat;
    this.addressedLng = this.lng;
    this.address = addressAt(this.lat, this.lng) ?? this.address;
  }

  /** Advance by `dtMs` of simulated time. */
  step(dtMs = 5000): void {
    const dt = dtMs / 1000;
    // Start or stop driving now and then (about every 10–20 minutes of simulated time).
    if (this.rng.next() < dt / (this.speed > 0 ? P.drivingMeanS : P.parkedMeanS)) this.speed = this.speed > 0 ? 0 : this.rng.range(...P.speedMs);
    if (this.speed > 0) {
      this.heading += this.rng.normal() * P.headingNoise;
      // Steer home when more than ~2 km away.
      const dLat = this.homeLat - this.lat;
      const dLng = this.homeLng - this.lng;
      if (Math.hypot(dLat, dLng) > P.homeRadiusDeg) this.heading = Math.atan2(dLat, dLng);
      const metres = this.speed * dt;
      this.lat += Math.sin(this.heading) * metres * DEG_PER_M;
      this.lng += (Math.cos(this.heading) * metres * DEG_PER_M) / Math.max(0.2, Math.cos((this.lat * Math.PI) / 180));
      this.readdress();
    } else {
      // GPS jitter of a few metres.
      this.lat += P.jitterDeg * this.rng.normal();
      this.lng += P.jitterDeg * this.rng.normal();
    }
  }

  /**
   * Fault/scenario: the unit is now at (lat, lng), which becomes its home; its address is `address`,
   * else that of the position (none where the gazetteer has no place: an old one would be wrong).
   */
  moveTo(lat: number, lng: number, address: string | null = null): void {
    this.lat = this.homeLat = lat;
    this.lng = this.homeLng = lng;
    this.speed = 0;
    this.addressedLat = lat;
    this.addressedLng = lng;
    this.address = address ?? addressAt(lat, lng);
  }

  /** Fault/scenario: the unit is now `northM` / `eastM` metres from where it started, its new home. */
  moveAround(northM: number, eastM: number): void {
    const lat = this.startLat + northM * DEG_PER_M;
    this.moveTo(lat, this.startLng + (eastM * DEG_PER_M) / Math.max(0.2, Math.cos((lat * Math.PI) / 180)));
  }

  snapshot(): Location {
    return { lat: Math.round(this.lat * 1e6) / 1e6, lng: Math.round(this.lng * 1e6) / 1e6, address: this.address };
  }
}
