/**
 * Inline validation of the dialog forms: the same zod body schemas as the core (parsed with
 * contracts `specErrorMap`, so the texts are the spec's) and the core's field errors mapped back onto
 * the form fields (shown in the user's language by lib/forms useSpecText).
 */
import { specErrorMap } from '@fleet/contracts';
import type { z } from 'zod';
import { isApiError } from '../../api/ApiError';

/** Field name (first segment of the body path) → the spec's message. */
export type FieldErrors = Readonly<Record<string, string>>;

/** First problem per field; paths drop the core's `body.` / `params.` prefix. */
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
