import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { validationKeyOf } from './validation';

/** Spec text → what the user reads: the translated text when we know it, else the text as it came. */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (message: string | undefined) => {
      if (message === undefined) return undefined;
      const known = validationKeyOf(message);
      if (!known) return message;
      if (known.key === 'maxChars') return t('dialogs.validation.maxChars', { n: known.n ?? '' });
      return t(`dialogs.validation.${known.key}`);
    },
    [t],
  );
}
