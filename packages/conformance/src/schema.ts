/**
 * What the run reads from a call's zod schemas beyond a parse: the fields an answer holds that the
 * contract does not know (undocumented), a value that fits a schema (a sample), and bodies that
 * must not fit (negative bodies: a required field missing, a field of the wrong type, a value just
 * past a boundary), each with the field problems the contract itself gives for it.
 *
 * It walks zod 4's schema definitions (`schema._zod.def`: the `type` and its parts), the way zod's
 * own tooling does.
 */
import { specErrorMap, toFieldProblems } from '@fleet/contracts';
import type { z } from 'zod';
import { describe, jsonPath } from './diff.js';
import type { Difference } from './report.js';

interface Check {
  check?: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  options?: readonly z.ZodType[];
  valueType?: z.ZodType;
  items?: readonly z.ZodType[];
  rest?: z.ZodType | null;
  left?: z.ZodType;
  right?: z.ZodType;
  values?: readonly unknown[];
  entries?: Record<string, unknown>;
  checks?: readonly { _zod: { def: Check } }[];
  format?: string;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'success']);

/** The schema under optional/nullable/default/pipe/lazy wrappers. */
export function unwrap(schema: z.ZodType): z.ZodType {
  let cur = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(cur);
    if (WRAPPERS.has(def.type) && def.innerType) cur = def.innerType;
    else if (def.type === 'pipe' && def.in) cur = def.in;
    else if (def.type === 'lazy' && def.getter) cur = def.getter();
    else break;
  }
  return cur;
}

const checksOf = (schema: z.ZodType): Check[] => (defOf(schema).checks ?? []).map((c) => c._zod.def);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const fits = (schema: z.ZodType, value: unknown): boolean => schema.safeParse(value).success;
const issueCount = (schema: z.ZodType, value: unknown): number => {
  const r = schema.safeParse(value);
  return r.success ? 0 : r.error.issues.length;
};
/** Whether an object's field may be left out. */
const optionalField = (schema: z.ZodType): boolean => fits(schema, undefined);

// ── undocumented fields ──

/**
 * The fields of `value` the schema does not declare (at any depth: objects, array items, the
 * branch of a union the value fits best, record values). A field of an object that allows any
 * other key (a catch-all) is declared. Array items share a path (`$.items[*].x`), reported once
 * with the first value seen.
 */
export function undocumentedFields(schema: z.ZodType, value: unknown, limit = 20): Difference[] {
  const found = new Map<string, Difference>();
  const walk = (s: z.ZodType, v: unknown, shown: (string | number)[]): void => {
    if (found.size >= limit) return;
    const inner = unwrap(s);
    const def = defOf(inner);
    if (v === null || v === undefined) return;
    switch (def.type) {
      case 'object': {
        if (!isRecord(v) || !def.shape) return;
        const open = def.catchall !== undefined && defOf(def.catchall).type !== 'never';
        for (const [key, item] of Object.entries(v)) {
          const field = def.shape[key];
          if (field) walk(field, item, [...shown, key]);
          else if (open && def.catchall) walk(def.catchall, item, [...shown, key]);
          else {
            const p = jsonPath([...shown, key]).replace(/\["\*"\]/g, '[*]');
            if (!found.has(p)) found.set(p, { path: p, expected: 'no such field in the contract', received: describe(true, item) });
          }
        }
        return;
      }
      case 'array':
        if (Array.isArray(v) && def.element) for (const item of v) walk(def.element, item, [...shown, '*']);
        return;
      case 'tuple':
        if (Array.isArray(v)) {
          for (const [i, item] of v.entries()) {
            const itemSchema = def.items?.[i] ?? def.rest ?? undefined;
            if (itemSchema) walk(itemSchema, item, [...shown, i]);
          }
        }
        return;
      case 'record':
        if (isRecord(v) && def.valueType) for (const item of Object.values(v)) walk(def.valueType, item, [...shown, '*']);
        return;
      case 'union': {
        const options = def.options ?? [];
        const best = options.find((o) => fits(o, v)) ?? [...options].sort((a, b) => issueCount(a, v) - issueCount(b, v))[0];
        if (best) walk(best, v, shown);
        return;
      }
      case 'intersection':
        // Each side knows part of the fields: a field is undocumented when neither declares it.
        if (def.left && def.right && isRecord(v)) {
          const known = new Set([...declaredKeys(def.left), ...declaredKeys(def.right)]);
          for (const side of [def.left, def.right]) {
            const keys = declaredKeys(side);
            walk(side, Object.fromEntries(Object.entries(v).filter(([k]) => keys.has(k) || !known.has(k))), shown);
          }
        }
        return;
      default:
        return;
    }
  };
  walk(schema, value, []);
  return [...found.values()];
}

