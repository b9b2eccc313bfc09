/**
 * Create a publisher (POST v2/shares/publishers: a group of the user's, name, description; the
 * core makes the share key) or edit one (PUT v2/shares/publishers/{id} with the version read).
 * The §5 rules show inline in the spec's words before anything is sent; the core's field errors
 * come back onto the fields, other refusals as a note.
 */
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Publisher } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { hasErrors, serverFieldErrors, type FieldErrors } from '../../lib/forms/fieldErrors';
import { useSpecText } from '../../lib/forms/specText';
import { useToast } from '../../toast/useToast';
import { ErrorNote } from '../dialogs/DialogParts';
import { publisherErrors, type PublisherFormValues } from './shareForms';

interface PublisherModalProps {
  /** The publisher to edit; null: a new one. */
  readonly publisher: Publisher | null;
  readonly groups: readonly { readonly id: string; readonly name: string }[];
  /** The group picked in the list's filter, offered first for a new publisher. */
  readonly defaultGroupId: string | null;
  readonly onClose: () => void;
}

export default function PublisherModal({ publisher, groups, defaultGroupId, onClose }: PublisherModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const errorText = useApiErrorMessage();
  const specText = useSpecText();
  const [values, setValues] = useState<PublisherFormValues>(() => ({
    groupId: publisher?.groupId ?? defaultGroupId ?? (groups.length === 1 ? (groups[0]?.id ?? null) : null),
    name: publisher?.name ?? '',
    description: publisher?.description ?? '',
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useEndpointMutation('createPublisher');
  const update = useEndpointMutation('updatePublisher');
  const failure = create.error ?? update.error;

  const change = (next: Partial<PublisherFormValues>) => {
    const merged = { ...values, ...next };
    setValues(merged);
    // Once a save was tried, the rules follow what is typed.
    if (hasErrors(errors)) setErrors(publisherErrors(merged));
  };
  const saved = (p: Publisher, key: 'created' | 'updated') => {
    void queryClient.invalidateQueries({ queryKey: endpointPrefix('listPublishers') });
    toast.show({ message: t(`shares.toasts.${key}`, { name: p.name }), variant: 'success' });
    onClose();
  };
  const onError = (e: unknown) => setErrors(serverFieldErrors(e));
  const onSave = () => {
    const found = publisherErrors(values);
    setErrors(found);
    if (hasErrors(found) || values.groupId === null) return;
    if (publisher === null) {
      create.mutate({ body: { groupId: values.groupId, name: values.name, description: values.description } }, { onSuccess: (p) => saved(p, 'created'), onError });
    } else {
      update.mutate({ params: { id: publisher.id }, body: { name: values.name, description: values.description, version: publisher.version } }, { onSuccess: (p) => saved(p, 'updated'), onError });
    }
  };
  const fieldError = (field: string) => {
    const message = errors[field];
    return message === undefined ? undefined : <span data-testid={`publisher-error.${field}`}>{specText(message)}</span>;
  };

  return (
    <Modal opened onClose={onClose} title={publisher === null ? t('shares.publishers.createTitle') : t('shares.publishers.editTitle', { name: publisher.name })} data-testid="publisher-modal">
      <Stack gap="sm">
        <Select
          label={t('shares.fields.group')}
          data={groups.map((g) => ({ value: g.id, label: g.name }))}
          value={values.groupId}
          onChange={(groupId) => change({ groupId })}
          disabled={publisher !== null}
          withAsterisk
          searchable
          error={fieldError('groupId')}
          comboboxProps={{ withinPortal: true }}
          data-testid="publisher-group"
        />
        <TextInput
          label={t('shares.fields.name')}
          description={t('shares.fields.nameHint')}
          withAsterisk
          data-autofocus
          value={values.name}
          onChange={(e) => change({ name: e.currentTarget.value })}
          error={fieldError('name')}
          data-testid="publisher-name"
        />
        <TextInput
          label={t('shares.fields.description')}
          description={t('shares.fields.descriptionHint')}
          value={values.description}
          onChange={(e) => change({ description: e.currentTarget.value })}
          error={fieldError('description')}
          data-testid="publisher-description"
        />
        {failure && Object.keys(serverFieldErrors(failure)).length === 0 && <ErrorNote testId="publisher-save-error" message={errorText(failure)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="publisher-cancel">
            {t('shares.actions.cancel')}
          </Button>
          <Button onClick={onSave} loading={create.isPending || update.isPending} data-testid="publisher-save">
            {t('shares.actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
