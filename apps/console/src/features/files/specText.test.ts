import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import en from '../../i18n/areas/files.en.json';
import { specTextKey } from './specText';

/** The English text of a key, with its values filled in. */
function english(key: string, values: Record<string, string>): string {
  const path = key.split('.').slice(1);
  let node: unknown = en;
  for (const part of path) node = (node as Record<string, unknown>)[part];
  return String(node).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

describe('specTextKey', () => {
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
    const found = specTextKey(message);
    expect(found).not.toBeNull();
    expect(english(found!.key, found && 'n' in found ? { n: found.n } : {})).toBe(message);
  });
  it('knows nothing else', () => {
    expect(specTextKey('Invalid IP field')).toBeNull();
    expect(specTextKey('Must be x or more')).toBeNull();
  });
});
