import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import en from '../../i18n/en.json';
import zh from '../../i18n/zh.json';
import { matchValidationMessage } from './specText';

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
    for (const [key, text] of Object.entries(en.forms.validation)) {
      const entry: unknown = VALIDATION[key as keyof typeof VALIDATION];
      expect(entry, key).toBeDefined();
      const expected = typeof entry === 'string' ? entry : (entry as (...n: number[]) => string)(7, 9);
      expect(render(text, { n: '7', m: '9' }), key).toBe(expected);
    }
  });

  it('translates every text the forms can show into Chinese', () => {
    expect(Object.keys(zh.forms.validation).sort()).toEqual(Object.keys(en.forms.validation).sort());
    const shown = [
      'required',
      'number',
      'minValue',
      'maxValue',
      'maxChars',
      'betweenChars',
      'invalidIp',
      'invalidSubnet',
      'invalidEmail',
      'noSemicolon',
      'lastInterface',
      'cellularScanOneModem',
      'cellularAboveTotal',
      'busyUnitCapping',
      'priorityLimitOrder',
      'delayOnTheFly',
      'mustMatchPattern',
      'filenamePrefixUnique',
      'audioChannelsSdiOnly',
      'integer',
      'invalidField',
      'fieldUnique',
      'maxElements',
      'proxySameAsHighQuality',
      'storeAndForwardNoSdCard',
    ];
    expect(shown.filter((key) => !(key in en.forms.validation))).toEqual([]);
  });
});
