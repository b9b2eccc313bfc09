/**
 * The rename / comment form (PUT devices/update, body UnitRenameBody): the spec 000 §5 rules checked
 * before sending (packages/domain validateUnitName / validateComment: the spec's exact texts), the
 * body with the version the values were read at (optimistic concurrency), and what a failed call
 * means for the form (field messages, a conflict, or a plain refusal).
 */
import { VALIDATION } from '@fleet/contracts';
import type { UnitSummary } from '@fleet/contracts';
import { validateComment, validateUnitName } from '@fleet/domain';
import { isApiError } from '../../api/ApiError';

export type RenameValues = Readonly<Pick<UnitSummary, 'name' | 'comment'>>;

export type RenameField = keyof RenameValues;
export type RenameErrors = Partial<Record<RenameField, string>>;

/** The form's values, read from the unit. */
export function renameValuesOf(unit: RenameValues): RenameValues {
  return { name: unit.name, comment: unit.comment };
}

export function sameValues(a: RenameValues, b: RenameValues): boolean {
  return a.name === b.name && a.comment === b.comment;
}

/** Spec 000 §5: the name rule (required, characters, 255) and the comment (at most 100). */
export function validateRename(values: RenameValues): RenameErrors {
  const errors: { -readonly [K in RenameField]?: string } = {};
  const name = validateUnitName(values.name);
  if (name !== null) errors.name = name;
  const comment = validateComment(values.comment);
  if (comment !== null) errors.comment = comment;
  return errors;
}

export function hasErrors(errors: RenameErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

/** The PUT devices/update body: the unit, its new name and comment, and the version they were read at. */
export function renameBody(unitId: string, values: RenameValues, version: number) {
  return { id: unitId, name: values.name, comment: values.comment, version };
}

/** What a failed rename means for the form. */
export type RenameFailure = { readonly kind: 'fields'; readonly errors: RenameErrors } | { readonly kind: 'conflict' } | { readonly kind: 'other' };

const FIELDS: readonly RenameField[] = ['name', 'comment'];

export function classifyRenameError(error: unknown): RenameFailure {
  if (!isApiError(error)) return { kind: 'other' };
  if (error.code === 'CONFLICT') return { kind: 'conflict' };
  const errors: { -readonly [K in RenameField]?: string } = {};
  for (const field of error.fields) {
    const key = field.path.replace(/^body\.?/, '').split('.')[0];
    const known = FIELDS.find((f) => f === key);
    if (known !== undefined && errors[known] === undefined) errors[known] = field.message;
  }
  // The core words a clash with its field; without one, the name is still the field at fault.
  if (error.code === 'NAME_IN_USE' && errors.name === undefined) errors.name = VALIDATION.unitNameInUse;
  return hasErrors(errors) ? { kind: 'fields', errors } : { kind: 'other' };
}
