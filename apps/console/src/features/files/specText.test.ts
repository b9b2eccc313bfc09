import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import en from '../../i18n/en.json';
import { matchValidationMessage } from '../../lib/forms/specText';

/** The English text of a forms.validation key, with its values filled in. */
function english(key: string, values: Readonly<Record<string, string>>): string {
  const text = (en.forms.validation as Record<string, string>)[key];
  return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** The spec texts the files area shows, worded by lib/forms useSpecText (useFilesText's `spec`). */
describe('the files area’s spec texts', () => {
  it.each([
    VALIDATION.required,
    VALIDATION.mustMatchPattern,
    VALIDATION.max255,
    VALIDATION.filenamePrefixUnique,
    VALIDATION.number,
    VALIDATION.chunkEndAfterStart,
    VALIDATION.minValue(0),
    VALIDATION.maxValue(100),
    VALIDATION.maxValue(86400),
  ])('maps %j to a key whose English text is the spec text itself', (message) => {
    const found = matchValidationMessage(message);
    expect(found).not.toBeNull();
    expect(english(found!.key, found!.params)).toBe(message);
  });
  it('knows no other text', () => {
    expect(matchValidationMessage('Must be x or more')).toBeNull();
  });
});
