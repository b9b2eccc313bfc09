import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ErrorCode } from '@fleet/contracts';
import { CLIENT_ERROR_CODES, isApiError } from './ApiError';

/**
 * The text to show for a failed call. The core words its messages from the spec in English, so in
 * English the envelope's message is shown as it came (it may carry details, e.g. a number). In
 * another language the code's translation (`apiErrors.<code>`) is shown when there is one, else the
 * envelope's message. Client-side failures (network, bad answer) always use their translation.
 */
export function apiErrorMessage(t: TFunction, exists: (key: string) => boolean, language: string, error: unknown): string {
  if (isApiError(error)) {
    const key = `apiErrors.${error.code}`;
    const clientSide = (Object.values(CLIENT_ERROR_CODES) as string[]).includes(error.code);
    if ((clientSide || language !== 'en' || error.message === '') && exists(key)) return t(key as 'apiErrors.GENERIC');
    if (error.message !== '') return error.message;
  }
  return t('apiErrors.GENERIC');
}

export function useApiErrorMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback((error: unknown) => apiErrorMessage(t, (key) => i18n.exists(key), i18n.language, error), [t, i18n]);
}

/** The spec's text of an error code in the user's language. */
export function errorCodeText(t: TFunction, code: ErrorCode): string {
  // Every catalogue code has an apiErrors key (i18n.test.ts checks it); a union of every key is too wide for the typed t(), and any apiErrors key has the same shape.
  return t(`apiErrors.${code}` as 'apiErrors.GENERIC');
}