function declaredKeys(schema: z.ZodType): Set<string> {
  const def = defOf(unwrap(schema));
  if (def.type === 'object' && def.shape) return new Set(Object.keys(def.shape));
  if (def.type === 'intersection' && def.left && def.right) return new Set([...declaredKeys(def.left), ...declaredKeys(def.right)]);
  return new Set();
}

// ── samples ──

/** Strings tried for a string field, in order; the first that fits is used. `marker` names the run. */
function stringCandidates(marker: string): string[] {
  return [
    marker,
    'conformance@example.com',
    'https://example.com/conformance',
    '00000000-0000-4000-8000-000000000000',
    '2026-01-01T00:00:00.000Z',
    '2026-01-01',
    '192.0.2.1',
    '255.255.255.0',
    'Conformance',
    'CONFORMANCE',
    'conformance',
    '12345',
    '1',
    'a',
    '#000000',
    '00:00',
    'ffffffffffffffffffffffff',
  ];
}

function bounds(schema: z.ZodType): { min?: number; max?: number; exact?: number; minExclusive?: boolean; maxExclusive?: boolean; int: boolean } {
  const out: { min?: number; max?: number; exact?: number; minExclusive?: boolean; maxExclusive?: boolean; int: boolean } = {
    int: defOf(schema).format === 'safeint' || defOf(schema).format === 'int32',
  };
  for (const c of checksOf(schema)) {
    if (c.check === 'min_length' && c.minimum !== undefined) out.min = c.minimum;
    if (c.check === 'max_length' && c.maximum !== undefined) out.max = c.maximum;
    if (c.check === 'length_equals' && c.length !== undefined) out.exact = c.length;
    if (c.check === 'greater_than' && typeof c.value === 'number') {
      out.min = c.value;
      out.minExclusive = c.inclusive === false;
    }
    if (c.check === 'less_than' && typeof c.value === 'number') {
      out.max = c.value;
      out.maxExclusive = c.inclusive === false;
    }
    if (c.check === 'number_format' && (c.format === 'safeint' || c.format === 'int32' || c.format === 'uint32')) out.int = true;
  }
  return out;
}

const NO_SAMPLE = Symbol('no sample');
type Sample = unknown;

