import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import { ApiError } from '../../api/ApiError';
import { matchValidationMessage } from '../../lib/forms/specText';
import { classifyRenameError, hasErrors, renameBody, renameValuesOf, sameValues, validateRename } from './rename';

describe('validateRename', () => {
  it('accepts letters, numbers, underscores and hyphens and a short comment', () => {
    expect(validateRename({ name: 'News_Cam-01', comment: 'Roof camera' })).toEqual({});
    expect(hasErrors({})).toBe(false);
  });

  it("words the name rule with the spec's texts", () => {
    expect(validateRename({ name: 'News Cam', comment: '' }).name).toBe(VALIDATION.unitNameCharacters);
    expect(validateRename({ name: 'a/b', comment: '' }).name).toBe(VALIDATION.unitNameCharacters);
    expect(validateRename({ name: '', comment: '' }).name).toBe(VALIDATION.required);
    expect(validateRename({ name: 'a'.repeat(256), comment: '' }).name).toBe(VALIDATION.max255);
  });

  it('allows a comment of 100 characters and refuses 101', () => {
    expect(validateRename({ name: 'ok', comment: 'x'.repeat(100) })).toEqual({});
    const errors = validateRename({ name: 'ok', comment: 'x'.repeat(101) });
    expect(errors.comment).toBe(VALIDATION.maxChars(100));
    expect(hasErrors(errors)).toBe(true);
  });
});

describe('renameBody / values', () => {
  it('sends the version the values were read at', () => {
    expect(renameBody('LU800-0001', { name: 'A', comment: 'c' }, 7)).toEqual({ id: 'LU800-0001', name: 'A', comment: 'c', version: 7 });
  });

  it('reads and compares values', () => {
    const values = renameValuesOf({ name: 'A', comment: '' });
    expect(sameValues(values, { name: 'A', comment: '' })).toBe(true);
    expect(sameValues(values, { name: 'B', comment: '' })).toBe(false);
  });
});

describe('classifyRenameError', () => {
  it('puts the uniqueness message on the name', () => {
    const error = new ApiError({
      status: 409,
      code: 'NAME_IN_USE',
      message: VALIDATION.unitNameInUse,
      fields: [{ path: 'name', message: VALIDATION.unitNameInUse }],
    });
    expect(classifyRenameError(error)).toEqual({ kind: 'fields', errors: { name: VALIDATION.unitNameInUse } });
    const bare = new ApiError({ status: 409, code: 'NAME_IN_USE', message: 'Name already in use' });
    expect(classifyRenameError(bare)).toEqual({ kind: 'fields', errors: { name: VALIDATION.unitNameInUse } });
  });

  it("maps the core's 400 field errors (body.name, body.comment)", () => {
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid field',
      fields: [
        { path: 'body.name', message: VALIDATION.unitNameCharacters },
        { path: 'body.comment', message: VALIDATION.maxChars(100) },
      ],
    });
    expect(classifyRenameError(error)).toEqual({ kind: 'fields', errors: { name: VALIDATION.unitNameCharacters, comment: VALIDATION.maxChars(100) } });
  });

  it('recognises a conflict and anything else', () => {
    expect(classifyRenameError(new ApiError({ status: 409, code: 'CONFLICT', message: 'x' }))).toEqual({ kind: 'conflict' });
    expect(classifyRenameError(new ApiError({ status: 403, code: 'FORBIDDEN', message: 'x' }))).toEqual({ kind: 'other' });
    expect(classifyRenameError(new Error('boom'))).toEqual({ kind: 'other' });
  });
});

describe('the texts of the form (lib/forms useSpecText words them)', () => {
  it('knows them', () => {
    expect(matchValidationMessage(VALIDATION.unitNameCharacters)).toEqual({ key: 'unitNameCharacters', params: {} });
    expect(matchValidationMessage(VALIDATION.unitNameInUse)).toEqual({ key: 'unitNameInUse', params: {} });
    expect(matchValidationMessage(VALIDATION.maxChars(100))).toEqual({ key: 'maxChars', params: { n: '100' } });
    expect(matchValidationMessage('something else')).toBeNull();
  });
});
