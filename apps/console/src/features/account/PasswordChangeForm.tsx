/**
 * Old password, new password, confirmation (spec 001 §5 rules, §8 "Old password does not match"),
 * inline in the spec's words; PUT users/current/password. Used by the account modal and by the
 * password change page.
 */
import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PasswordChanged } from '@fleet/contracts';
import { endpointKey } from '../../api/hooks';
import { hasErrors, serverFieldErrors } from '../../lib/forms/fieldErrors';
import { useForm } from '../../lib/forms/useForm';
import { ErrorAlert, ResourceForm, useToastMutation, type Field } from '../../kit';
import { checkPasswordChange, EMPTY_PASSWORD_CHANGE } from './accountForms';
import type { PasswordChangeForm as Values } from './accountForms';

const FIELDS: readonly Field<Values>[] = [
  { kind: 'password', name: 'oldPassword', label: 'account.password.old', testId: 'old', autoComplete: 'current-password' },
  { kind: 'password', name: 'password', label: 'account.password.new', description: 'account.password.rule', testId: 'new' },
  { kind: 'password', name: 'passwordConfirmation', label: 'account.password.confirmation', testId: 'confirmation' },
];

/** A change shows its toast; `onChanged` follows it. */
export function PasswordChangeForm({ onChanged, extraActions }: { onChanged?: (result: PasswordChanged) => void; extraActions?: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<Values>(EMPTY_PASSWORD_CHANGE, checkPasswordChange);
  const { submit, failed, reset } = form;
  const mutation = useToastMutation('changeOwnPassword', {
    success: () => t('account.password.changed'),
    onSuccess: (result) => {
      // Back to empty fields (the form's source): a password is never kept in the form.
      reset();
      queryClient.setQueryData(endpointKey('getOwnPasswordExpiry'), result.passwordExpiry);
      onChanged?.(result);
    },
    onError: (e) => failed(e),
  });
  const apply = () => {
    const values = submit();
    if (values !== null) mutation.mutate({ body: values });
  };
  return (
    <Stack gap="xs" data-testid="password-change-form">
      <ResourceForm fields={FIELDS} form={form} testId="password-change" isNew />
      <ErrorAlert error={form.error != null && !hasErrors(serverFieldErrors(form.error)) && form.error} testId="password-change-failure" />
      <Group justify="flex-end">
        {extraActions}
        <Button onClick={apply} loading={mutation.isPending} data-testid="password-change-submit">
          {t('account.password.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
