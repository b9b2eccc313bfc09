/**
 * Create a subscriber in a folder (POST v2/shares/inventories/{id}/subscribers) or edit one (PUT
 * v2/shares/subscribers/{id} with the version read): name (§5 1-32), the share key of the
 * publisher it receives from (an unknown key comes back as "Invalid field" on the field), and its
 * folder (changing it moves the subscriber).
 */
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Subscriber, SubscriberFolder } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { serverFieldErrors } from '../../lib/forms/fieldErrors';
import { useToast } from '../../toast/useToast';
import { ErrorNote } from '../dialogs/DialogParts';
import { folderTree, subscriberErrors, type SubscriberFormValues } from './shareForms';
import { useShareForm } from './useShareForm';

interface SubscriberModalProps {
  readonly inventoryId: string;
  readonly folders: readonly SubscriberFolder[];
  /** The subscriber to edit; null: a new one in `folderId`. */
  readonly subscriber: Subscriber | null;
  readonly folderId: string;
  readonly onClose: () => void;
}

export default function SubscriberModal({ inventoryId, folders, subscriber, folderId, onClose }: SubscriberModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const errorText = useApiErrorMessage();
  const { values, change, valid, failed, fieldError } = useShareForm<SubscriberFormValues>(
    () => ({ name: subscriber?.name ?? '', shareKey: subscriber?.shareKey ?? '', folderId: subscriber?.folderId ?? folderId }),
    subscriberErrors,
    'subscriber',
  );
  const create = useEndpointMutation('createSubscriber');
  const update = useEndpointMutation('updateSubscriber');
  const failure = create.error ?? update.error;

  const done = (saved: Subscriber, key: 'subscriberCreated' | 'subscriberUpdated') => {
    void queryClient.invalidateQueries({ queryKey: endpointPrefix('listSubscribers') });
    void queryClient.invalidateQueries({ queryKey: endpointPrefix('listSubscriberFolders') });
    toast.show({ message: t(`shares.toasts.${key}`, { name: saved.name }), variant: 'success' });
    onClose();
  };
  const onError = (e: unknown) => failed(e);
  const onSave = () => {
    if (!valid()) return;
    const body = { name: values.name, shareKey: values.shareKey.trim(), ...(values.folderId ? { folderId: values.folderId } : {}) };
    if (subscriber === null) create.mutate({ params: { id: inventoryId }, body }, { onSuccess: (s) => done(s, 'subscriberCreated'), onError });
    else update.mutate({ params: { id: subscriber.id }, body: { ...body, version: subscriber.version } }, { onSuccess: (s) => done(s, 'subscriberUpdated'), onError });
  };

  return (
    <Modal opened onClose={onClose} title={subscriber === null ? t('shares.subscribers.createTitle') : t('shares.subscribers.editTitle', { name: subscriber.name })} data-testid="subscriber-modal">
      <Stack gap="sm">
        <TextInput
          label={t('shares.fields.name')}
          description={t('shares.fields.nameHint')}
          withAsterisk
          data-autofocus
          value={values.name}
          onChange={(e) => change({ name: e.currentTarget.value })}
          error={fieldError('name')}
          data-testid="subscriber-name"
        />
        <TextInput
          label={t('shares.fields.shareKey')}
          description={t('shares.fields.shareKeyHint')}
          withAsterisk
          value={values.shareKey}
          onChange={(e) => change({ shareKey: e.currentTarget.value })}
          error={fieldError('shareKey')}
          data-testid="subscriber-share-key"
        />
        <Select
          label={t('shares.fields.folder')}
          data={folderTree(folders).map((n) => ({ value: n.folder.id, label: `${'\u2003'.repeat(n.depth)}${n.folder.name}` }))}
          value={values.folderId}
          onChange={(v) => v !== null && change({ folderId: v })}
          allowDeselect={false}
          error={fieldError('folderId')}
          comboboxProps={{ withinPortal: true }}
          data-testid="subscriber-folder"
        />
        {failure && Object.keys(serverFieldErrors(failure)).length === 0 && <ErrorNote testId="subscriber-save-error" message={errorText(failure)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="subscriber-cancel">
            {t('shares.actions.cancel')}
          </Button>
          <Button onClick={onSave} loading={create.isPending || update.isPending} data-testid="subscriber-save">
            {t('shares.actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
