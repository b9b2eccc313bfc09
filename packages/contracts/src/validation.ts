/**
 * Zod issue → spec wording (000 §5 / 001 §5 generic form messages). Passed per parse so the core's
 * 400 answers and the console's inline messages read the same.
 */
import type { z } from 'zod';
import { VALIDATION } from './messages.js';

export const specErrorMap: z.core.$ZodErrorMap = (issue) => {
  // A missing value is "required" whatever the expected kind (string, enum, literal, object...).
  if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union')) {
    return VALIDATION.required;
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return VALIDATION.required;
      if (issue.expected === 'number') return VALIDATION.number;
      if (issue.expected === 'int') return VALIDATION.integer;
      return VALIDATION.invalidField;
    case 'too_small':
      if (issue.origin === 'string') {
        return issue.minimum === 1 ? VALIDATION.required : VALIDATION.minChars(Number(issue.minimum));
      }
      if (issue.origin === 'number' || issue.origin === 'int') return VALIDATION.minValue(Number(issue.minimum));
      return VALIDATION.invalidField;
    case 'too_big':
      if (issue.origin === 'string') {
        return Number(issue.maximum) === 255 ? VALIDATION.max255 : VALIDATION.maxChars(Number(issue.maximum));
      }
      if (issue.origin === 'number' || issue.origin === 'int') return VALIDATION.maxValue(Number(issue.maximum));
      return VALIDATION.invalidField;
    case 'invalid_format':
      if (issue.format === 'email') return VALIDATION.invalidEmail;
      if (issue.format === 'ipv4' || issue.format === 'ipv6') return VALIDATION.invalidIp;
      if (issue.format === 'regex') return VALIDATION.mustMatchPattern;
      return VALIDATION.invalidField;
    case 'not_multiple_of':
      return VALIDATION.integer;
    default:
      return VALIDATION.invalidField;
  }
};

export interface FieldProblem {
  path: string;
  message: string;
}

/** Flatten zod issues to `{ path, message }` with dotted paths ("" for the root). */
export function toFieldProblems(error: z.ZodError): FieldProblem[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/**
 * A rule a schema applies beyond what JSON Schema can state (a refinement: one field against another,
 * a check by parsing), as the OpenAPI document lists it in the call's `x-rules`: the field it refuses,
 * relative to the schema it is declared on ('' for that schema itself; items without their index),
 * the message it answers there, and the rule in words.
 */
export interface FieldRule {
  readonly field: string;
  readonly message: string;
  readonly rule: string;
}

/**
 * The options of a refinement whose rule the document states with a schema keyword of its own (a length in
 * code points as `maxLength`, a pattern, `uniqueItems`, `not`), given beside `.meta()` with that keyword:
 * its refusal is the schema's, not a rule beyond it (`.refine(check, { message, ...STATED_BY_SCHEMA })`).
 */
export const STATED_BY_SCHEMA = { params: { statedBySchema: true } } as const;

/** The metadata that states a schema's rules in the document: `.superRefine(…).meta(statesRules({ … }))`. */
export const statesRules = (...rules: FieldRule[]): { 'x-rules': FieldRule[] } => ({ 'x-rules': rules });

/** The characters JavaScript's `trim()` takes off (ECMAScript white space and line terminators), spelt out for other engines, whose `\s` differs. */
const BLANK = '\\t\\n\\v\\f\\r \\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/**
 * A pattern for a string that holds at least `min` characters besides the blanks at its ends (what is
 * left once trimmed), and no NUL (which no string the core takes holds): what a trimmed length check
 * means, said to tools that read the document.
 */
export function notBlankPattern(min = 1): string {
  return min <= 1 ? `^[^\\x00]*[^${BLANK}\\x00][^\\x00]*$` : `^[^\\x00]*[^${BLANK}\\x00][^\\x00]{${min - 2},}[^${BLANK}\\x00][^\\x00]*$`;
}

/** A rule as the document lists it: `{n}` in a message stands for a number, `{…}` for any text (in a field: any field below). */
export interface StatedRule {
  readonly field: string;
  readonly message: string;
}

const ruleRegexes = new Map<string, RegExp>();
function ruleRegex(template: string, any: string): RegExp {
  const key = `${any}\u0000${template}`;
  let re = ruleRegexes.get(key);
  if (!re) {
    const source = template
      // `{…}`, the ellipsis escaped: the production bundle is ASCII (apps/stack/scripts/build-prod.ts).
      .split(/(\{n\}|\{\u2026\})/)
      .map((part) => (part === '{n}' ? '-?\\d+(?:\\.\\d+)?' : part === '{…}' ? any : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    ruleRegexes.set(key, (re = new RegExp(`^${source}$`, 's')));
  }
  return re;
}

/** A field problem's path as rules name fields: item indexes left out (`body.items.2.name` → `body.items.name`). */
export const ruleFieldOf = (path: string): string => path.replace(/\.\d+(?=\.|$)/g, '');

/**
 * Whether a 400's field problem is refused by one of `rules` (the call's `x-rules`): the field and the
 * message are the rule's. The bare "Invalid field" never is: a refusal names its rule.
 */
export function statedBy(rules: readonly StatedRule[], problem: FieldProblem): boolean {
  if (problem.message === VALIDATION.invalidField) return false;
  const field = ruleFieldOf(problem.path);
  return rules.some((r) => ruleRegex(r.field, '.+').test(field) && ruleRegex(r.message, '.+').test(problem.message));
}
