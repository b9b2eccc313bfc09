/**
 * A form declared as fields, without React: each field names a value of the form and how it is
 * edited (text, number, password, long text, switch, choice, inventory, several choices), with its
 * label as a translation key. Values stay what the inputs hold (numbers as text); a declaration's
 * `body` makes the call's body from them, and `schemaCheck` checks that body against the call's
 * zod schema, so the form's messages are the core's. kit/fields.tsx renders the fields.
 */
import type { ParseKeys, TFunction } from 'i18next';
import type { z } from 'zod';
import { VALIDATION } from '@fleet/contracts';
import { checkSchema, mergeErrors, type FieldErrors } from '../lib/forms/fieldErrors';

type KeysOf<V, T> = { [K in keyof V]-?: V[K] extends T ? K : never }[keyof V] & string;

export interface Option {
  readonly value: string;
  readonly label: string;
}

/** A translation key (checked against the English texts at compile time). */
export type TextKey = ParseKeys;

interface FieldBase {
  readonly label: TextKey;
  readonly required?: boolean;
  /** Only when creating, or only when editing; default both. */
  readonly only?: 'create' | 'edit';
}

export type Field<V> = FieldBase &
  (
    | { readonly kind: 'text' | 'password' | 'textarea' | 'number'; readonly name: KeysOf<V, string> }
    | { readonly kind: 'switch'; readonly name: KeysOf<V, boolean> }
    | { readonly kind: 'select'; readonly name: KeysOf<V, string | null>; readonly options: (t: TFunction) => readonly Option[]; readonly clearable?: boolean }
    | { readonly kind: 'inventory'; readonly name: KeysOf<V, string | null>; readonly clearable?: boolean; readonly valueName?: (values: V) => string | null }
    | { readonly kind: 'multiselect'; readonly name: KeysOf<V, readonly string[]>; readonly options: (t: TFunction) => readonly Option[]; readonly max?: number }
  );

/** A number field's text as the body's number: empty → NaN (the schema then words it), else Number(text). */
export function numberOf(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/**
 * The rules of a form: the required fields left empty ("This field is required"), then the body's
 * problems under the call's schema (the spec's messages), one message per field.
 */
export function schemaCheck<V>(fields: readonly Field<V>[], schema: z.ZodType, body: (values: V) => unknown): (values: V) => FieldErrors {
  return (values) => {
    const missing: Record<string, string> = {};
    for (const field of fields) {
      if (!field.required) continue;
      const value: unknown = values[field.name as keyof V];
      const empty = value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
      if (empty) missing[field.name] = VALIDATION.required;
    }
    return mergeErrors(missing, checkSchema(schema, body(values)));
  };
}
