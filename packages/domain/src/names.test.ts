import { describe, expect, it } from 'vitest';
import { VALIDATION, type FieldProblem } from '@fleet/contracts';
import {
  FILENAME_PREFIX_PATTERN,
  METADATA_FORBIDDEN_PATTERN,
  UNIT_NAME_PATTERN,
  validateCameraLabel,
  validateComment,
  validateEntityName,
  validateFilenamePrefix,
  validateMetadataValue,
  validateSendLogsDescription,
  validateStoryField,
  validateStoryFields,
  validateUnitName,
  type StoryTextField,
  type StoryTextFields,
} from './names.js';

describe('validateUnitName / validateEntityName (spec 000 §5, 001 §5)', () => {
  it.each<[string | null | undefined, string | null]>([
    ['LU800_Field-01', null],
    ['a', null],
    ['___', null],
    ['2024', null],
    ['a'.repeat(255), null],
    ['a'.repeat(256), VALIDATION.max255],
    ['', VALIDATION.required],
    ['   ', VALIDATION.unitNameCharacters],
    [null, VALIDATION.required],
    [undefined, VALIDATION.required],
    ['my unit', VALIDATION.unitNameCharacters],
    ['unit.1', VALIDATION.unitNameCharacters],
    ['unit@home', VALIDATION.unitNameCharacters],
    ['unit;', VALIDATION.unitNameCharacters],
    ['café', VALIDATION.unitNameCharacters],
    ['单位', VALIDATION.unitNameCharacters],
    [' leading', VALIDATION.unitNameCharacters],
  ])('%j → %s', (name, expected) => {
    expect(validateUnitName(name)).toBe(expected);
    expect(validateEntityName(name)).toBe(expected);
  });
});

describe('validateFilenamePrefix (spec 000 §5)', () => {
  it.each<[string | null | undefined, string | null]>([
    ['', null],
    [null, null],
    [undefined, null],
    ['News_01', null],
    ['@~_-+={},!()', null],
    ['a'.repeat(32), null],
    ['a'.repeat(33), VALIDATION.maxChars(32)],
    ['with space', VALIDATION.mustMatchPattern],
    ['semi;colon', VALIDATION.mustMatchPattern],
    ['dot.name', VALIDATION.mustMatchPattern],
    ['slash/name', VALIDATION.mustMatchPattern],
    ['[brackets]', VALIDATION.mustMatchPattern],
    ['é', VALIDATION.mustMatchPattern],
  ])('%j → %s', (prefix, expected) => {
    expect(validateFilenamePrefix(prefix)).toBe(expected);
  });
});

describe('validateComment (≤ 100) and validateCameraLabel (≤ 12)', () => {
  it.each<[string | null | undefined, string | null]>([
    [null, null],
    [undefined, null],
    ['', null],
    ['x'.repeat(100), null],
    ['x'.repeat(101), VALIDATION.maxChars(100)],
    ['好'.repeat(100), null],
    ['😀'.repeat(100), null],
    ['😀'.repeat(101), VALIDATION.maxChars(100)],
  ])('comment %j → %s', (comment, expected) => {
    expect(validateComment(comment)).toBe(expected);
  });

  it.each<[string | null | undefined, string | null]>([
    [null, null],
    ['', null],
    ['Cam 1', null],
    ['x'.repeat(12), null],
    ['x'.repeat(13), VALIDATION.maxChars(12)],
  ])('camera label %j → %s', (label, expected) => {
    expect(validateCameraLabel(label)).toBe(expected);
  });
});

describe('validateStoryField / validateStoryFields (spec 000 §5)', () => {
  it.each<[StoryTextField, string | null | undefined, string | null]>([
    ['slugline', 'Flood', null],
    ['slugline', '', VALIDATION.sluglineMissing],
    ['slugline', '  ', VALIDATION.sluglineMissing],
    ['slugline', null, VALIDATION.sluglineMissing],
    ['slugline', undefined, VALIDATION.sluglineMissing],
    ['slugline', 'x'.repeat(1024), null],
    ['slugline', 'x'.repeat(1025), VALIDATION.maxChars(1024)],
    ['reporter', undefined, null],
    ['reporter', '', null],
    ['keywords', 'x'.repeat(1024), null],
    ['comments', 'x'.repeat(1025), VALIDATION.maxChars(1024)],
  ])('%s %j → %s', (field, value, expected) => {
    expect(validateStoryField(field, value)).toBe(expected);
  });

  it.each<[string, StoryTextFields, FieldProblem[]]>([
    ['valid story', { slugline: 'Flood', reporter: 'Ann', keywords: 'rain' }, []],
    ['missing slugline', { reporter: 'Ann' }, [{ path: 'slugline', message: VALIDATION.sluglineMissing }]],
    [
      'several errors in field order',
      { comments: 'x'.repeat(1025), crewName: 'y'.repeat(2000) },
      [
        { path: 'slugline', message: VALIDATION.sluglineMissing },
        { path: 'crewName', message: VALIDATION.maxChars(1024) },
        { path: 'comments', message: VALIDATION.maxChars(1024) },
      ],
    ],
  ])('%s', (_label, story, expected) => {
    expect(validateStoryFields(story)).toEqual(expected);
  });
});

describe('validateMetadataValue (spec 000 §5)', () => {
  it.each<[string | null | undefined, string | null]>([
    ['plain text', null],
    ['', null],
    [null, null],
    [undefined, null],
    ['a;b', VALIDATION.noSemicolon],
    [';', VALIDATION.noSemicolon],
    ['colon: fine, comma, fine', null],
  ])('%j → %s', (value, expected) => {
    expect(validateMetadataValue(value)).toBe(expected);
  });
});

describe('validateSendLogsDescription (spec 000 §5)', () => {
  it.each<[string | null | undefined, string | null]>([
    ['Camera drops', null],
    ['', VALIDATION.required],
    ['   ', VALIDATION.required],
    [null, VALIDATION.required],
    [undefined, VALIDATION.required],
  ])('%j → %s', (value, expected) => {
    expect(validateSendLogsDescription(value)).toBe(expected);
  });
});

describe('exported patterns', () => {
  it.each<[RegExp, string, boolean]>([
    [UNIT_NAME_PATTERN, 'abc_-1', true],
    [UNIT_NAME_PATTERN, '', false],
    [FILENAME_PREFIX_PATTERN, '', true],
    [FILENAME_PREFIX_PATTERN, 'a{b}', true],
    [METADATA_FORBIDDEN_PATTERN, 'x;y', true],
    [METADATA_FORBIDDEN_PATTERN, 'xy', false],
  ])('%s on %j → %s', (pattern, value, expected) => {
    expect(pattern.test(value)).toBe(expected);
  });
});
