/**
 * A form declared as fields (data; kit/fields.tsx renders them): each field names a value of the
 * form and how it is edited (text, number, password, long text, switch, choice, inventory, several
 * choices, or a component of the screen's own for what none of these edit: a list of rows, JSON),
 * with its label as a translation key. Values stay what the inputs hold (numbers as text); a declaration's
 * `body` makes the call's body from them, and `schemaCheck` checks that body against the call's
 * zod schema, so the form's messages are the core's.
 */
import type { ComponentType, ReactNode } from 'react';
import type { ParseKeys, TFunction } from 'i18next';
import type { z } from 'zod';
import { VALIDATION } from '@fleet/contracts';
import { checkSchema, mergeErrors, type FieldErrors } from '../lib/forms/fieldErrors';
import type { Form } from '../lib/forms/useForm';

type KeysOf<V, T> = { [K in keyof V]-?: V[K] extends T ? K : never }[keyof V] & string;

export interface Option {
  readonly value: string;
  readonly label: string;
}

/** A translation key (checked against the English texts at compile time). */
export type TextKey = ParseKeys;

interface FieldBase<V> {
  readonly label: TextKey;
  readonly required?: boolean;
  /** Only when creating, or only when editing; default both. */
  readonly only?: 'create' | 'edit';
  /** Shown but not editable once the entity exists (e.g. a key fixed at creation). */
  readonly lockedOnEdit?: boolean;
  /** A hint under the label. */
  readonly description?: TextKey;
  /** The input's test id after the form's prefix (`<prefix>-<testId>`); default the field's name. */
  readonly testId?: string;
  /** Shown only while the form's values say so (e.g. an inventory for a message that is not global). */
  readonly when?: (values: V) => boolean;
}

/** What a field of the screen's own component gets: the whole form (it may edit several values or a list of rows). */
export interface CustomFieldProps<V> {
  readonly form: Form<V>;
  readonly label: string;
  /** The field's test id; its rows' ids start with it. */
  readonly testId: string;
  /** The inline message of a value (`name`, `models.1.name`), with its test id. */
  readonly error: (field: string) => ReactNode;
  readonly readOnly: boolean;
  readonly isNew: boolean;
}

export type Field<V> = FieldBase<V> &
  (
    | { readonly kind: 'text' | 'textarea' | 'number'; readonly name: KeysOf<V, string> }
    /** `autoComplete`: what the browser may fill in; default a new password. */
    | { readonly kind: 'password'; readonly name: KeysOf<V, string>; readonly autoComplete?: 'current-password' }
    | { readonly kind: 'switch'; readonly name: KeysOf<V, boolean> }
    | {
        readonly kind: 'select';
        readonly name: KeysOf<V, string | null>;
        readonly options: (t: TFunction) => readonly Option[];
        readonly clearable?: boolean;
        readonly searchable?: boolean;
      }
    | { readonly kind: 'inventory'; readonly name: KeysOf<V, string | null>; readonly clearable?: boolean; readonly valueName?: (values: V) => string | null }
    | {
        readonly kind: 'multiselect';
        readonly name: KeysOf<V, readonly string[]>;
        readonly options: (t: TFunction) => readonly Option[];
        readonly max?: number;
      }
    | { readonly kind: 'custom'; readonly name: keyof V & string; readonly render: ComponentType<CustomFieldProps<V>> }
  );

/** A number field's text as the body's number: empty → NaN (the schema then words it), else Number(text). */
export function numberOf(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/**
 * The rules of a form: the required fields left empty ("This field is required"; a field not shown
 * is not required), then the body's problems under the call's schema (the spec's messages), one
 * message per field.
 */
export function schemaCheck<V>(fields: readonly Field<V>[], schema: z.ZodType, body: (values: V) => unknown): (values: V) => FieldErrors {
  return (values) => {
    const missing: Record<string, string> = {};
    for (const field of fields) {
      if (!field.required || (field.when !== undefined && !field.when(values))) continue;
      const value: unknown = values[field.name as keyof V];
      const empty = value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
      if (empty) missing[field.name] = VALIDATION.required;
    }
    return mergeErrors(missing, checkSchema(schema, body(values)));
  };
}
