/**
 * The user menu's account (spec 000 §2): the signed-in user's details — username and user type as
 * they are, first and last name and e-mail through PUT users/current (spec 001 §5 rules and "Email
 * used by another user" inline), phone and company through user/contact — and the password change.
 */
import { Button, Divider, Group, Loader, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { Modal } from '../../components/Overlays';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CurrentUser, UserContact } from '@fleet/contracts';
import { endpointKey, useEndpointQuery } from '../../api/hooks';
import { callEndpoint } from '../../api/client';
import { hasErrors, serverFieldErrors } from '../../lib/forms/fieldErrors';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useForm } from '../../lib/forms/useForm';
import { readCurrentUser } from '../../session/currentUser';
import { useToast } from '../../toast/useToast';
import { checkDetails, contactBody, detailsBody, detailsForm } from './accountForms';
import type { DetailsForm } from './accountForms';
import { PasswordChangeForm } from './PasswordChangeForm';
import { useState } from 'react';
import { ErrorAlert, LabelledValue } from '../../kit';
import { enumLabel } from '../../lib/tolerant';

export function AccountModal({ user, opened, onClose }: { user: CurrentUser; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const contact = useEndpointQuery('getUserContact', {}, { enabled: opened });
  return (
    <Modal opened={opened} onClose={onClose} title={t('userMenu.account')} size="lg" data-testid="account-modal">
      <Stack gap="md">
        <SimpleGrid cols={2}>
          <LabelledValue label={t('account.details.username')} testId="account-username">
            {user.username}
          </LabelledValue>
          <LabelledValue label={t('account.details.userType')} testId="account-user-type">
            {enumLabel(t, 'users.types', user.userType)}
          </LabelledValue>
        </SimpleGrid>
        {contact.isPending ? <Loader size="sm" /> : <DetailsSection user={user} contact={contact.data} />}
        <Divider />
        <Title order={5}>{t('account.password.title')}</Title>
        <PasswordChangeForm />
      </Stack>
    </Modal>
  );
}

function DetailsSection({ user, contact }: { user: CurrentUser; contact: UserContact | undefined }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<DetailsForm>(detailsForm(user, contact), checkDetails);
  const error = useFieldError('account-error', form.errors);
  const [busy, setBusy] = useState(false);
  const { submit, saved, failed } = form;
  const save = async () => {
    const values = submit();
    if (values === null) return;
    setBusy(true);
    try {
      // The names and e-mail first: the contact's answer carries them as saved.
      const updated = await callEndpoint('updateCurrentUser', { body: detailsBody(values) });
      queryClient.setQueryData(endpointKey('getCurrentUser'), readCurrentUser(updated));
      const savedContact = await callEndpoint('updateUserContact', { body: contactBody(values) });
      queryClient.setQueryData(endpointKey('getUserContact'), savedContact);
      saved();
      toast.show({ message: t('account.details.saved'), variant: 'success' });
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {(['firstName', 'lastName', 'email', 'phone', 'company'] as const).map((field) => (
          <TextInput
            key={field}
            label={t(`account.details.${field}`)}
            value={form.values[field]}
            onChange={(e) => form.set({ [field]: e.currentTarget.value })}
            error={error(field)}
            data-testid={`account-${field}`}
          />
        ))}
      </SimpleGrid>
      <ErrorAlert error={form.error != null && !hasErrors(serverFieldErrors(form.error)) && form.error} testId="account-failure" />
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={busy} disabled={!form.dirty} data-testid="account-save">
          {t('account.details.save')}
        </Button>
      </Group>
    </Stack>
  );
}
