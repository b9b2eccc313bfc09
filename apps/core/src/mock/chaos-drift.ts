/**
 * Contract drift (mock only; a chaos rule's `drift` effect, contracts `chaos.ts`): a successful JSON
 * answer rewritten the way a real core, newer or older than the spec, might answer — fields the
 * schema does not name, enum values it does not know, optional fields left out or null, long text
 * in mixed scripts, lists empty or five times longer, and with `strict` required fields dropped or
 * nulled. What is optional, required or an enum is read from the call's response schema (zod's
 * JSON Schema of it, made once per call). Every choice is drawn from a seeded generator, so the
 * same seed and the same answer give the same drifted answer.
 *
 * Places: each object a schema describes (extraFields), each field of it (omitOptional,
 * nullOptional; with strict also required fields), each enum-typed value or enum-keyed map
 * (unknownEnums), each free-text string (longStrings: not ids, enums, dates or other formatted
 * text), each non-empty list (emptyLists, manyItems). Each place is changed with the effect's
 * rate; where several modes could change it, one is drawn.
 */
import { z } from 'zod';
import { catalogue, CHAOS_DRIFT_DEFAULT_RATE, type ChaosDriftEffect, type ChaosDriftMode, type EndpointId } from '@fleet/contracts';

/** A JSON value (what JSON.parse answers). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** A JSON Schema node as z.toJSONSchema writes the catalogue's response schemas: the keywords drift reads. */
interface Node {
  type?: string | string[];
  properties?: Record<string, Node>;
  required?: string[];
  additionalProperties?: Node | boolean;
  propertyNames?: Node;
  items?: Node;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Node[];
  oneOf?: Node[];
  format?: string;
  $ref?: string;
  $defs?: Record<string, Node>;
}

/** A response schema ready for drift: its root and the definitions its `$ref`s name. */
export interface DriftSchema {
  readonly root: Node;
  readonly defs: Readonly<Record<string, Node>>;
}

/** Any zod schema's output as drift reads it (parts JSON Schema cannot describe are left as they are). */
export function driftSchema(schema: z.ZodType): DriftSchema {
  const root = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Node;
  return { root, defs: root.$defs ?? {} };
}

const bySchema = new Map<EndpointId, DriftSchema>();

/** A catalogue call's response schema for drift, made on first use and kept. */
export function driftSchemaOf(id: EndpointId): DriftSchema {
  let known = bySchema.get(id);
  if (!known) {
    known = driftSchema(catalogue[id].response);
    bySchema.set(id, known);
  }
  return known;
}

/** At most this many items a `manyItems` list gains (a list of thousands grows by this much, not five times). */
export const DRIFT_MAX_ADDED_ITEMS = 2000;
/** A `manyItems` list becomes this many times as long. */
export const DRIFT_LIST_FACTOR = 5;
/** About this many characters (code points) in a `longStrings` string. */
export const DRIFT_LONG_LENGTH = 180;

/** Mixed scripts for long strings: each long string has one of each group (in a drawn order), then more drawn from all. */
const LONG_GROUPS = [
  // Latin with diacritics
  ['Ünïcödé façade Ærøskøbing', 'Crème brûlée São Paulo Łódź'],
  // CJK
  ['超长的设备名称用于测试界面', '長い名前のテスト', '긴 이름 시험'],
  // Right to left: Arabic, Hebrew
  ['اسم طويل جدا لاختبار الواجهة', 'שם ארוך מאוד לבדיקה'],
  // Emoji
  ['🚀📡🎥🛰️🔋', '🎙️📺✨🌍'],
  // Others: Cyrillic, Devanagari, full-width
  ['Очень длинное название', 'बहुत लंबा नाम परीक्षण', 'ｆｕｌｌｗｉｄｔｈ ＴＥＸＴ'],
] as const;
const LONG_PIECES: readonly string[] = LONG_GROUPS.flat();

/** Stems of the names of fields a newer core might add. */
const EXTRA_NAMES = ['futureField', 'vendorHint', 'schemaRevision', '_links', 'extensions', 'x_trace', 'legacyLabel', 'nextCursor', 'metaInfo', 'experimental'];

/** Keys taken for an identifier: never made long, varied in a list's copies. */
const ID_KEYS = new Set(['id', 'uniqueId', 'uuid', 'key']);
const isIdKey = (key: string | undefined) => key !== undefined && (ID_KEYS.has(key) || /(Id|ID|_id|Ids|IDs|_ids)$/.test(key));

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

class Drift {
  private readonly modes: ReadonlySet<ChaosDriftMode>;
  private readonly strict: boolean;
  private readonly rate: number;

  constructor(
    private readonly schema: DriftSchema,
    effect: Pick<ChaosDriftEffect, 'modes' | 'strict' | 'rate'>,
    private readonly random: () => number,
  ) {
    this.modes = new Set(effect.modes);
    this.strict = effect.strict === true;
    this.rate = effect.rate ?? CHAOS_DRIFT_DEFAULT_RATE;
  }

  private chance(): boolean {
    return this.random() < this.rate;
  }

