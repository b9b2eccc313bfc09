/**
 * The fleet sizes: every size holds the structural units and servers (structure.ts, SEED_IDS) and
 * adds units and multimedia hubs around them, spread over the same three inventories (news, sport,
 * regional) and their groups. Also the names a broadcaster gives its units (a crew, a city, an OB
 * truck's camera), drawn from the `fleet` stream, and where they are: on a real street of the city
 * they are named after (the gazetteer of @fleet/domain places.ts, the street drawn from the
 * `streets` stream) with that street's address.
 */
import type { Faker } from '@faker-js/faker';
import { addressAt, placeNamed } from '@fleet/domain';
import { GROUPS, SERVERS, UNITS, type GroupId, type InventoryId, type ServerSpec, type UnitDeviceGroup, type UnitSpec } from './structure.js';
import { safeName } from './random.js';

export const FLEET_SIZES = ['small', 'medium', 'large'] as const;
export type FleetSize = (typeof FLEET_SIZES)[number];
/** The fleet `npm start` seeds. */
export const DEFAULT_FLEET: FleetSize = 'medium';

/** Units added to the structural 24, per inventory: small 24, medium 60, large 1,000 in all. */
const ADDED_UNITS: Record<FleetSize, Record<InventoryId, number>> = {
  small: { 'inv-global': 0, 'inv-global-sports': 0, 'inv-metro': 0 },
  medium: { 'inv-global': 11, 'inv-global-sports': 13, 'inv-metro': 12 },
  large: { 'inv-global': 376, 'inv-global-sports': 295, 'inv-metro': 305 },
};
/** Units per added multimedia hub (each with HUB_CHANNELS channels to stream to). */
const UNITS_PER_HUB = 40;
const HUB_CHANNELS = 16;

export interface City {
  name: string;
  lat: number;
  lng: number;
}

/** Where each inventory's crews work: news in the UK and Europe, sport at its venues, regional in the US north-east. */
export const CITIES: Record<InventoryId, readonly City[]> = {
  'inv-global': [
    { name: 'London', lat: 51.5074, lng: -0.1278 },
    { name: 'Manchester', lat: 53.4808, lng: -2.2426 },
    { name: 'Birmingham', lat: 52.4862, lng: -1.8904 },
    { name: 'Glasgow', lat: 55.8642, lng: -4.2518 },
    { name: 'Leeds', lat: 53.8008, lng: -1.5491 },
    { name: 'Cardiff', lat: 51.4816, lng: -3.1791 },
    { name: 'Paris', lat: 48.8566, lng: 2.3522 },
    { name: 'Brussels', lat: 50.8503, lng: 4.3517 },
    { name: 'Berlin', lat: 52.52, lng: 13.405 },
  ],
  'inv-global-sports': [
    { name: 'Wembley', lat: 51.556, lng: -0.2796 },
    { name: 'Old-Trafford', lat: 53.4631, lng: -2.2913 },
    { name: 'Anfield', lat: 53.4308, lng: -2.9608 },
    { name: 'Silverstone', lat: 52.0786, lng: -1.0169 },
    { name: 'Twickenham', lat: 51.4559, lng: -0.3415 },
    { name: 'Madrid', lat: 40.4531, lng: -3.6883 },
    { name: 'Monaco', lat: 43.7347, lng: 7.4206 },
  ],
  'inv-metro': [
    { name: 'New-York', lat: 40.7128, lng: -74.006 },
    { name: 'Brooklyn', lat: 40.6782, lng: -73.9442 },
    { name: 'Newark', lat: 40.7357, lng: -74.1724 },
    { name: 'Jersey-City', lat: 40.7178, lng: -74.0431 },
    { name: 'Philadelphia', lat: 39.9526, lng: -75.1652 },
    { name: 'Boston', lat: 42.3601, lng: -71.0589 },
  ],
};

