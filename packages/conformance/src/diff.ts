/**
 * Differences between an answer and the contract, from zod's issues: each with the JSON path, what
 * the schema expects and what the answer holds at that path.
 */
import type { z } from 'zod';
import type { Difference } from './report.js';

type Key = PropertyKey;

/** `$.units[3].name`-style path of a zod issue path. */
export function jsonPath(path: readonly Key[]): string {
  let out = '$';
  for (const k of path) {
    if (typeof k === 'number') out += `[${k}]`;
    else if (typeof k === 'string' && /^[A-Za-z_$][\w$]*$/.test(k)) out += `.${k}`;
    else out += `[${JSON.stringify(String(k))}]`;
  }
  return out;
}

/** The value at `path` in `value`, if there is one. */
export function valueAt(value: unknown, path: readonly Key[]): { found: boolean; value: unknown } {
  let cur: unknown = value;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object') return { found: false, value: undefined };
    const rec = cur as Record<Key, unknown>;
    if (!(k in rec)) return { found: false, value: undefined };
    cur = rec[k];
  }
  return { found: true, value: cur };
}

/** A short description of a received value: its type and, for scalars, the value. */
export function describe(found: boolean, value: unknown): string {
  if (!found || value === undefined) return 'nothing (field absent)';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `array (${value.length} items)`;
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    return `object {${keys.slice(0, 6).join(', ')}${keys.length > 6 ? ', ...' : ''}}`;
  }
  if (typeof value === 'string') return `string ${JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)}`;
  return `${typeof value} ${String(value)}`;
}

const list = (values: readonly unknown[]): string => values.map((v) => JSON.stringify(v)).join(' | ');

/** What the schema wanted, in words, from one issue. */
export function expectedOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected;
    case 'invalid_value':
      return `one of ${list(issue.values)}`;
    case 'unrecognized_keys':
      return `no other keys`;
    case 'too_small':
      return `${issue.origin} at least ${String(issue.minimum)}${issue.inclusive === false ? ' (exclusive)' : ''}`;
    case 'too_big':
      return `${issue.origin} at most ${String(issue.maximum)}${issue.inclusive === false ? ' (exclusive)' : ''}`;
    case 'invalid_format':
      return `${issue.format} format`;
    case 'invalid_union':
      return "one of the union's shapes";
    case 'not_multiple_of':
      return `a multiple of ${String(issue.divisor)}`;
    case 'invalid_key':
      return 'a valid key';
    case 'invalid_element':
      return 'a valid element';
    default:
      return issue.message;
  }
}

/**
 * Flatten zod issues into differences. A union whose every branch fails at one discriminator is
 * reported at its deepest common issue list (the branch with fewest issues), so a renamed field
 * inside a union still names the field.
 */
export function differencesFromIssues(issues: readonly z.core.$ZodIssue[], received: unknown, base: readonly Key[] = []): Difference[] {
  const out: Difference[] = [];
  for (const issue of issues) {
    const path = [...base, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const best = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      if (best.length > 0) {
        out.push(...differencesFromIssues(best, received, path));
        continue;
      }
    }
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const at = valueAt(received, [...path, key]);
        out.push({ path: jsonPath([...path, key]), expected: 'no such field', received: describe(at.found, at.value) });
      }
      continue;
    }
    const at = valueAt(received, path);
    out.push({ path: jsonPath(path), expected: expectedOf(issue), received: describe(at.found, at.value) });
  }
  return out;
}

/**
 * Parse `value` with `schema`; the differences when it does not fit (empty when it does). A field
 * the contract does not know is not a difference here, even where the schema is strict: it is
 * reported as undocumented (schema.ts), a warning unless the run is strict.
 */
export function compareWithSchema(schema: z.ZodType, value: unknown, limit = 20): Difference[] {
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  const diffs = differencesFromIssues(withoutUnknownKeys(parsed.error.issues), value);
  if (diffs.length > limit) return [...diffs.slice(0, limit), { path: '…', expected: '', received: `${diffs.length - limit} more differences` }];
  return diffs;
}

/** The issues without those about keys the schema does not know (inside union branches too). */
function withoutUnknownKeys(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  const out: z.core.$ZodIssue[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') continue;
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const errors = issue.errors.map((branch) => withoutUnknownKeys(branch));
      // A branch that failed only for unknown keys fits: the union fits.
      if (errors.some((branch) => branch.length === 0)) continue;
      out.push({ ...issue, errors } as z.core.$ZodIssue);
      continue;
    }
    out.push(issue);
  }
  return out;
}
