/**
 * The fault forms' fields, read from the contracts' zod schemas (UnitFault, ServerFault): each kind
 * of a discriminated union (its `type`) with its other keys as fields — an enum becomes a select, a
 * number with its bounds a number input, a boolean a switch, a string a text input (or a choice of
 * known values), a list of strings a tags input. A kind added to the contracts shows up in the
 * Simulate menu with its form, no console code needed (its labels fall back to its key, made
 * readable, until translated).
 */
import { z } from 'zod';

interface FieldBase {
  readonly name: string;
  /** May be left out (optional) or sent as null (nullable). */
  readonly optional: boolean;
  readonly nullable: boolean;
  /** The schema's own description, if any (a hint under the field). */
  readonly description?: string | undefined;
}

export type FaultField =
  | (FieldBase & { readonly kind: 'number'; readonly min?: number | undefined; readonly max?: number | undefined; readonly integer: boolean })
  | (FieldBase & { readonly kind: 'boolean' })
  | (FieldBase & { readonly kind: 'select'; readonly options: readonly string[] })
  | (FieldBase & { readonly kind: 'text'; readonly maxLength?: number | undefined })
  | (FieldBase & { readonly kind: 'list' });

export interface FaultKind {
  readonly type: string;
  readonly fields: readonly FaultField[];
  /** The kind's own schema (the object with its `type`), what a form's values are checked against. */
  readonly schema: z.ZodType;
}

/** A field's value in a form: what its input holds. */
export type FieldValue = string | number | boolean | null | readonly string[];

function fieldOf(name: string, schema: z.ZodType): FaultField | null {
  let inner: z.ZodType = schema;
  let optional = false;
  let nullable = false;
  for (;;) {
    if (inner instanceof z.ZodOptional) optional = true;
    else if (inner instanceof z.ZodNullable) nullable = true;
    else break;
    inner = inner.unwrap() as z.ZodType;
  }
  const base = { name, optional, nullable, description: schema.description ?? inner.description };
  if (inner instanceof z.ZodNumber) {
    const min = inner.minValue;
    const max = inner.maxValue;
    return {
      ...base,
      kind: 'number',
      min: Number.isFinite(min) ? (min ?? undefined) : undefined,
      max: Number.isFinite(max) ? (max ?? undefined) : undefined,
      integer: inner.isInt,
    };
  }
  if (inner instanceof z.ZodBoolean) return { ...base, kind: 'boolean' };
  if (inner instanceof z.ZodEnum) return { ...base, kind: 'select', options: inner.options.map(String) };
  if (inner instanceof z.ZodString) return { ...base, kind: 'text', maxLength: inner.maxLength ?? undefined };
  if (inner instanceof z.ZodArray && inner.element instanceof z.ZodString) return { ...base, kind: 'list' };
  return null;
}

/** The kinds of a discriminated union on `type`, in the contracts' order, each with its fields. */
export function faultKinds(union: z.ZodDiscriminatedUnion): FaultKind[] {
  const kinds: FaultKind[] = [];
  for (const option of union.options) {
    if (!(option instanceof z.ZodObject)) continue;
    const shape = option.shape as Record<string, z.ZodType>;
    const type = shape.type;
    if (!(type instanceof z.ZodLiteral)) continue;
    const fields = Object.entries(shape)
      .filter(([name]) => name !== 'type')
      .map(([name, s]) => fieldOf(name, s))
      .filter((f): f is FaultField => f !== null);
    kinds.push({ type: String(type.value), fields, schema: option });
  }
  return kinds;
}

/** A field's starting value: false, the number nearest 0 the bounds allow, the first option, nothing. */
export function initialValue(field: FaultField): FieldValue {
  switch (field.kind) {
    case 'boolean':
      return false;
    case 'number':
      if (field.nullable) return null;
      return Math.min(Math.max(0, field.min ?? 0), field.max ?? Number.POSITIVE_INFINITY);
    case 'select':
      return field.optional || field.nullable ? null : (field.options[0] ?? null);
    case 'text':
      return '';
    case 'list':
      return [];
  }
}

export function initialValues(kind: FaultKind, fixed: Readonly<Record<string, FieldValue>> = {}): Record<string, FieldValue> {
  return Object.fromEntries(kind.fields.map((f) => [f.name, fixed[f.name] ?? initialValue(f)]));
}

/**
 * The fault the values make, checked against the kind's schema: the fault, or each field's first
 * problem (in the schema's words). An optional field left empty is left out.
 */
export function buildFault(
  kind: FaultKind,
  values: Readonly<Record<string, FieldValue>>,
): { ok: true; fault: unknown } | { ok: false; errors: Record<string, string> } {
  const fault: Record<string, unknown> = { type: kind.type };
  for (const field of kind.fields) {
    const value = values[field.name];
    const empty = value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty && field.optional) continue;
    fault[field.name] = value === '' && field.nullable ? null : value;
  }
  const parsed = kind.schema.safeParse(fault);
  if (parsed.success) return { ok: true, fault: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? 'type');
    errors[name] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A key made readable where no translation exists: "modemFail" → "Modem fail", "overMs" → "Over ms". */
export function readableKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
