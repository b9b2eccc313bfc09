/**
 * Said in a form when the record changed underneath the user's edits (kit/useEdits, lib/forms useForm):
 * that someone else saved it, which of the user's fields they changed too, and the two ways on:
 * reload theirs, or keep the user's values (saved over the new version).
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Edits } from './useEdits';

export function EditConflictNotice<V>({
  edits,
  label,
  testId = 'edit-conflict',
}: {
  /** useEdits' or a lib/forms form's: the conflict (the fields both sides changed) and the two ways on. */
  readonly edits: Pick<Edits<V>, 'reload' | 'keep'> & { readonly conflict: { readonly fields: readonly (keyof V & string)[] } | null };
  /** A field's label as the form shows it. */
  readonly label: (field: keyof V & string) => string;
  readonly testId?: string;
}) {
  const { t } = useTranslation();
  const { conflict } = edits;
  if (conflict === null) return null;
  return (
    <Alert color="yellow" title={t('common.editConflict.title')} data-testid={testId} data-fields={conflict.fields.join(',')}>
      <Text size="sm">
        {conflict.fields.length === 0
          ? t('common.editConflict.otherFields')
          : t('common.editConflict.sameFields', { fields: conflict.fields.map(label).join(', ') })}
      </Text>
      <Group gap="xs" mt="xs">
        <Button size="xs" variant="default" onClick={edits.reload} data-testid={`${testId}-reload`}>
          {t('common.editConflict.reload')}
        </Button>
        <Button size="xs" onClick={edits.keep} data-testid={`${testId}-keep`}>
          {t('common.editConflict.keep')}
        </Button>
      </Group>
    </Alert>
  );
}