/** The mix of the added units, repeated: mostly field units and phones, a few links, drones and extenders. */
const ADDED_MIX: readonly { prefix: string; productType: string; typeGroup: UnitDeviceGroup }[] = [
  { prefix: 'LU800', productType: 'LU800', typeGroup: 'fieldUnits' },
  { prefix: 'LUSMART', productType: 'LU-Smart', typeGroup: 'smartUnits' },
  { prefix: 'LU600H264', productType: 'LU600 H.264', typeGroup: 'fieldUnits' },
  { prefix: 'LULITE', productType: 'LU-Lite', typeGroup: 'liteUnits' },
  { prefix: 'LU800', productType: 'LU800', typeGroup: 'fieldUnits' },
  { prefix: 'LU300', productType: 'LU300', typeGroup: 'fieldUnits' },
  { prefix: 'SOLO', productType: 'Solo', typeGroup: 'fieldUnits' },
  { prefix: 'LUSMART', productType: 'LU-Smart', typeGroup: 'smartUnits' },
  { prefix: 'XTND', productType: 'Xtender', typeGroup: 'extenderDevices' },
  { prefix: 'LU800', productType: 'LU800', typeGroup: 'fieldUnits' },
  { prefix: 'LULITE', productType: 'LU-Lite', typeGroup: 'liteUnits' },
  { prefix: 'DRONE', productType: 'Drone', typeGroup: 'fieldUnits' },
  { prefix: 'LU600H264', productType: 'LU600 H.264', typeGroup: 'fieldUnits' },
  { prefix: 'PTMP', productType: 'LU-Link PTMP', typeGroup: 'ptmpUnits' },
  { prefix: 'LU300', productType: 'LU300', typeGroup: 'fieldUnits' },
  { prefix: 'PTP', productType: 'LU-Link PTP', typeGroup: 'ptpUnits' },
];

/** A unit of the plan: its structure, the name a broadcaster gives it and where it is. */
export interface PlannedUnit {
  spec: UnitSpec;
  inventoryId: InventoryId;
  name: string;
  city: string;
  latitude: number;
  longitude: number;
  /** The street address of the position ("12 Deansgate, Manchester M3 2BW"). */
  address: string;
}

export interface FleetPlan {
  size: FleetSize;
  units: PlannedUnit[];
  servers: ServerSpec[];
}

const inventoryOf = (groupId: GroupId): InventoryId => {
  const group = GROUPS.find((g) => g.id === groupId);
  if (!group) throw new Error(`seed: unknown group ${groupId}`);
  return group.inventoryId;
};

/** What a unit is called on air, by kind: a crew's kit, a phone, a drone, a link, an extender. */
function label(productType: string): string {
  switch (productType) {
    case 'Drone':
      return 'Drone';
    case 'LU-Lite':
      return 'Lite';
    case 'LU-Smart':
      return 'MoJo';
    case 'LU-Link PTP':
    case 'LU-Link PTMP':
      return 'Link';
    case 'Xtender':
      return 'Xtender';
    default:
      return 'Crew';
  }
}

/**
 * Names and places, in unit order: structural units first, so their names are the same in every size.
 * `streets` draws the street of each unit (a stream of its own: the `fleet` stream's draws, and so
 * every name, stay as they were).
 */
