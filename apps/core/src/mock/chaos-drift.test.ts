import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CHAOS_DRIFT_MODES, type ChaosDriftEffect } from '@fleet/contracts';
import { DRIFT_LONG_LENGTH, driftSchema, driftSchemaOf, driftValue, type Json } from './chaos-drift.js';
import { seededRandom } from './chaos-rules.js';

const Status = z.enum(['idle', 'live', 'offline']);
const Unit = z.object({
  uniqueId: z.string(),
  name: z.string(),
  status: Status,
  /** Optional: may be absent. */
  note: z.string().optional(),
  /** Nullable: may be null. */
  battery: z.number().nullable(),
  groupId: z.string(),
  updatedAt: z.iso.datetime(),
  tags: z.array(z.string()),
  apps: z.partialRecord(z.enum(['video', 'audio']), z.object({ state: z.enum(['on', 'off']) })),
  link: z.discriminatedUnion('kind', [z.object({ kind: z.literal('cellular'), bars: z.number() }), z.object({ kind: z.literal('wifi'), ssid: z.string() })]),
});
const Page = z.object({ units: z.array(Unit), total: z.number(), channelIds: z.array(z.string()) });
const schema = driftSchema(Page);

const unit = (i: number): z.infer<typeof Unit> => ({
  uniqueId: `LU-${i}`,
  name: `Camera ${i}`,
  status: (['idle', 'live', 'offline'] as const)[i % 3]!,
  note: `note ${i}`,
  battery: 40 + i,
  groupId: 'g1',
  updatedAt: '2024-05-01T10:00:00.000Z',
  tags: ['news', `t${i}`],
  apps: { video: { state: 'on' } },
  link: i % 2 === 0 ? { kind: 'cellular', bars: 3 } : { kind: 'wifi', ssid: `net ${i}` },
});
const PAGE: Json = { units: [unit(1), unit(2), unit(3)], total: 3, channelIds: ['c1', 'c2'] };

type Effect = Pick<ChaosDriftEffect, 'modes' | 'strict' | 'rate'>;
const drift = (effect: Effect, seed = 1, value: Json = PAGE) => driftValue(value, schema, effect, seededRandom(seed));
const unitsOf = (v: Json) => (v as { units: Record<string, Json>[] }).units;
const SEEDS = Array.from({ length: 40 }, (_, i) => i + 1);
const REQUIRED = ['uniqueId', 'name', 'status', 'groupId', 'updatedAt', 'tags', 'apps', 'link'] as const;

/** Every string value in a JSON value, with the key it sits under. */
function stringsOf(v: Json, key = ''): [string, string][] {
  if (typeof v === 'string') return [[key, v]];
  if (Array.isArray(v)) return v.flatMap((x) => stringsOf(x, key));
  if (v !== null && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => stringsOf(x, k));
  return [];
}

