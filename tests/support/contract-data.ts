/**
 * Requests drawn from an OpenAPI document's JSON Schemas, as a schema-driven fuzzer (Schemathesis)
 * draws them, for tests/integration/contract.test.ts: values the document says are valid
 * (`validArb`), values it says are invalid, each a single change of a valid one (`invalidVariants`),
 * and the check that decides which is which (`schemaProblem`), so that a generator's slip is never
 * blamed on the core. Only the keywords the document uses (tests/support/json-schema.ts); lengths
 * count code points, as JSON Schema does.
 */
import fc from 'fast-check';
import type { JsonSchema as Js } from './json-schema.js';

export interface SchemaDocument {
  components: { schemas: Record<string, Js> };
}

/** The schema a `$ref` names (the document's components), or the schema itself. */
export function resolved(doc: SchemaDocument, js: Js): Js {
  return js.$ref ? (doc.components.schemas[js.$ref.replace('#/components/schemas/', '')] ?? {}) : js;
}

const codePoints = (s: string) => [...s].length;
const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;
const isType = (v: unknown, type: string) => {
  const t = typeOf(v);
  return t === type || (type === 'number' && t === 'integer');
};
const patterns = new Map<string, RegExp>();
const regexOf = (pattern: string): RegExp => {
  let re = patterns.get(pattern);
  if (!re) patterns.set(pattern, (re = new RegExp(pattern, 'u')));
  return re;
};
const deepEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** RFC 3339 date-time (JSON Schema's `date-time`), the calendar checked. */
function isDateTime(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d, h, mi, se] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return mo >= 1 && mo <= 12 && d >= 1 && d <= days && h <= 23 && mi <= 59 && se <= 60;
}
const FORMATS: Record<string, (s: string) => boolean> = {
  'date-time': isDateTime,
  email: (s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s),
  ipv4: (s) => /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(s),
  uuid: (s) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s),
};

/** The first way `value` breaks `raw` (a JSON pointer and what is wrong), or null when the document says it is valid. */
export function schemaProblem(doc: SchemaDocument, raw: Js, value: unknown, at = ''): string | null {
  const js = resolved(doc, raw);
  if ('const' in js && !deepEqual(js.const, value)) return `${at}: not ${JSON.stringify(js.const)}`;
  if (js.enum && !js.enum.some((e) => deepEqual(e, value))) return `${at}: not one of the enumeration`;
  if (js.type !== undefined) {
    const types = Array.isArray(js.type) ? js.type : [js.type];
    if (!types.some((t) => isType(value, t))) return `${at}: not ${types.join(' or ')}`;
  }
  if (typeof value === 'string') {
    if (js.minLength !== undefined && codePoints(value) < js.minLength) return `${at}: shorter than ${js.minLength}`;
    if (js.maxLength !== undefined && codePoints(value) > js.maxLength) return `${at}: longer than ${js.maxLength}`;
    if (js.pattern !== undefined && !regexOf(js.pattern).test(value)) return `${at}: does not match ${js.pattern}`;
    if (js.format !== undefined && FORMATS[js.format] && !FORMATS[js.format]!(value)) return `${at}: not a ${js.format}`;
  }
  if (typeof value === 'number') {
    if (js.minimum !== undefined && value < js.minimum) return `${at}: below ${js.minimum}`;
    if (js.maximum !== undefined && value > js.maximum) return `${at}: above ${js.maximum}`;
    if (js.exclusiveMinimum !== undefined && value <= js.exclusiveMinimum) return `${at}: not above ${js.exclusiveMinimum}`;
    if (js.exclusiveMaximum !== undefined && value >= js.exclusiveMaximum) return `${at}: not below ${js.exclusiveMaximum}`;
  }
  if (Array.isArray(value)) {
    if (js.minItems !== undefined && value.length < js.minItems) return `${at}: fewer than ${js.minItems} items`;
    if (js.maxItems !== undefined && value.length > js.maxItems) return `${at}: more than ${js.maxItems} items`;
    for (const [i, item] of value.entries()) {
      const itemSchema = js.prefixItems?.[i] ?? js.items;
      const p = itemSchema ? schemaProblem(doc, itemSchema, item, `${at}/${i}`) : null;
      if (p) return p;
    }
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    for (const k of js.required ?? []) if (!(k in obj)) return `${at}/${k}: required`;
    for (const [k, v] of Object.entries(obj)) {
      if (js.propertyNames) {
        const p = schemaProblem(doc, js.propertyNames, k, `${at}/${k} (name)`);
        if (p) return p;
      }
      const propSchema = js.properties?.[k];
      if (propSchema) {
        const p = schemaProblem(doc, propSchema, v, `${at}/${k}`);
        if (p) return p;
      } else if (js.additionalProperties === false) return `${at}/${k}: not allowed`;
      else if (js.additionalProperties && typeof js.additionalProperties === 'object') {
        const p = schemaProblem(doc, js.additionalProperties, v, `${at}/${k}`);
        if (p) return p;
      }
    }
  }
  if (js.allOf) for (const s of js.allOf) if (schemaProblem(doc, s, value, at) !== null) return schemaProblem(doc, s, value, at);
  if (js.not && schemaProblem(doc, js.not, value, at) === null) return `${at}: matches what it must not`;
  if (js.uniqueItems && Array.isArray(value) && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) return `${at}: items repeat`;
  if (js.anyOf && !js.anyOf.some((s) => schemaProblem(doc, s, value, at) === null)) return `${at}: none of anyOf`;
  if (js.oneOf && js.oneOf.filter((s) => schemaProblem(doc, s, value, at) === null).length !== 1) return `${at}: not exactly one of oneOf`;
  return null;
}

