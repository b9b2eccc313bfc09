/**
 * The seed's randomness and small value helpers. Every fixture module draws from its OWN faker,
 * seeded from `hash(seed, entity)`: adding a field (a draw) to one entity moves no value of another.
 */
import { createHash } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
// The English locale alone: the package's index loads every locale (tens of MB the core would keep).
import { faker as english } from '@faker-js/faker/locale/en';

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

/** A 32-bit seed for one entity's stream, from the seed value and the entity's name. */
export function streamSeed(seedValue: number, entity: string): number {
  return createHash('sha256').update(`fleet-seed:${seedValue}:${entity}`).digest().readUInt32BE(0);
}

/** A faker of its own on the English locale (its class and definitions taken from the locale's instance). */
export function englishFaker(): Faker {
  const FakerClass = english.constructor as new (options: { locale: Faker['rawDefinitions'] }) => Faker;
  return new FakerClass({ locale: english.rawDefinitions });
}

/** The random stream of one entity (`'units'`, `'servers'`...). */
export function streamFor(seedValue: number, entity: string, now: Date): Faker {
  const faker = englishFaker();
  faker.seed(streamSeed(seedValue, entity));
  faker.setDefaultRefDate(now);
  return faker;
}

/** Dates around the seed's reference time (not a Clock: nothing here reads the time), drawing from `faker` for random dates. */
export interface SeedTimes {
  now: Date;
  ago(ms: number): Date;
  ahead(ms: number): Date;
  /** A creation date 30-400 days ago and an update date up to 20 days later (never after now). */
  stamps(): { createdAt: Date; updatedAt: Date };
}

export function timesAround(now: Date, faker: Faker): SeedTimes {
  const ago = (ms: number): Date => new Date(now.getTime() - ms);
  return {
    now,
    ago,
    ahead: (ms) => new Date(now.getTime() + ms),
    stamps: () => {
      const c = ago(faker.number.int({ min: 30, max: 400 }) * DAY);
      return { createdAt: c, updatedAt: new Date(Math.min(now.getTime(), c.getTime() + faker.number.int({ min: 0, max: 20 }) * DAY)) };
    },
  };
}

/** Letters, digits, _ and - only (spec 000 §5 names). */
export function safeName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

export function timeTag(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '_');
}

/**
 * A fixed value if there is one, else the drawn one. The draw is made either way (the caller passes
 * it), so fixing a value moves no later draw of the same stream.
 */
export function fixedOr<T>(fixed: T | undefined, drawn: T): T {
  return fixed ?? drawn;
}

/**
 * `value` in place of what `draws` gave: the value the stream once drew here was replaced (by a
 * curated one, or one from another stream), and the draw is still made so that every value drawn
 * after it in the stream, which the tests and recorded demos rely on, stays as it was.
 */
export function replacing<T>(value: T, ..._draws: unknown[]): T {
  return value;
}

/** Counts rows per model for the seed's result. */
export type Count = (model: string, n: number) => void;

/**
 * Writes `rows` a hundred at a time. One createMany of tens of thousands of rows costs Prisma several
 * times more per row (the large fleet's usage records), and Prisma's query compiler (WebAssembly)
 * grows its memory to the largest call it was given and never gives it back: a thousand rows a call
 * left it at 48 MiB for the life of the process, a hundred at 14 MiB, the seed no slower.
 */
export async function inChunks<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>, size = 100): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}
