import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { LIMITS, VALIDATION } from '@fleet/contracts';
import en from '../../i18n/areas/unitDetail.en.json';
import { fieldProblems, validationText } from './validationText';

/** A t() over the English area file, enough to check the wording. */
const t = ((key: string, options?: Record<string, unknown>) => {
  const value = key
    .replace(/^unitDetail\./, '')
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
  return String(value).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name]));
}) as unknown as TFunction;

describe('validation texts', () => {
  it('words the English texts exactly as the spec', () => {
    expect(validationText(t, VALIDATION.required)).toBe(VALIDATION.required);
    expect(validationText(t, VALIDATION.maxElements)).toBe(VALIDATION.maxElements);
    expect(validationText(t, VALIDATION.proxySameAsHighQuality)).toBe(VALIDATION.proxySameAsHighQuality);
    expect(validationText(t, VALIDATION.maxChars(LIMITS.cameraLabelMax))).toBe(VALIDATION.maxChars(LIMITS.cameraLabelMax));
    expect(validationText(t, VALIDATION.storeAndForwardNoSdCard)).toBe(VALIDATION.storeAndForwardNoSdCard);
    expect(validationText(t, VALIDATION.minValue(1))).toBe(VALIDATION.minValue(1));
    expect(validationText(t, VALIDATION.maxValue(LIMITS.multiCameraMaxCameras))).toBe(VALIDATION.maxValue(LIMITS.multiCameraMaxCameras));
    expect(validationText(t, VALIDATION.number)).toBe(VALIDATION.number);
    expect(validationText(t, VALIDATION.integer)).toBe(VALIDATION.integer);
    expect(validationText(t, VALIDATION.fieldUnique)).toBe(VALIDATION.fieldUnique);
    expect(validationText(t, 'Something else')).toBe('Something else');
  });

  it('keys field problems by their field', () => {
    expect(fieldProblems([{ path: 'body.channelId', message: 'Invalid field' }, { path: 'body', message: 'x' }])).toEqual({ channelId: 'Invalid field', body: 'x' });
  });
});
