import { describe, expect, it } from 'vitest';
import { DelayUpdateBody, IpPipeUpdateBody, VALIDATION } from '@fleet/contracts';
import { ApiError } from '../../api/ApiError';
import en from '../../i18n/areas/unitConfig.en.json';
import zh from '../../i18n/areas/unitConfig.zh.json';
import { checkSchema, FORM_ERROR, matchValidationMessage, mergeErrors, parseNumber, problemsToErrors, serverFieldErrors } from './validation';

describe('matchValidationMessage', () => {
  it('recognises plain spec texts', () => {
    expect(matchValidationMessage(VALIDATION.cellularAboveTotal)).toEqual({ key: 'cellularAboveTotal', params: {} });
    expect(matchValidationMessage(VALIDATION.noSemicolon)).toEqual({ key: 'noSemicolon', params: {} });
  });

  it('recognises parameterised texts with their numbers', () => {
    expect(matchValidationMessage(VALIDATION.minValue(1000))).toEqual({ key: 'minValue', params: { n: '1000' } });
    expect(matchValidationMessage(VALIDATION.maxChars(12))).toEqual({ key: 'maxChars', params: { n: '12' } });
    expect(matchValidationMessage(VALIDATION.betweenChars(8, 63))).toEqual({ key: 'betweenChars', params: { n: '8', m: '63' } });
    expect(matchValidationMessage(VALIDATION.maxValue(-20))).toEqual({ key: 'maxValue', params: { n: '-20' } });
  });

  it('leaves other texts alone', () => {
    expect(matchValidationMessage('Scan failed, please try again')).toBeNull();
  });
});

describe('translations of the spec texts', () => {
  const render = (text: string, params: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');

  it('words every English text exactly as contracts VALIDATION', () => {
    for (const [key, text] of Object.entries(en.validation)) {
      const entry: unknown = VALIDATION[key as keyof typeof VALIDATION];
      expect(entry, key).toBeDefined();
      const expected = typeof entry === 'string' ? entry : (entry as (...n: number[]) => string)(7, 9);
      expect(render(text, { n: '7', m: '9' }), key).toBe(expected);
    }
  });

  it('translates every text the forms can show into Chinese', () => {
    expect(Object.keys(zh.validation).sort()).toEqual(Object.keys(en.validation).sort());
    const shown = ['required', 'number', 'minValue', 'maxValue', 'maxChars', 'betweenChars', 'invalidIp', 'invalidSubnet', 'invalidEmail', 'noSemicolon',
      'lastInterface', 'cellularScanOneModem', 'cellularAboveTotal', 'busyUnitCapping', 'priorityLimitOrder', 'delayOnTheFly', 'mustMatchPattern',
      'filenamePrefixUnique', 'audioChannelsSdiOnly', 'integer', 'invalidField', 'fieldUnique', 'maxElements'];
    expect(shown.filter((key) => !(key in en.validation))).toEqual([]);
  });
});

describe('form errors', () => {
  it('keeps the first message per field and puts root problems at the form', () => {
    expect(problemsToErrors([
      { path: 'a', message: 'one' },
      { path: 'a', message: 'two' },
      { path: '', message: VALIDATION.busyUnitCapping },
    ])).toEqual({ a: 'one', [FORM_ERROR]: VALIDATION.busyUnitCapping });
    expect(mergeErrors({ a: 'first' }, { a: 'second', b: 'b' })).toEqual({ a: 'first', b: 'b' });
  });

  it('checks a body with the catalogue schema in the spec wording', () => {
    expect(checkSchema(DelayUpdateBody, { delayMs: 100, mode: 'normal' })).toEqual({ delayMs: VALIDATION.minValue(400) });
    expect(checkSchema(DelayUpdateBody, { delayMs: undefined, mode: 'normal' })).toEqual({ delayMs: VALIDATION.required });
    expect(checkSchema(DelayUpdateBody, { delayMs: Number.NaN, mode: 'normal' })).toEqual({ delayMs: VALIDATION.number });
    expect(checkSchema(IpPipeUpdateBody, { enabled: true, serverId: null })).toEqual({ serverId: VALIDATION.required });
  });

  it("maps the server's field errors onto the form", () => {
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid field',
      fields: [
        { path: 'body.delayMs', message: VALIDATION.delayOnTheFly },
        { path: 'body', message: VALIDATION.busyUnitCapping },
      ],
    });
    expect(serverFieldErrors(error)).toEqual({ delayMs: VALIDATION.delayOnTheFly, [FORM_ERROR]: VALIDATION.busyUnitCapping });
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });

  it('reads numbers from text inputs', () => {
    expect(parseNumber('')).toBeUndefined();
    expect(parseNumber(' 1500 ')).toBe(1500);
    expect(parseNumber('2.5')).toBe(2.5);
    expect(parseNumber('12a')).toBeNaN();
  });
});
