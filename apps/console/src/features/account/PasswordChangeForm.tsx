/**
 * Old password, new password, confirmation (spec 001 §5 rules, §8 "Old password does not match"),
 * inline in the spec's words; PUT users/current/password. Used by the account modal and by the
 * password change page.
 */
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PasswordChanged } from '@fleet/contracts';
import { endpointKey, useEndpointMutation } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { hasErrors, serverFieldErrors } from '../../lib/forms/fieldErrors';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useForm } from '../../lib/forms/useForm';
import { checkPasswordChange, EMPTY_PASSWORD_CHANGE } from './accountForms';
import type { PasswordChangeForm as Values } from './accountForms';

export function PasswordChangeForm({ onChanged, extraActions }: { onChanged: (result: PasswordChanged) => void; extraActions?: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useApiErrorMessage();
  const form = useForm<Values>(EMPTY_PASSWORD_CHANGE, checkPasswordChange);
  const error = useFieldError('password-change-error', form.errors);
  const mutation = useEndpointMutation('changeOwnPassword');
  const { submit, failed, reset } = form;
  const apply = () => {
    const values = submit();
    if (values === null) return;
    mutation.mutate(
      { body: values },
      {
        onSuccess: (result) => {
          // Back to empty fields (the form's source): a password is never kept in the form.
          reset();
          queryClient.setQueryData(endpointKey('getOwnPasswordExpiry'), result.passwordExpiry);
          onChanged(result);
        },
        onError: (e) => failed(e),
      },
    );
  };
  const failure = form.error === null || hasErrors(serverFieldErrors(form.error)) ? null : errorText(form.error);
  return (
    <Stack gap="xs" data-testid="password-change-form">
      <PasswordInput
        label={t('account.password.old')}
        autoComplete="current-password"
        value={form.values.oldPassword}
        onChange={(e) => form.set({ oldPassword: e.currentTarget.value })}
        error={error('oldPassword')}
        data-testid="password-change-old"
      />
      <PasswordInput
        label={t('account.password.new')}
        description={t('account.password.rule')}
        autoComplete="new-password"
        value={form.values.password}
        onChange={(e) => form.set({ password: e.currentTarget.value })}
        error={error('password')}
        data-testid="password-change-new"
      />
      <PasswordInput
        label={t('account.password.confirmation')}
        autoComplete="new-password"
        value={form.values.passwordConfirmation}
        onChange={(e) => form.set({ passwordConfirmation: e.currentTarget.value })}
        error={error('passwordConfirmation')}
        data-testid="password-change-confirmation"
      />
      {failure !== null && (
        <Alert color="red" data-testid="password-change-failure">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        {extraActions}
        <Button onClick={apply} loading={mutation.isPending} data-testid="password-change-submit">
          {t('account.password.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
