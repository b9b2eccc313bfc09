import { ERROR_CATALOGUE, VALIDATION, type ErrorCode, type FieldProblem } from '@fleet/contracts';

/** A failure the client can act on: answered with the catalogue's status and text. */
export class AppError extends Error {
  readonly status: number;
  /**
   * A 400 the request's schema answers (a value the OpenAPI document's schemas refuse), not a rule of the
   * call beyond them: under RESPONSE_VALIDATION a rule's refusal must be one the document states (plugins/errors.ts).
   */
  bySchema = false;
  constructor(
    readonly code: ErrorCode,
    readonly fields?: FieldProblem[],
    messageOverride?: string,
    readonly deviceCode?: number,
  ) {
    const entry = ERROR_CATALOGUE[code];
    super(messageOverride ?? entry.message);
    this.status = entry.status;
    this.deviceCode = deviceCode ?? ('code' in entry ? entry.code : undefined);
  }
}

/**
 * Spec 000 §5 unit name "unique (message: choose a different name, already in use)": 409 with the
 * spec's words at the field that named it. Names are compared exactly (case counts), as the
 * database's unique index on unit names does.
 */
export function nameInUse(path: string): AppError {
  return new AppError('NAME_IN_USE', [{ path, message: VALIDATION.unitNameInUse }], VALIDATION.unitNameInUse);
}

/** 400 with the spec's field messages; the top-level message is the first field's. */
export function validationError(fields: FieldProblem[]): AppError {
  return new AppError('VALIDATION_FAILED', fields, fields[0]?.message);
}

/**
 * Where a value holds U+0000 (PostgreSQL refuses it in text and JSON): the dotted path of the first
 * string holding it, or of the object whose key holds it ("" for the value itself), else null. Walks
 * with its own stack, not recursion, so no shape of input can overflow the call stack.
 */
export function nulAt(v: unknown): string | null {
  const pending: [unknown, string][] = [[v, '']];
  const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  while (pending.length > 0) {
    const [x, path] = pending.pop()!;
    if (typeof x === 'string') {
      if (x.includes('\u0000')) return path;
    } else if (Array.isArray(x)) {
      for (let i = x.length - 1; i >= 0; i--) pending.push([x[i], join(path, i)]);
    } else if (typeof x === 'object' && x !== null) {
      const entries = Object.entries(x);
      for (const [k] of entries) if (k.includes('\u0000')) return path;
      for (let i = entries.length - 1; i >= 0; i--) pending.push([entries[i]![1], join(path, entries[i]![0])]);
    }
  }
  return null;
}

/** Whether a value holds U+0000 anywhere, in a string or a key. */
export const hasNul = (v: unknown): boolean => nulAt(v) !== null;

/** Body field problems; paths are relative to the body, as the route's own validation reports them. */
export function bodyProblems(problems: readonly FieldProblem[]): AppError {
  return validationError(problems.map((p) => ({ path: p.path ? `body.${p.path}` : 'body', message: p.message })));
}

export function bodyProblem(path: string, message: string): AppError {
  return bodyProblems([{ path, message }]);
}
