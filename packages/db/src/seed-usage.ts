/**
 * Seeded usage records (spec 001 §2 /reports, §4 usage kinds data and time, "over usage"): what the
 * demo units streamed over the last months, so a fresh stack's reports have something to show
 * before the simulator has streamed for a while. The same rows the accounting writes
 * (apps/core usage-accounting.ts): one `UsageRecord` per unit per UTC day, data in bytes and
 * streaming time in seconds; today is left to the accounting.
 *
 * Plausible and consistent with the profiles:
 * - only units that stream (field, lite and smart units with a valid licence) have usage; each has
 *   its own habit (how often it goes out, fewer days at weekends, hours per day, bitrate by model);
 *   data follows time (seconds × bitrate), plus now and then recorded files forwarded (data only);
 * - an ordinary unit stays well under its profile's quota (and an inventory's units well under the
 *   seeded 2000 GB go_plan quota of Global-News);
 * - in each inventory, the first unit with a profile is a heavy user: about 1.4 times its quota's
 *   daily share every day, so it runs over its quota ("over usage") some three weeks into each
 *   quota period and the reports show the rule at work.
 *
 * Deterministic: a faker of its own, seeded from the seed value, so the same seed and `now` give
 * the same rows, and the draws of the rest of the seed are not moved.
 */
import { englishFaker } from './seed/random.js';

const DAY_MS = 86_400_000;
const GB = 1_000_000_000;
/** Whole UTC days of usage before `now`'s day. */
export const USAGE_SEED_DAYS = 90;
/** How much of its quota's daily share a heavy user uses each day. */
const HEAVY_PACE = 1.4;
/** Days counted as a month's share of a quota. */
const QUOTA_DAYS = 30;

export interface UsageSeedProfile {
  readonly type: 'data' | 'hours';
  /** GB (data) or hours a month. */
  readonly quotaPerMonth: number;
}

export interface UsageSeedUnit {
  readonly id: string;
  readonly inventoryId: string;
  readonly typeGroup: string;
  readonly productType: string;
  readonly licenseValid: boolean;
  readonly profile: UsageSeedProfile | null;
}

export interface UsageSeedRecord {
  readonly unitId: string;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  readonly dataBytes: bigint;
  readonly seconds: number;
}

/** The type groups whose units stream live video. */
const STREAMING_GROUPS: ReadonlySet<string> = new Set(['fieldUnits', 'liteUnits', 'smartUnits']);

/** Typical live bitrate of a model, Mbps (bonded field units higher, phones lower). */
function bitrateRange(productType: string): [number, number] {
  if (productType.startsWith('LU800')) return [5, 9];
  if (productType === 'LU-Smart') return [1.5, 3.5];
  if (productType === 'LU-Lite') return [2, 4];
  return [3, 6];
}

/** Whether a unit has usage at all. */
export function streamsUsage(unit: Pick<UsageSeedUnit, 'typeGroup' | 'licenseValid'>): boolean {
  return unit.licenseValid && STREAMING_GROUPS.has(unit.typeGroup);
}

/** The heavy user of each inventory: its first streaming unit (in the given order) with a profile. */
export function heavyUsers(units: readonly UsageSeedUnit[]): Set<string> {
  const heavy = new Map<string, string>();
  for (const u of units) if (streamsUsage(u) && u.profile !== null && !heavy.has(u.inventoryId)) heavy.set(u.inventoryId, u.id);
  return new Set(heavy.values());
}

export function usageRecordsFor(units: readonly UsageSeedUnit[], seedValue: number, now: Date): UsageSeedRecord[] {
  const faker = englishFaker();
  faker.seed([seedValue, 0x05a6e]);
  const today = now.getTime() - (now.getTime() % DAY_MS);
  const heavy = heavyUsers(units);
  const out: UsageSeedRecord[] = [];
  for (const unit of units) {
    if (!streamsUsage(unit)) continue;
    const [low, high] = bitrateRange(unit.productType);
    const mbps = faker.number.float({ min: low, max: high, fractionDigits: 2 });
    const bytesPerSecond = (mbps * 1_000_000) / 8;
    // A heavy user uses its quota's daily share at a 1.4 pace (in hours, or in data).
    const heavyShare = heavy.has(unit.id) && unit.profile ? (unit.profile.quotaPerMonth / QUOTA_DAYS) * HEAVY_PACE : null;
    const weekdayOdds = faker.number.float({ min: 0.45, max: 0.75 });
    const meanHours = faker.number.float({ min: 0.6, max: 2.2 });
    const forwards = faker.number.float({ min: 0, max: 0.12 });
    for (let d = USAGE_SEED_DAYS; d >= 1; d--) {
      const day = today - d * DAY_MS;
      const weekend = [0, 6].includes(new Date(day).getUTCDay());
      // The link's rate this day, around the unit's bitrate.
      const rate = bytesPerSecond * faker.number.float({ min: 0.8, max: 1.05 });
      let hours = 0;
      if (heavyShare !== null) {
        const share = heavyShare * faker.number.float({ min: 0.85, max: 1.15 });
        hours = Math.min(20, unit.profile?.type === 'hours' ? share : (share * GB) / rate / 3600);
      } else if (faker.datatype.boolean({ probability: weekend ? weekdayOdds / 2 : weekdayOdds })) {
        hours = meanHours * faker.number.float({ min: 0.3, max: 1.7 });
      }
      const seconds = Math.round(hours * 3600);
      // Recorded files forwarded are data only.
      let bytes = seconds * rate;
      if (faker.datatype.boolean({ probability: forwards })) bytes += faker.number.float({ min: 0.2, max: 1.5 }) * GB;
      if (seconds === 0 && bytes === 0) continue;
      out.push({ unitId: unit.id, periodStart: new Date(day), periodEnd: new Date(day + DAY_MS), dataBytes: BigInt(Math.floor(bytes)), seconds });
    }
  }
  return out;
}