// ── valid values ───────────────────────────────────────────────────────────────────────────────

/** Values a field of this name is sometimes given instead of a random one: identifiers of the seeded fleet (a call reaches its rules, not only its 404). */
export type Hints = (name: string) => readonly unknown[];

/** A string that fits the schema's lengths (in code points) and pattern, in the several shapes a fuzzer tries: ASCII, any Unicode, blank, with NUL. */
function stringArb(js: Js): fc.Arbitrary<string> {
  const min = js.minLength ?? 0;
  const max = js.maxLength ?? Infinity;
  const fits = (s: string) => {
    const n = codePoints(s);
    return n >= min && n <= max;
  };
  const len = { minLength: min, maxLength: Math.min(max, Math.max(min, 40)) };
  if (js.format === 'date-time') {
    const base = fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true });
    return fc
      .tuple(base, fc.constantFrom('Z', '+00:00', '+05:30', '-08:00', 'z'), fc.boolean())
      .map(([d, zone, millis]) => {
        const iso = d.toISOString().replace(millis ? /Z$/ : /\.\d{3}Z$/, '');
        return `${iso}${zone}`;
      })
      .filter((s) => fits(s) && (js.pattern === undefined || regexOf(js.pattern).test(s)));
  }
  if (js.format === 'email' && js.pattern === undefined) return fc.emailAddress().filter(fits);
  const own = [js.pattern, ...(js.allOf ?? []).map((s) => s.pattern)].filter((p): p is string => p !== undefined);
  if (own.length > 0) {
    const fitsAll = (s: string) => fits(s) && own.every((p) => regexOf(p).test(s));
    const drawn = fc.stringMatching(regexOf(own[0]!));
    // A pattern that only says how a string starts or what it holds (`^\p{Lu}`, `\S`) is completed with any text;
    // a NUL or a blank put into a drawn one is kept where the patterns still take it.
    return fc
      .oneof(
        { arbitrary: drawn, weight: 4 },
        { arbitrary: fc.tuple(drawn, fc.string({ ...len, unit: 'binary' })).map(([a, b]) => a + b), weight: 1 },
        {
          arbitrary: fc
            .tuple(drawn, fc.nat(), fc.constantFrom('\u0000', ' ', '\u00a0', '\ufeff'))
            .map(([a, i, c]) => a.slice(0, i % (a.length + 1)) + c + a.slice(i % (a.length + 1))),
          weight: 1,
        },
      )
      .filter(fitsAll);
  }
  return fc
    .oneof(
      { arbitrary: fc.string({ ...len, unit: 'grapheme-ascii' }), weight: 4 },
      { arbitrary: fc.string({ ...len, unit: 'binary' }), weight: 2 },
      { arbitrary: fc.string({ ...len, unit: fc.constantFrom(' ', '\t', '\n', '\u00a0') }), weight: 1 },
      { arbitrary: fc.string({ ...len, unit: fc.constantFrom('a', '\u0000', '\u{1F600}', 'é') }), weight: 1 },
    )
    .filter(fits);
}

