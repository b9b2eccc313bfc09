/** Small pieces the unit-action modals share: translated spec texts, roles, an inline error. */
import { useCallback } from 'react';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { validationKeyOf } from './rename';

/** Spec text → what the user reads: its translation when this area knows it, else the text as it came. */
export function useValidationText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (message: string | undefined) => {
      if (message === undefined) return undefined;
      const known = validationKeyOf(message);
      if (known === null) return message;
      if (known.key === 'maxChars') return t('unitActions.validation.maxChars', { n: known.n ?? 0 });
      return t(`unitActions.validation.${known.key}`);
    },
    [t],
  );
}

/** A failure shown inside a modal (the core's refusal with its catalogue text). */
export function ErrorNote({ message, testId, title }: { readonly message: string; readonly testId: string; readonly title?: string }) {
  return (
    <Alert color="red" data-testid={testId} role="alert" title={title}>
      {message}
    </Alert>
  );
}
