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