function namer(faker: Faker, streets: Faker) {
  const counters = new Map<string, number>();
  const next = (key: string): number => {
    const n = (counters.get(key) ?? 0) + 1;
    counters.set(key, n);
    return n;
  };
  let sportUnits = 0;
  return (spec: UnitSpec, inventoryId: InventoryId): Omit<PlannedUnit, 'spec' | 'inventoryId'> => {
    const cities = CITIES[inventoryId];
    const kind = label(spec.productType);
    let city: City;
    let name: string;
    if (inventoryId === 'inv-global-sports') {
      // An OB truck at a venue, six units each: `Sport-OB2-Cam-4`.
      const ob = Math.floor(sportUnits++ / 6) + 1;
      city = cities[(ob - 1) % cities.length]!;
      const role = kind === 'Crew' ? 'Cam' : kind === 'MoJo' ? 'Mobile' : kind === 'Lite' ? 'Sideline' : kind === 'Link' ? 'Wireless' : kind;
      name = `Sport-OB${ob}-${role}-${next(`sport:${ob}:${role}`)}`;
    } else {
      city = faker.helpers.arrayElement(cities);
      const brand = inventoryId === 'inv-global' ? 'News' : 'Regional';
      const n = next(`${brand}:${kind}`);
      // A studio link stays at the studio; a crew is named after where it is based: `News-Crew-3-Manchester`.
      name = kind === 'Link' ? `${brand}-Studio-Link-${n}` : `${brand}-${kind}-${n}-${safeName(city.name)}`;
    }
    // Where on the street: these two draws once spread units over the city; a twentieth of them
    // puts the unit within about 150 m of the street's point.
    const dLat = faker.number.float({ min: -0.03, max: 0.03 }) / 20;
    const dLng = faker.number.float({ min: -0.04, max: 0.04 }) / 20;
    const place = placeNamed(city.name);
    if (!place) throw new Error(`seed: no streets for ${city.name} (packages/domain places-data.ts)`);
    const street = streets.helpers.arrayElement(place.streets);
    const latitude = Number((street.lat + dLat).toFixed(4));
    const longitude = Number((street.lng + dLng).toFixed(4));
    return { name, city: place.name, latitude, longitude, address: addressAt(latitude, longitude) ?? place.town };
  };
}

/** The units added around the structural ones, ids `LU800-0101`... (per product, from 101). */
function addedUnits(size: FleetSize): UnitSpec[] {
  const perPrefix = new Map<string, number>();
  const out: UnitSpec[] = [];
  let k = 0;
  for (const [inventoryId, n] of Object.entries(ADDED_UNITS[size]) as [InventoryId, number][]) {
    const groups = GROUPS.filter((g) => g.inventoryId === inventoryId).map((g) => g.id);
    for (let i = 0; i < n; i++, k++) {
      const kind = ADDED_MIX[k % ADDED_MIX.length]!;
      const number = (perPrefix.get(kind.prefix) ?? 100) + 1;
      perPrefix.set(kind.prefix, number);
      out.push({
        id: `${kind.prefix}-${String(number).padStart(4, '0')}`,
        productType: kind.productType,
        typeGroup: kind.typeGroup,
        groups: [groups[i % groups.length]!],
      });
    }
  }
  return out;
}

/** Multimedia hubs for the added units, so that the units that stream have channels to stream to. */
function addedHubs(size: FleetSize): ServerSpec[] {
  const out: ServerSpec[] = [];
  let number = SERVERS.filter((s) => s.serverType === 'mmh_server').length;
  for (const [inventoryId, n] of Object.entries(ADDED_UNITS[size]) as [InventoryId, number][]) {
    const groups = GROUPS.filter((g) => g.inventoryId === inventoryId).map((g) => g.id);
    for (let h = 0; h < Math.ceil(n / UNITS_PER_HUB); h++) {
      number++;
      out.push({ id: `MMH-${String(number).padStart(4, '0')}`, serverType: 'mmh_server', inventoryId, groups, channels: HUB_CHANNELS, added: true });
    }
  }
  return out;
}

/** The fleet of one size; `faker` is the `fleet` stream (names and places), `streets` the `streets` stream. */
export function planFleet(size: FleetSize, faker: Faker, streets: Faker): FleetPlan {
  const name = namer(faker, streets);
  const units = [...UNITS, ...addedUnits(size)].map((spec) => {
    const inventoryId = inventoryOf(spec.groups[0]!);
    return { spec, inventoryId, ...name(spec, inventoryId) };
  });
  return { size, units, servers: [...SERVERS, ...addedHubs(size)] };
}