/** A value that fits `schema` (required object fields only), or NO_SAMPLE. Strings carry `marker` where they can. */
function sampleOf(schema: z.ZodType, marker: string, depth = 0): Sample | typeof NO_SAMPLE {
  if (depth > 8) return NO_SAMPLE;
  const outer = defOf(schema);
  if (outer.type === 'optional') return undefined;
  if (outer.type === 'default' || outer.type === 'prefault') return undefined;
  const inner = unwrap(schema);
  const def = defOf(inner);
  const attempt = (v: unknown): Sample | typeof NO_SAMPLE => (fits(schema, v) ? v : NO_SAMPLE);
  switch (def.type) {
    case 'string': {
      const b = bounds(inner);
      for (const c of stringCandidates(marker)) {
        if (fits(schema, c)) return c;
        const len = b.exact ?? Math.max(b.min ?? 0, Math.min(c.length, b.max ?? c.length));
        const sized = c.length >= len ? c.slice(0, len) : c.padEnd(len, 'x');
        if (fits(schema, sized)) return sized;
      }
      return NO_SAMPLE;
    }
    case 'number': {
      const b = bounds(inner);
      const candidates = [
        b.min !== undefined ? b.min + (b.minExclusive ? 1 : 0) : undefined,
        b.max !== undefined ? b.max - (b.maxExclusive ? 1 : 0) : undefined,
        1,
        0,
      ];
      for (const c of candidates) if (c !== undefined && fits(schema, c)) return c;
      return NO_SAMPLE;
    }
    case 'bigint':
    case 'date':
    case 'symbol':
    case 'undefined':
    case 'void':
    case 'never':
    case 'nan':
    case 'file':
    case 'promise':
    case 'function':
      return NO_SAMPLE;
    case 'boolean':
      return attempt(false);
    case 'null':
      return attempt(null);
    case 'any':
    case 'unknown':
      return marker;
    case 'literal':
      return attempt(def.values?.[0]);
    case 'enum':
      return attempt(Object.values(def.entries ?? {})[0]);
    case 'array': {
      const b = bounds(inner);
      const n = b.exact ?? b.min ?? 0;
      if (n === 0) return attempt([]);
      if (!def.element) return NO_SAMPLE;
      const item = sampleOf(def.element, marker, depth + 1);
      if (item === NO_SAMPLE) return NO_SAMPLE;
      return attempt(Array.from({ length: n }, () => item));
    }
    case 'tuple': {
      const items: unknown[] = [];
      for (const s of def.items ?? []) {
        const v = sampleOf(s, marker, depth + 1);
        if (v === NO_SAMPLE) return NO_SAMPLE;
        items.push(v);
      }
      return attempt(items);
    }
    case 'record':
      return attempt({});
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        if (optionalField(field)) continue;
        const v = sampleOf(field, marker, depth + 1);
        if (v === NO_SAMPLE) return NO_SAMPLE;
        out[key] = v;
      }
      // An object refinement may want more than its required fields: give back what is there.
      return out;
    }
    case 'union': {
      for (const option of def.options ?? []) {
        const v = sampleOf(option, marker, depth + 1);
        if (v !== NO_SAMPLE && fits(schema, v)) return v;
      }
      const first = def.options?.[0];
      return first ? sampleOf(first, marker, depth + 1) : NO_SAMPLE;
    }
    case 'intersection': {
      const l = def.left ? sampleOf(def.left, marker, depth + 1) : NO_SAMPLE;
      const r = def.right ? sampleOf(def.right, marker, depth + 1) : NO_SAMPLE;
      if (isRecord(l) && isRecord(r)) return { ...l, ...r };
      return NO_SAMPLE;
    }
    default:
      return NO_SAMPLE;
  }
}

/** A value that fits the schema as far as the run can make one (undefined when it cannot). */
export function sample(schema: z.ZodType, marker: string): { value: unknown } | undefined {
  const v = sampleOf(schema, marker);
  return v === NO_SAMPLE ? undefined : { value: v };
}

// ── negative bodies ──

export type NegativeKind = 'missing required field' | 'wrong type' | 'boundary';

export interface FieldProblem {
  path: string;
  message: string;
}

export interface NegativeBody {
  kind: NegativeKind;
  /** What was changed, for the report: `name absent`, `quota = "conformance"`, `name: 256 characters`. */
  what: string;
  body: unknown;
  /** The field problems the contract gives for it (paths as in the body, "" for the body itself). */
  expected: FieldProblem[];
}

/** The contract's own field problems for a body, with the spec's messages (empty when it fits). */
export function fieldProblems(schema: z.ZodType, body: unknown): FieldProblem[] {
  const r = schema.safeParse(body, { error: specErrorMap });
  return r.success ? [] : toFieldProblems(r.error);
}

