/**
 * Validation plumbing of the unit configuration forms: the same rules as the core (the catalogue's
 * zod body schemas parsed with contracts `specErrorMap`, plus packages/domain validate* rules), the
 * server's field errors (ApiError.fields) mapped back onto the form, and spec texts (contracts
 * VALIDATION) mapped to translation keys so the inline messages read the spec's wording in English
 * and are translated in Chinese.
 */
import { specErrorMap, toFieldProblems, VALIDATION, type FieldProblem } from '@fleet/contracts';
import type { z } from 'zod';
import { isApiError } from '../../api/ApiError';

/** Field path → the spec message (English, as the core words it). `FORM_ERROR` holds form-level problems. */
export type FieldErrors = Readonly<Record<string, string>>;

/** Key of a form-level problem (contracts' root path ""). */
export const FORM_ERROR = '_form';

export type ValidationKey = keyof typeof VALIDATION;

/** A VALIDATION text recognised: its key and the numbers it carries ({{n}}, {{m}}). */
export interface MatchedValidation {
  readonly key: ValidationKey;
  readonly params: Readonly<Record<string, string>>;
}

const PARAM_NAMES = ['n', 'm'] as const;
const SENTINELS = [918273, 564738] as const;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Matcher {
  readonly key: ValidationKey;
  readonly exact?: string;
  readonly pattern?: RegExp;
  readonly params: readonly string[];
}

/** One matcher per VALIDATION entry: texts compare exactly, parameterised ones by a pattern. */
const MATCHERS: readonly Matcher[] = (Object.keys(VALIDATION) as ValidationKey[]).map((key): Matcher => {
  const entry: unknown = VALIDATION[key];
  if (typeof entry === 'string') return { key, exact: entry, params: [] };
  // Parameterised texts are functions of one or two numbers (minValue(n), betweenChars(n, m)).
  const fn = entry as (...args: number[]) => string;
  const text = fn(...SENTINELS);
  const params: string[] = [];
  let source = escapeRegExp(text);
  SENTINELS.forEach((sentinel, index) => {
    if (!source.includes(String(sentinel))) return;
    source = source.replace(String(sentinel), '(-?\\d+(?:\\.\\d+)?)');
    params.push(PARAM_NAMES[index] ?? `p${index}`);
  });
  return { key, pattern: new RegExp(`^${source}$`), params };
});

/** The VALIDATION entry a message is, or null when it is not one of the spec's texts. */
export function matchValidationMessage(message: string): MatchedValidation | null {
  for (const matcher of MATCHERS) {
    if (matcher.exact !== undefined) {
      if (matcher.exact === message) return { key: matcher.key, params: {} };
      continue;
    }
    const found = matcher.pattern?.exec(message);
    if (!found) continue;
    const params: Record<string, string> = {};
    matcher.params.forEach((name, index) => {
      params[name] = found[index + 1] ?? '';
    });
    return { key: matcher.key, params };
  }
  return null;
}

/** The translation key pattern of a VALIDATION entry. */
export const VALIDATION_KEYS = Object.keys(VALIDATION) as ValidationKey[];

/** Problems (dotted paths, "" = the form) → first message per field. */
export function problemsToErrors(problems: readonly FieldProblem[]): FieldErrors {
  const out: Record<string, string> = {};
  for (const problem of problems) {
    const field = problem.path === '' ? FORM_ERROR : problem.path;
    if (!(field in out)) out[field] = problem.message;
  }
  return out;
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

/** A number as the text of an input (null/undefined → ''). */
export function numberText(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}