  private pick<T>(choices: readonly T[]): T {
    return choices[Math.floor(this.random() * choices.length)]!;
  }

  private int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  /** Follows `$ref`s (`#` the root, `#/$defs/name` a definition). */
  private deref(node: Node | undefined): Node {
    let n = node ?? {};
    for (let i = 0; i < 32 && n.$ref !== undefined; i++) {
      const ref = n.$ref;
      n = ref === '#' ? this.schema.root : ref.startsWith('#/$defs/') ? (this.schema.defs[ref.slice('#/$defs/'.length)] ?? {}) : {};
    }
    return n;
  }

  /** Whether the schema lets the value be null (`type: [..., 'null']`, or a null member of a union). */
  nullable(node: Node | undefined): boolean {
    const n = this.deref(node);
    if (Array.isArray(n.type)) return n.type.includes('null');
    const members = n.anyOf ?? n.oneOf;
    return members !== undefined && members.some((m) => this.deref(m).type === 'null' || this.nullable(m));
  }

  /** Whether a value is of a node's shape (enough to tell a union's members apart: types, constants, keys). */
  private fits(node: Node, value: Json, depth = 0): boolean {
    const n = this.deref(node);
    const members = n.anyOf ?? n.oneOf;
    if (members) return members.some((m) => this.fits(m, value, depth));
    if ('const' in n) return n.const === value;
    if (n.enum) return n.enum.includes(value);
    if (n.type !== undefined) {
      const types = Array.isArray(n.type) ? n.type : [n.type];
      if (!types.some((t) => typeMatches(t, value))) return false;
    }
    if (isObject(value) && n.properties) {
      if (depth > 4) return true;
      if ((n.required ?? []).some((k) => !(k in value))) return false;
      for (const [k, v] of Object.entries(value)) {
        const p = n.properties[k];
        if (p === undefined) {
          if (n.additionalProperties === false) return false;
        } else if (!this.fits(p, v, depth + 1)) return false;
      }
    }
    return true;
  }

  /** The node describing this value: `$ref`s followed, the union's member the value fits ({} when none). */
  private nodeFor(node: Node | undefined, value: Json): Node {
    const n = this.deref(node);
    const members = n.anyOf ?? n.oneOf;
    if (!members) return n;
    const candidates = members.filter((m) => this.deref(m).type !== 'null');
    const found = candidates.length === 1 ? candidates[0] : candidates.find((m) => this.fits(m, value));
    return found === undefined ? {} : this.nodeFor(found, value);
  }

  walk(value: Json, node: Node | undefined, key: string | undefined): Json {
    if (value === null) return null;
    const n = this.nodeFor(node, value);
    if (Array.isArray(value)) return this.list(value, n, key);
    if (isObject(value)) return n.properties ? this.object(value, n) : this.map(value, n, key);
    if (typeof value === 'string') return this.text(value, n, key);
    return value;
  }

  private text(value: string, n: Node, key: string | undefined): string {
    const known = [...(n.enum ?? []), ...('const' in n ? [n.const] : [])];
    if (known.length > 0) return this.modes.has('unknownEnums') && this.chance() ? this.unknownEnum(key, known) : value;
    if (this.modes.has('longStrings') && n.format === undefined && !isIdKey(key) && this.chance()) return this.long(value);
    return value;
  }

  /** `future<Key><n>`: never one of the values the schema knows. */
  private unknownEnum(key: string | undefined, known: readonly unknown[]): string {
    const stem = (key ?? 'value').replace(/[^A-Za-z0-9]/g, '') || 'Value';
    const name = `future${stem[0]!.toUpperCase()}${stem.slice(1)}`;
    let candidate = `${name}${this.int(1, 99)}`;
    for (let i = 100; known.includes(candidate); i++) candidate = `${name}${i}`;
    return candidate;
  }

  /** The value followed by pieces of mixed scripts (one of each group first), about DRIFT_LONG_LENGTH code points in all (at least 40 added). */
  private long(value: string): string {
    const target = Math.max(DRIFT_LONG_LENGTH, Array.from(value).length + 40);
    const groups: (readonly string[])[] = [...LONG_GROUPS];
    let out = value;
    while (groups.length > 0) out += ` ${this.pick(groups.splice(Math.floor(this.random() * groups.length), 1)[0]!)}`;
    while (Array.from(out).length < target) out += ` ${this.pick(LONG_PIECES)}`;
    return Array.from(out).slice(0, target).join('');
  }

  private list(value: Json[], n: Node, key: string | undefined): Json[] {
    let items = value;
    const modes = value.length === 0 ? [] : (['emptyLists', 'manyItems'] as const).filter((m) => this.modes.has(m));
    if (modes.length > 0 && this.chance()) {
      if (this.pick(modes) === 'emptyLists') return [];
      items = manyOf(value, key);
    }
    return items.map((item) => this.walk(item, n.items, key));
  }

