/**
 * Field errors of the console's configuration forms (the unit configuration modal and the unit
 * detail's settings): the same rules as the core — the catalogue's zod body schemas parsed with
 * contracts `specErrorMap`, so the texts are the spec's (contracts VALIDATION) — and the server's
 * field errors (ApiError.fields) mapped back onto the form. No React here. The flat forms of the
 * unit dialogs and the group tabs use `parseBody` and `apiFieldErrors` (one message per top-level field).
 */
import { specErrorMap, toFieldProblems, VALIDATION, type FieldProblem } from '@fleet/contracts';
import type { z } from 'zod';
import { isApiError } from '../../api/ApiError';

/** Field path (dotted: `jacks.0.volume`) → the spec message (English, as the core words it). `FORM_ERROR` holds form-level problems. */
export type FieldErrors = Readonly<Record<string, string>>;

/** Key of a form-level problem (contracts' root path ""). */
export const FORM_ERROR = '_form';

/** Problems (dotted paths, "" = the form) → first message per field. */
export function problemsToErrors(problems: readonly FieldProblem[]): FieldErrors {
  const out: Record<string, string> = {};
  for (const problem of problems) {
    const field = problem.path === '' ? FORM_ERROR : problem.path;
    if (!(field in out)) out[field] = problem.message;
  }
  return out;
}

/** Errors of a field's parts (`inventoryIds.1`, `participants.0.id`) on the field itself: the first message per field. */
export function toFormFields(errors: FieldErrors): FieldErrors {
  return problemsToErrors(Object.entries(errors).map(([path, message]) => ({ path: path.split('.')[0] ?? path, message })));
}

/** Merges error maps; the first one wins per field. */
export function mergeErrors(...maps: readonly FieldErrors[]): FieldErrors {
  const out: Record<string, string> = {};
  for (const map of maps) for (const [field, message] of Object.entries(map)) if (!(field in out)) out[field] = message;
  return out;
}

/** The body's problems as the core would report them (the catalogue schema with the spec's wording). */
export function schemaProblems(schema: z.ZodType, body: unknown): FieldProblem[] {
  const result = schema.safeParse(body, { error: specErrorMap });
  return result.success ? [] : toFieldProblems(result.error);
}

/** The body's field errors from the catalogue schema. */
export function checkSchema(schema: z.ZodType, body: unknown): FieldErrors {
  return problemsToErrors(schemaProblems(schema, body));
}

/**
 * The server's field errors (ApiError.fields, paths like `body.delayMs`) as form errors: the
 * `body.` prefix dropped, `body` alone (or "") as the form-level error. Empty for other errors.
 */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error) || error.fields.length === 0) return {};
  return problemsToErrors(
    error.fields.map((f) => {
      const path = f.path === 'body' ? '' : f.path.startsWith('body.') ? f.path.slice('body.'.length) : f.path;
      return { path, message: f.message };
    }),
  );
}

/** The rule that `field` is filled in (text: not blank; a choice: made), in the spec's words. */
export function requiredField<F extends object>(field: keyof F & string): (values: F) => FieldErrors {
  return (values) => {
    const value: unknown = values[field];
    const missing = value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
    return missing ? { [field]: VALIDATION.required } : {};
  };
}

/**
 * The errors no field of the form shows: those of fields not in `shown` (the names of the fields the
 * form renders; a part's error, `jacks.0.volume`, belongs to its field `jacks`). A form shows them
 * at the form level (kit/UnshownErrors), so no refusal is lost on a field the form does not have.
 * The form-level key FORM_ERROR is not a field: forms show it themselves.
 */
export function unshownErrors(errors: FieldErrors, shown: readonly string[]): FieldErrors {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === FORM_ERROR) continue;
    const field = path.split('.')[0] ?? path;
    if (!shown.includes(field) && !shown.includes(path)) out[path] = message;
  }
  return out;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/**
 * A text input's number: '' → undefined (the schema then says "This field is required"), anything
 * that is not a finite number → NaN ("Must be a number").
 */
export function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return Number.NaN;
  return Number(trimmed);
}

/** A number input's value (Mantine NumberInput gives a number, or the text while it is not one), read as parseNumber reads text. */
export function numberValue(value: number | string): number | undefined {
  return typeof value === 'number' ? value : parseNumber(value);
}

/** A number as the text of an input (null/undefined → ''). */
export function numberText(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/**
 * Flat forms (the unit dialogs, the group tabs): the first problem per top-level field; paths drop
 * the core's `body.` / `params.` / `query.` prefix.
 */
export function errorsByField(problems: readonly { readonly path: string; readonly message: string }[]): FieldErrors {
  const out: Record<string, string> = {};
  for (const p of problems) {
    const path = p.path.replace(/^(body|params|query)\.?/, '');
    const field = path.split('.')[0] ?? '';
    if (!(field in out)) out[field] = p.message;
  }
  return out;
}

/** Check a body with the call's own schema: the parsed body, or the spec's message per field. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
): { readonly data: z.output<S>; readonly errors: null } | { readonly data: null; readonly errors: FieldErrors } {
  const r = schema.safeParse(body, { error: specErrorMap });
  if (r.success) return { data: r.data, errors: null };
  return { data: null, errors: errorsByField(r.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))) };
}

/** The core's field errors of a failed call (empty when it has none). */
export function apiFieldErrors(error: unknown): FieldErrors {
  return isApiError(error) ? errorsByField(error.fields) : {};
}
