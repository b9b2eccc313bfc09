/**
 * The spec's validation texts (contracts VALIDATION, as the core and packages/domain word them)
 * shown in the user's language: a known text maps to its key in this area, anything else is shown
 * as it came (the core words its messages in English).
 */
import type { TFunction } from 'i18next';
import { VALIDATION } from '@fleet/contracts';
import type { ErrorCode } from '@fleet/contracts';
import type { ApiErrorField } from '../../api/ApiError';

export function validationText(t: TFunction, message: string): string {
  switch (message) {
    case VALIDATION.required:
      return t('unitDetail.validation.required');
    case VALIDATION.invalidField:
      return t('unitDetail.validation.invalidField');
    case VALIDATION.maxElements:
      return t('unitDetail.validation.maxElements');
    case VALIDATION.proxySameAsHighQuality:
      return t('unitDetail.validation.proxySameAsHighQuality');
    case VALIDATION.number:
      return t('unitDetail.validation.number');
    case VALIDATION.integer:
      return t('unitDetail.validation.integer');
    case VALIDATION.fieldUnique:
      return t('unitDetail.validation.fieldUnique');
    case VALIDATION.storeAndForwardNoSdCard:
      return t('unitDetail.camera.modeBlockers.noSdCard');
    default:
      return numbered(t, message);
  }
}

/** The parameterised texts (VALIDATION.maxChars, minValue, maxValue) with their number. */
const NUMBERED = [
  { key: 'maxChars', make: VALIDATION.maxChars },
  { key: 'minValue', make: VALIDATION.minValue },
  { key: 'maxValue', make: VALIDATION.maxValue },
] as const;

function numbered(t: TFunction, message: string): string {
  const n = Number(/\d+/.exec(message)?.[0]);
  if (!Number.isFinite(n)) return message;
  const hit = NUMBERED.find(({ make }) => make(n) === message);
  return hit === undefined ? message : t(`unitDetail.validation.${hit.key}`, { n });
}

/** The field problems of a failed call keyed by their last path segment (`body.channelId` → `channelId`). */
export function fieldProblems(fields: readonly ApiErrorField[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const key = field.path.replace(/^body\.?/, '') || 'body';
    if (!(key in out)) out[key] = field.message;
  }
  return out;
}

/** The spec's text of an error code in the user's language. */
export function errorCodeText(t: TFunction, code: ErrorCode): string {
  // Every catalogue code has an apiErrors key (i18n.test.ts checks it); the typed t() cannot follow a computed key, so it is named as one of them.
  return t(`apiErrors.${code}` as 'apiErrors.GENERIC');
}