  /** An object the schema describes field by field. */
  private object(value: JsonObject, n: Node): JsonObject {
    const properties = n.properties ?? {};
    const required = new Set(n.required ?? []);
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      const child = properties[k];
      if (child !== undefined) {
        const optional = !required.has(k) || this.nullable(child);
        const changes: ('omit' | 'null')[] = [];
        if (optional) {
          if (this.modes.has('omitOptional')) changes.push('omit');
          if (this.modes.has('nullOptional') && v !== null) changes.push('null');
        } else if (this.strict) changes.push('omit', 'null');
        if (changes.length > 0 && this.chance()) {
          if (this.pick(changes) === 'null') out[k] = null;
          continue;
        }
      }
      out[k] = this.walk(v, child, k);
    }
    if (this.modes.has('extraFields') && this.chance()) {
      for (let i = this.int(1, 3); i > 0; i--) {
        let name = `${this.pick(EXTRA_NAMES)}${this.int(1, 99)}`;
        while (name in out || name in properties) name = `${name}x`;
        out[name] = this.extraValue();
      }
    }
    return out;
  }

  /** A value of a field the schema does not name: a string, a number, a boolean, null, an object or a list. */
  private extraValue(): Json {
    switch (this.int(0, 7)) {
      case 0:
        return 'sent by a newer core';
      case 1:
        return this.int(-1000, 100_000);
      case 2:
        return Math.round(this.random() * 1e6) / 1e3;
      case 3:
        return this.random() < 0.5;
      case 4:
        return null;
      case 5:
        return { level: this.int(1, 9), note: 'nested extra', flags: { beta: true } };
      case 6:
        return [1, 'two', null, { three: 3 }];
      default:
        return '';
    }
  }

  /** A map (a record): its values walked; unknownEnums adds an entry under a key outside its key enum. */
  private map(value: JsonObject, n: Node, key: string | undefined): JsonObject {
    const values = typeof n.additionalProperties === 'object' ? n.additionalProperties : undefined;
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) out[k] = this.walk(v, values, key);
    const keys = this.deref(n.propertyNames).enum;
    const entries = Object.values(out);
    if (keys !== undefined && entries.length > 0 && this.modes.has('unknownEnums') && this.chance()) {
      out[this.unknownEnum(key, [...keys, ...Object.keys(out)])] = structuredClone(this.pick(entries));
    }
    return out;
  }
}

function typeMatches(type: string, value: Json): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return true;
  }
}

/**
 * The fields identifying a list's objects: `id`, `uniqueId`, `uuid` or `key` when there, else the
 * first field named like an id (`channelId`) whose values differ from item to item.
 */
function idFieldsOf(items: readonly Json[]): string[] {
  const objects = items.filter(isObject);
  const first = objects[0];
  if (!first) return [];
  const keys = Object.keys(first);
  const canonical = keys.filter((k) => ID_KEYS.has(k));
  if (canonical.length > 0) return canonical;
  const distinct = (k: string) => new Set(objects.map((o) => JSON.stringify(o[k]))).size === objects.length;
  const named = keys.find((k) => isIdKey(k) && (typeof first[k] === 'string' || typeof first[k] === 'number') && distinct(k));
  return named === undefined ? [] : [named];
}

/** An identifier of the `copy`-th copy: `<id>-copy<n>` for text, past every original for numbers. */
function variedId(value: Json | undefined, copy: number, span: number): Json | undefined {
  if (typeof value === 'string') return `${value}-copy${copy}`;
  if (typeof value === 'number') return value + copy * span;
  return value;
}

/** A list about DRIFT_LIST_FACTOR times as long: the items, then copies of them with their identifiers varied (keys stay unique). */
function manyOf(items: readonly Json[], key: string | undefined): Json[] {
  const out = [...items];
  const ids = idFieldsOf(items);
  // Numbers are moved past the largest original, so no copy meets another's value.
  const spanOf = (values: Json[]) => 1 + Math.max(0, ...values.map((v) => (typeof v === 'number' ? Math.abs(v) : 0)));
  const spans = new Map(ids.map((f) => [f, spanOf(items.map((i) => (isObject(i) ? (i[f] ?? null) : null)))]));
  const primitiveSpan = spanOf([...items]);
  const limit = Math.min(items.length * DRIFT_LIST_FACTOR, items.length + DRIFT_MAX_ADDED_ITEMS);
  for (let copy = 1; out.length < limit; copy++) {
    for (const item of items) {
      if (out.length >= limit) break;
      if (isObject(item)) {
        const clone = structuredClone(item);
        for (const f of ids) if (f in clone) clone[f] = variedId(clone[f], copy, spans.get(f)!) ?? null;
        out.push(clone);
      } else if (isIdKey(key)) out.push(variedId(item, copy, primitiveSpan) ?? null);
      else out.push(structuredClone(item));
    }
  }
  return out;
}

/** A JSON value drifted as the effect says, its choices drawn from `random`. The value given is left as it is. */
export function driftValue(value: Json, schema: DriftSchema, effect: Pick<ChaosDriftEffect, 'modes' | 'strict' | 'rate'>, random: () => number): Json {
  return new Drift(schema, effect, random).walk(value, schema.root, undefined);
}
