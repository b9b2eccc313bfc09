/**
 * The refusals a form cannot show on a field (lib/forms unshownErrors: errors of fields the form
 * does not render), at the form level: each named (`forms.fieldNames.<field>`, else the field's
 * name in words) with its spec text in the user's language. `lead` is a refusal of the whole form
 * shown above them (e.g. the core's message). Nothing when there is nothing to show.
 *
 * Test ids: `<testId>` on the alert, `<testId>.<field>` on each line.
 */
import type { ReactNode } from 'react';
import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasErrors, unshownErrors, type FieldErrors } from '../lib/forms/fieldErrors';
import { useSpecText } from '../lib/forms/specText';

/** `channelId` → "channel id", `inputs.0.port` → "inputs 1 port": a field with no name of its own, readable. */
export function fieldWords(path: string): string {
  return path
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()))
    .join(' ');
}

export interface UnshownErrorsProps {
  readonly errors: FieldErrors;
  /** The names of the fields the form renders. */
  readonly shown: readonly string[];
  readonly testId: string;
  readonly lead?: ReactNode;
}

export function UnshownErrors({ errors, shown, testId, lead }: UnshownErrorsProps) {
  const { t, i18n } = useTranslation();
  const spec = useSpecText();
  const hidden = unshownErrors(errors, shown);
  if (!hasErrors(hidden) && (lead === undefined || lead === null || lead === false)) return null;
  const name = (path: string) => {
    const key = `forms.fieldNames.${path}`;
    // The key is checked to exist first; the typed t() takes literal keys only.
    return i18n.exists(key) ? t(key as 'forms.fieldNames.channelId') : fieldWords(path);
  };
  return (
    <Alert color="red" data-testid={testId} role="alert">
      {lead}
      {hasErrors(hidden) && (
        <>
          <Text size="sm">{t('forms.unshown')}</Text>
          <List size="sm">
            {Object.entries(hidden).map(([path, message]) => (
              <List.Item key={path} data-testid={`${testId}.${path}`}>
                {name(path)}: {spec(message)}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}
