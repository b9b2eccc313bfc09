import { ERROR_CATALOGUE, VALIDATION, type ErrorCode, type FieldProblem } from '@fleet/contracts';

/** A failure the client can act on: answered with the catalogue's status and text. */
export class AppError extends Error {
  readonly status: number;
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
 * Whether a value holds U+0000 anywhere, in a string or a key (PostgreSQL refuses it in text and
 * JSON). Walks with its own stack, not recursion, so no shape of input can overflow the call stack.
 */
export function hasNul(v: unknown): boolean {
  const pending: unknown[] = [v];
  while (pending.length > 0) {
    const x = pending.pop();
    if (typeof x === 'string') {
      if (x.includes('\u0000')) return true;
    } else if (Array.isArray(x)) {
      for (const item of x) pending.push(item);
    } else if (typeof x === 'object' && x !== null) {
      for (const [k, item] of Object.entries(x)) {
        if (k.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** Body field problems; paths are relative to the body, as the route's own validation reports them. */
export function bodyProblems(problems: readonly FieldProblem[]): AppError {
  return validationError(problems.map((p) => ({ path: p.path ? `body.${p.path}` : 'body', message: p.message })));
}

export function bodyProblem(path: string, message: string): AppError {
  return bodyProblems([{ path, message }]);
}