/** A value of another type than the field's. */
function wrongTypeOf(field: z.ZodType): unknown {
  const t = defOf(unwrap(field)).type;
  if (t === 'string' || t === 'enum' || t === 'literal') return 12345;
  if (t === 'number' || t === 'bigint') return 'conformance';
  if (t === 'boolean') return 'conformance';
  if (t === 'array' || t === 'tuple') return 'conformance';
  if (t === 'object' || t === 'record') return 'conformance';
  return undefined;
}

/** A value just past one of the field's boundaries (a string one character too long, a number one above its maximum). */
function pastBoundary(field: z.ZodType, marker: string): { value: unknown; what: string } | undefined {
  const inner = unwrap(field);
  const def = defOf(inner);
  const b = bounds(inner);
  if (def.type === 'string') {
    const max = b.exact ?? b.max;
    if (max !== undefined && max < 100_000) return { value: 'x'.repeat(max + 1), what: `${max + 1} characters` };
    const min = b.exact ?? b.min;
    if (min !== undefined && min > 1) return { value: 'x'.repeat(min - 1), what: `${min - 1} characters` };
    if (min === 1) return { value: '', what: 'an empty text' };
  }
  if (def.type === 'number') {
    if (b.max !== undefined && Number.isFinite(b.max)) {
      const v = b.maxExclusive ? b.max : b.max + 1;
      return { value: v, what: `${v}` };
    }
    if (b.min !== undefined && Number.isFinite(b.min)) {
      const v = b.minExclusive ? b.min : b.min - 1;
      return { value: v, what: `${v}` };
    }
    if (b.int) return { value: 1.5, what: '1.5 (not an integer)' };
  }
  if (def.type === 'array' && def.element) {
    const max = b.exact ?? b.max;
    const item = sample(def.element, marker);
    if (max !== undefined && max < 1000 && item) return { value: Array.from({ length: max + 1 }, () => item.value), what: `${max + 1} items` };
    const min = b.exact ?? b.min;
    if (min !== undefined && min > 0) return { value: [], what: 'no items' };
  }
  return undefined;
}

/**
 * Up to one negative body of each kind, for a body schema: built on a body that fits (`valid`, else
 * a sample), so the change is the reason it does not, each checked to be refused by the contract.
 * Fields named in `last` are changed only when no other field can be.
 */
export function negativeBodies(schema: z.ZodType, marker: string, valid?: Record<string, unknown>, last: readonly string[] = []): NegativeBody[] {
  const sampled = sample(schema, marker);
  const base = valid ? { value: { ...(isRecord(sampled?.value) ? sampled.value : {}), ...valid } } : sampled;
  const def = defOf(unwrap(schema));
  const out: NegativeBody[] = [];
  const push = (kind: NegativeKind, what: string, body: unknown): boolean => {
    const expected = fieldProblems(schema, body);
    if (!expected.length) return false;
    out.push({ kind, what, body, expected });
    return true;
  };
  if (def.type !== 'object' || !def.shape || !base || !isRecord(base.value)) {
    push('wrong type', 'the body is a number', 12345);
    return out;
  }
  const body = base.value;
  const fields = Object.entries(def.shape).sort(([a], [b]) => Number(last.includes(a)) - Number(last.includes(b)));
  for (const [key] of fields.filter(([, f]) => !optionalField(f))) {
    const { [key]: _dropped, ...rest } = body;
    if (push('missing required field', `${key} absent`, rest)) break;
  }
  for (const [key, field] of fields) {
    const wrong = wrongTypeOf(field);
    if (wrong !== undefined && push('wrong type', `${key} = ${JSON.stringify(wrong)}`, { ...body, [key]: wrong })) break;
  }
  for (const [key, field] of fields) {
    const past = pastBoundary(field, marker);
    if (past && push('boundary', `${key}: ${past.what}`, { ...body, [key]: past.value })) break;
  }
  return out;
}

/** A body no write call's schema accepts (the probes' body: refused whatever the guards do). */
export const REFUSED_BODY = 'conformance: a body no call accepts';
