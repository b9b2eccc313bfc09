import { describe, expect, it } from 'vitest';
import { isStoreAndForwardExtension, splitFileName, validateChannelFileName, validateChunkRange } from './files.js';

describe('validateChannelFileName (spec 000 §5 filename symbol set)', () => {
  it.each([
    ['clip_01', null],
    ['a@b~c_d-e+f=g{h},i!j(k)', null],
    ['', 'This field is required'],
    ['  ', 'This field is required'],
    ['with space', 'Must match the pattern'],
    ['semi;colon', 'Must match the pattern'],
    ['dot.name', 'Must match the pattern'],
    ['é', 'Must match the pattern'],
    ['a'.repeat(255), null],
    ['a'.repeat(256), 'Must be no more than 255 characters'],
  ])('%j → %j', (name, message) => expect(validateChannelFileName(name)).toBe(message));
});

describe('validateChunkRange', () => {
  it.each([
    [0, 10, 100, null],
    [90, 100, 100, null],
    [-1, 10, 100, { field: 'startSec', message: 'Must be 0 or more' }],
    [10, 10, 100, { field: 'endSec', message: 'The end must be after the start' }],
    [20, 10, 100, { field: 'endSec', message: 'The end must be after the start' }],
    [10, 100.5, 100.5, null],
    [10, 101, 100, { field: 'endSec', message: 'Must be 100 or less' }],
    [10, 5000, null, null],
    [Number.NaN, 5, 100, { field: 'startSec', message: 'Must be a number' }],
    [0, Number.NaN, 100, { field: 'endSec', message: 'Must be a number' }],
  ])('%d..%d of %s → %j', (start, end, length, expected) => expect(validateChunkRange(start, end, length)).toEqual(expected));
});

describe('file names', () => {
  it('splits at the last dot and knows the store-and-forward extensions', () => {
    expect(splitFileName('a.b.mp4')).toEqual({ base: 'a.b', ext: 'mp4' });
    expect(splitFileName('noext')).toEqual({ base: 'noext', ext: '' });
    expect(splitFileName('.hidden')).toEqual({ base: '.hidden', ext: '' });
    expect(isStoreAndForwardExtension('MOV')).toBe(true);
    expect(isStoreAndForwardExtension('txt')).toBe(false);
  });
});