describe('contract drift', () => {
  it('extraFields adds fields the schema does not name, of varied types, and keeps the others', () => {
    const types = new Set<string>();
    for (const seed of SEEDS) {
      const out = unitsOf(drift({ modes: ['extraFields'], rate: 1 }, seed));
      out.forEach((u, i) => {
        const extra = Object.keys(u).filter((k) => !(k in Unit.shape));
        expect(extra.length).toBeGreaterThanOrEqual(1);
        expect(extra.length).toBeLessThanOrEqual(3);
        for (const k of extra) types.add(u[k] === null ? 'null' : Array.isArray(u[k]) ? 'array' : typeof u[k]);
        const known = Object.fromEntries(Object.entries(u).filter(([k]) => k in Unit.shape));
        // The known fields as they were (nested objects gain extra fields too).
        expect(known).toMatchObject({ ...unit(i + 1), apps: { video: { state: 'on' } } });
      });
    }
    expect(types).toEqual(new Set(['string', 'number', 'boolean', 'null', 'object', 'array']));
  });

  it('unknownEnums puts values outside the enum, never a known one, and adds map entries under unknown keys', () => {
    for (const seed of SEEDS) {
      const out = unitsOf(drift({ modes: ['unknownEnums'], rate: 1 }, seed));
      for (const u of out) {
        expect(u.status).toMatch(/^futureStatus\d+$/);
        expect(Status.options).not.toContain(u.status);
        expect(Object.keys(u.apps as object).some((k) => /^futureApps\d+$/.test(k))).toBe(true);
        expect(['cellular', 'wifi']).not.toContain((u.link as { kind: string }).kind);
        // Everything else untouched.
        expect(u.name).toMatch(/^Camera \d$/);
      }
    }
  });

  it('omitOptional leaves out the fields the schema lets be absent or null; required ones stay', () => {
    const out = unitsOf(drift({ modes: ['omitOptional'], rate: 1 }));
    for (const u of out) {
      expect(u).not.toHaveProperty('note');
      expect(u).not.toHaveProperty('battery');
      for (const k of REQUIRED) expect(u[k]).toBeDefined();
    }
  });

  it('nullOptional sets them to null; required ones stay', () => {
    const out = unitsOf(drift({ modes: ['nullOptional'], rate: 1 }));
    out.forEach((u, i) => {
      expect(u.note).toBeNull();
      expect(u.battery).toBeNull();
      expect(u).toMatchObject({ uniqueId: `LU-${i + 1}`, name: `Camera ${i + 1}`, groupId: 'g1' });
    });
  });

  it('longStrings makes free text about 180 characters of mixed scripts, leaving ids, enums and dates', () => {
    const out = drift({ modes: ['longStrings'], rate: 1 });
    const u = unitsOf(out)[0]!;
    const name = u.name as string;
    expect(name.startsWith('Camera 1 ')).toBe(true);
    expect(Array.from(name).length).toBeGreaterThanOrEqual(DRIFT_LONG_LENGTH - 5);
    expect(Array.from(name).length).toBeLessThanOrEqual(DRIFT_LONG_LENGTH);
    expect(name).toMatch(/[À-ž]/); // Latin with diacritics
    expect(name).toMatch(/[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/); // CJK
    expect(name).toMatch(/[\u0590-\u06ff]/); // right to left
    expect(name).toMatch(/\p{Extended_Pictographic}/u); // emoji
    expect(u).toMatchObject({ uniqueId: 'LU-1', status: 'live', groupId: 'g1', updatedAt: '2024-05-01T10:00:00.000Z' });
    expect((out as { channelIds: string[] }).channelIds).toEqual(['c1', 'c2']);
    expect(((u.link as { ssid?: string }).ssid ?? '').length === 0 || (u.link as { ssid: string }).ssid.length > 100).toBe(true);
  });

  it('emptyLists empties arrays', () => {
    expect(drift({ modes: ['emptyLists'], rate: 1 })).toEqual({ units: [], total: 3, channelIds: [] });
  });

  it('manyItems makes lists five times longer, their ids varied so keys stay unique', () => {
    const out = drift({ modes: ['manyItems'], rate: 1 }) as { units: { uniqueId: string; groupId: string; tags: string[] }[]; channelIds: string[] };
    expect(out.units).toHaveLength(15);
    expect(new Set(out.units.map((u) => u.uniqueId)).size).toBe(15);
    expect(out.units[3]!.uniqueId).toBe('LU-1-copy1');
    // A field naming another object (the same in every item) is left as it is.
    expect(new Set(out.units.map((u) => u.groupId))).toEqual(new Set(['g1']));
    expect(out.units[0]!.tags).toHaveLength(10);
    expect(new Set(out.channelIds).size).toBe(10);
  });

  it('leaves required fields present and non-null in every mode, unless strict', () => {
    for (const seed of SEEDS) {
      for (const u of unitsOf(drift({ modes: [...CHAOS_DRIFT_MODES], rate: 1 }, seed))) {
        for (const k of REQUIRED) expect(u[k] ?? null, `${k} (seed ${seed})`).not.toBeNull();
      }
    }
  });

  it('strict drops or nulls required fields too', () => {
    // The answer's own required list goes too.
    expect(drift({ modes: ['extraFields'], strict: true, rate: 1 })).not.toHaveProperty('units', expect.any(Array));
    const out = driftValue(unit(1), driftSchema(Unit), { modes: ['extraFields'], strict: true, rate: 1 }, seededRandom(1)) as Record<string, Json>;
    for (const k of REQUIRED) expect(out[k] ?? null).toBeNull();
    expect(new Set(REQUIRED.map((k) => (k in out ? 'null' : 'absent')))).toEqual(new Set(['null', 'absent']));
  });

  it('changes about `rate` of the eligible places, drawn from the seed', () => {
    const many: Json = { units: Array.from({ length: 200 }, (_, i) => unit(i)), total: 200, channelIds: [] };
    const out = unitsOf(drift({ modes: ['unknownEnums'], rate: 0.3 }, 5, many));
    const changed = out.filter((u) => String(u.status).startsWith('future')).length;
    expect(changed).toBeGreaterThan(40);
    expect(changed).toBeLessThan(80);
    expect(unitsOf(drift({ modes: ['unknownEnums'] }, 5, many)).filter((u) => String(u.status).startsWith('future')).length).toBe(changed);
  });

  it('is deterministic by seed, never changes what it is given, and answers valid JSON', () => {
    const before = JSON.stringify(PAGE);
    const all: Effect = { modes: [...CHAOS_DRIFT_MODES], strict: true, rate: 0.5 };
    for (const seed of SEEDS) {
      const out = drift(all, seed);
      expect(drift(all, seed)).toEqual(out);
      expect(JSON.parse(JSON.stringify(out))).toEqual(out);
    }
    expect(drift(all, 1)).not.toEqual(drift(all, 2));
    expect(JSON.stringify(PAGE)).toBe(before);
  });
});

describe('drift on the catalogue’s schemas', () => {
  it('reads a call’s response schema once, and drifts an answer of it', () => {
    expect(driftSchemaOf('getUnit')).toBe(driftSchemaOf('getUnit'));
    const answer: Json = { applications: { video: { state: 'running' } }, status: 'idle', typeGroup: 'fieldUnits', uniqueId: 'LU800-0001', name: 'Cam' };
    const out = driftValue(answer, driftSchemaOf('getUnit'), { modes: ['unknownEnums'], rate: 1 }, seededRandom(3)) as Record<string, Json>;
    expect(out.status).toMatch(/^futureStatus\d+$/);
    expect(out.typeGroup).toMatch(/^futureTypeGroup\d+$/);
    expect(Object.keys(out.applications as object).length).toBe(2);
    expect(stringsOf(out).find(([k]) => k === 'uniqueId')).toEqual(['uniqueId', 'LU800-0001']);
  });
});
