/**
 * The spec's validation texts the files area shows (contracts VALIDATION), mapped to this area's
 * translation keys so that Chinese users read them in Chinese; English keeps the exact spec words.
 * Pure: returns the key and its values, or null for a text this area does not know.
 */
import { VALIDATION } from '@fleet/contracts';

export type FixedTextKey =
  | 'files.validation.required'
  | 'files.validation.pattern'
  | 'files.validation.max255'
  | 'files.validation.uniqueOnHub'
  | 'files.validation.number'
  | 'files.validation.endAfterStart';
export type BoundTextKey = 'files.validation.minValue' | 'files.validation.maxValue';
export type SpecText = { key: FixedTextKey } | { key: BoundTextKey; n: string };

const FIXED: ReadonlyMap<string, FixedTextKey> = new Map<string, FixedTextKey>([
  [VALIDATION.required, 'files.validation.required'],
  [VALIDATION.mustMatchPattern, 'files.validation.pattern'],
  [VALIDATION.max255, 'files.validation.max255'],
  [VALIDATION.filenamePrefixUnique, 'files.validation.uniqueOnHub'],
  [VALIDATION.number, 'files.validation.number'],
  [VALIDATION.chunkEndAfterStart, 'files.validation.endAfterStart'],
]);

const MIN = /^Must be (-?\d+(?:\.\d+)?) or more$/;
const MAX = /^Must be (-?\d+(?:\.\d+)?) or less$/;

export function specTextKey(message: string): SpecText | null {
  const fixed = FIXED.get(message);
  if (fixed) return { key: fixed };
  const min = MIN.exec(message);
  if (min?.[1] !== undefined && VALIDATION.minValue(Number(min[1])) === message) return { key: 'files.validation.minValue', n: min[1] };
  const max = MAX.exec(message);
  if (max?.[1] !== undefined && VALIDATION.maxValue(Number(max[1])) === message) return { key: 'files.validation.maxValue', n: max[1] };
  return null;
}