function numberArb(js: Js, integer: boolean): fc.Arbitrary<number> {
  const lo = js.minimum ?? (js.exclusiveMinimum !== undefined ? js.exclusiveMinimum + (integer ? 1 : Number.EPSILON * 1024) : -(2 ** 40));
  const hi = js.maximum ?? (js.exclusiveMaximum !== undefined ? js.exclusiveMaximum - (integer ? 1 : Number.EPSILON * 1024) : 2 ** 40);
  if (integer) return fc.integer({ min: Math.max(Math.ceil(lo), Number.MIN_SAFE_INTEGER), max: Math.min(Math.floor(hi), Number.MAX_SAFE_INTEGER) });
  return fc.oneof(
    fc.integer({ min: Math.max(Math.ceil(lo), -(2 ** 31)), max: Math.min(Math.floor(hi), 2 ** 31) }),
    fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? 0 : d)),
  );
}

/** Values the schema takes (mostly: a value drawn for an `anyOf` of objects may break one of its rules; the caller checks with `schemaProblem`). */
export function validArb(doc: SchemaDocument, raw: Js, hints: Hints, name = '', depth = 0): fc.Arbitrary<unknown> {
  const js = resolved(doc, raw);
  if (depth > 6) return fc.constant(null);
  const hinted = hints(name).filter((h) => schemaProblem(doc, js, h) === null);
  const withHints = (a: fc.Arbitrary<unknown>) => (hinted.length > 0 ? fc.oneof(a, fc.constantFrom(...hinted)) : a);
  if ('const' in js) return fc.constant(js.const);
  if (js.enum) return fc.constantFrom(...js.enum);
  const alts = js.anyOf ?? js.oneOf;
  if (alts?.length && js.properties) {
    // An object with a rule across its fields: its properties, then one of the alternatives' over them.
    const { anyOf: _any, oneOf: _one, ...base } = js;
    return fc
      .tuple(validArb(doc, base, hints, name, depth), fc.oneof(...alts.map((a) => validArb(doc, { type: 'object', ...a }, hints, name, depth + 1))))
      .map(([b, a]) => ({ ...(b as object), ...(a as object) }));
  }
  if (alts?.length) return fc.oneof(...alts.map((a) => validArb(doc, a, hints, name, depth + 1)));
  if (js.allOf?.length) {
    const { allOf, ...base } = js;
    return validArb(doc, { ...base, ...Object.assign({}, ...allOf.map((s) => resolved(doc, s))) }, hints, name, depth + 1);
  }
  const types = Array.isArray(js.type) ? js.type : js.type ? [js.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((t) => validArb(doc, { ...js, type: t }, hints, name, depth)));
  switch (types[0]) {
    case 'string':
      return withHints(stringArb(js));
    case 'integer':
      return withHints(numberArb(js, true)).filter((v) => !js.not || schemaProblem(doc, js.not, v) !== null);
    case 'number':
      return numberArb(js, false).filter((v) => !js.not || schemaProblem(doc, js.not, v) !== null);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const itemArb = js.prefixItems ? null : validArb(doc, js.items ?? {}, hints, name.replace(/s$/, ''), depth + 1);
      if (js.prefixItems) return fc.tuple(...js.prefixItems.map((p) => validArb(doc, p, hints, name, depth + 1)));
      const bounds = { minLength: js.minItems ?? 0, maxLength: Math.min(js.maxItems ?? 3, Math.max(js.minItems ?? 0, 3)) };
      return js.uniqueItems ? fc.uniqueArray(itemArb!, { ...bounds, selector: (v) => JSON.stringify(v) }) : fc.array(itemArb!, bounds);
    }
    case 'object': {
      const props = js.properties ?? {};
      const keys = Object.keys(props);
      const known = fc.record(Object.fromEntries(keys.map((k) => [k, validArb(doc, props[k]!, hints, k, depth + 1)])), {
        requiredKeys: (js.required ?? []).filter((k) => keys.includes(k)),
      });
      // Keys the schema does not name, where it takes them (a fuzzer adds some).
      if (js.additionalProperties === false) return known;
      const extraValue =
        typeof js.additionalProperties === 'object' ? validArb(doc, js.additionalProperties, hints, '', depth + 1) : fc.jsonValue({ maxDepth: 1 });
      const extraName = js.propertyNames ? stringArb(resolved(doc, js.propertyNames)) : fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme-ascii' });
      const extras = fc.dictionary(
        extraName.filter((k) => !keys.includes(k) && k !== '__proto__'),
        extraValue,
        { maxKeys: keys.length === 0 ? 3 : 1 },
      );
      return fc.tuple(known, fc.option(extras, { nil: undefined, freq: 3 })).map(([k, e]) => ({ ...(e ?? {}), ...(k as object) }));
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

// ── invalid values ─────────────────────────────────────────────────────────────────────────────

/** Where a value sits in a larger one, and how to put another in its place. */
interface Site {
  at: string;
  schema: Js;
  value: unknown;
  replace: (next: unknown) => unknown;
}

function sitesOf(doc: SchemaDocument, raw: Js, value: unknown, at: string, replace: (next: unknown) => unknown, out: Site[], depth = 0): void {
  const js = resolved(doc, raw);
  out.push({ at, schema: js, value, replace });
  if (depth > 5) return;
  // Inside a union, the alternative the value is (a nullable field's value, one shape of several).
  const branch = (js.anyOf ?? js.oneOf)?.find((s) => schemaProblem(doc, s, value) === null);
  if (branch) sitesOf(doc, branch, value, at, replace, out, depth + 1);
  for (const part of js.allOf ?? []) sitesOf(doc, part, value, at, replace, out, depth + 1);
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && js.additionalProperties && typeof js.additionalProperties === 'object') {
    const obj = value as Record<string, unknown>;
    for (const [k, v] of Object.entries(obj)) {
      if (!js.properties?.[k]) sitesOf(doc, js.additionalProperties, v, `${at}/${k}`, (next) => replace({ ...obj, [k]: next }), out, depth + 1);
    }
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && js.properties) {
    const obj = value as Record<string, unknown>;
    for (const [k, v] of Object.entries(obj)) {
      const s = js.properties[k];
      if (s) sitesOf(doc, s, v, `${at}/${k}`, (next) => replace({ ...obj, [k]: next }), out, depth + 1);
    }
  }
  if (Array.isArray(value) && (js.items || js.prefixItems)) {
    value.forEach((item, i) => {
      const s = js.prefixItems?.[i] ?? js.items;
      if (s) sitesOf(doc, s, item, `${at}/${i}`, (next) => replace(value.map((x, j) => (j === i ? next : x))), out, depth + 1);
    });
  }
}

/** Single changes that break a schema at one place: the kinds of invalidity a fuzzer's negative mode makes. */
function breakersOf(js: Js, value: unknown): { kind: string; next: unknown }[] {
  const out: { kind: string; next: unknown }[] = [];
  const types = Array.isArray(js.type) ? js.type : js.type ? [js.type] : [];
  const wrong = (kind: string, next: unknown) => out.push({ kind, next });
  if (types.includes('string') || typeof value === 'string') wrong('wrong type', 12345);
  else if (types.includes('integer') || types.includes('number')) wrong('wrong type', 'not-a-number');
  else if (types.includes('boolean')) wrong('wrong type', 'yes');
  else if (types.includes('array')) wrong('wrong type', { not: 'an array' });
  else if (types.includes('object')) wrong('wrong type', 'not-an-object');
  if (typeof value === 'string') {
    if (js.maxLength !== undefined) wrong('over maxLength', 'x'.repeat(js.maxLength + 1));
    if (js.maxLength !== undefined) wrong('over maxLength (code points)', '\u{1F600}'.repeat(js.maxLength + 1));
    if (js.minLength !== undefined && js.minLength > 0) wrong('under minLength', 'x'.repeat(js.minLength - 1));
    if (js.pattern !== undefined || js.allOf?.some((p) => p.pattern !== undefined))
      for (const s of ['!', ' ', 'é', '0', `${value} !`, `-${value}`, `${value}\u0000`, ' '.repeat(Math.max(js.minLength ?? 1, 1))])
        wrong('not matching the pattern', s);
    if (js.enum) wrong('not in the enumeration', `${String(js.enum[0])}-not`);
    if (js.format === 'date-time') for (const s of ['not-a-date', '2026-13-45T00:00:00Z', '2026-02-30T10:00:00Z', '2026-01-01']) wrong('wrong format', s);
    if (js.format === 'email') for (const s of ['not-an-email', 'a@', '@example.com']) wrong('wrong format', s);
    if (js.format === 'ipv4') for (const s of ['999.1.1.1', '1.2.3']) wrong('wrong format', s);
    if (js.format === 'uuid') wrong('wrong format', 'not-a-uuid');
  }
  if (typeof value === 'number') {
    if (js.maximum !== undefined) wrong('above maximum', js.maximum + 1);
    if (js.minimum !== undefined) wrong('below minimum', js.minimum - 1);
    if (js.exclusiveMinimum !== undefined) wrong('not above exclusiveMinimum', js.exclusiveMinimum);
    if (types.includes('integer')) wrong('not an integer', value + 0.5);
  }
  if (Array.isArray(value)) {
    if (js.maxItems !== undefined && value.length > 0)
      wrong(
        'over maxItems',
        Array.from({ length: js.maxItems + 1 }, (_, i) => value[i % value.length]),
      );
    if (js.uniqueItems && value.length > 0) wrong('items repeat', [...value, value[0]]);
    if (js.minItems !== undefined && js.minItems > 0) wrong('under minItems', value.slice(0, js.minItems - 1));
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    for (const k of js.required ?? []) {
      const { [k]: _gone, ...rest } = obj;
      wrong('missing required', rest);
    }
    if (js.additionalProperties === false) wrong('unknown key', { ...obj, unexpectedField: 1 });
  }
  if (js.const !== undefined) wrong('not the constant', typeof js.const === 'string' ? `${js.const}-not` : 'not-the-constant');
  return out;
}

/** Single-change invalid versions of a valid value, each one checked invalid against the whole schema. */
export function invalidVariants(doc: SchemaDocument, schema: Js, value: unknown): { kind: string; at: string; value: unknown }[] {
  const sites: Site[] = [];
  sitesOf(doc, schema, value, '', (next) => next, sites);
  const out: { kind: string; at: string; value: unknown }[] = [];
  for (const site of sites) {
    for (const { kind, next } of breakersOf(site.schema, site.value)) {
      const whole = site.replace(next);
      if (schemaProblem(doc, schema, whole) !== null) out.push({ kind, at: site.at, value: whole });
    }
  }
  return out;
}
