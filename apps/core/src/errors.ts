import { ERROR_CATALOGUE, type ErrorCode, type FieldProblem } from '@fleet/contracts';

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

/** 400 with the spec's field messages; the top-level message is the first field's. */
export function validationError(fields: FieldProblem[]): AppError {
  return new AppError('VALIDATION_FAILED', fields, fields[0]?.message);
}

/** Whether a value holds U+0000 anywhere (PostgreSQL refuses it in text and JSON). */
export function hasNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (Array.isArray(v)) return v.some(hasNul);
  if (typeof v === 'object' && v !== null) return Object.entries(v).some(([k, x]) => k.includes('\u0000') || hasNul(x));
  return false;
}
