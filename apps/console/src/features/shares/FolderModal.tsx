/**
 * Create a subscriber folder under a folder (POST v2/shares/inventories/{id}/folders) or rename /
 * move one (PUT v2/shares/folders/{id} with the version read). The parent is any folder of the
 * inventory but the folder itself and those below it. The root folder never comes here (§5).
 */
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SubscriberFolder } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { serverFieldErrors } from '../../lib/forms/fieldErrors';
import { useToast } from '../../toast/useToast';
import { ErrorNote } from '../dialogs/DialogParts';
import { folderAndBelow } from '@fleet/domain';
import { folderNameErrors, folderTree } from './shareForms';
import { useShareForm } from './useShareForm';

interface FolderModalProps {
  readonly inventoryId: string;
  readonly folders: readonly SubscriberFolder[];
  /** The folder to rename or move; null: a new folder under `parentId`. */
  readonly folder: SubscriberFolder | null;
  readonly parentId: string;
  readonly onClose: () => void;
}

export default function FolderModal({ inventoryId, folders, folder, parentId, onClose }: FolderModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const errorText = useApiErrorMessage();
  const { values, change, valid, failed, fieldError } = useShareForm(() => ({ name: folder?.name ?? '', parent: folder?.parentId ?? parentId }), (v) => folderNameErrors(v.name), 'folder');
  const { name, parent } = values;
  const create = useEndpointMutation('createSubscriberFolder');
  const update = useEndpointMutation('updateSubscriberFolder');
  const failure = create.error ?? update.error;
  const excluded = folder === null ? new Set<string>() : folderAndBelow(folders, folder.id);
  const parents = folderTree(folders)
    .filter((n) => !excluded.has(n.folder.id))
    .map((n) => ({ value: n.folder.id, label: `${'\u2003'.repeat(n.depth)}${n.folder.name}` }));

  const done = (saved: SubscriberFolder, key: 'folderCreated' | 'folderUpdated') => {
    void queryClient.invalidateQueries({ queryKey: endpointPrefix('listSubscriberFolders') });
    toast.show({ message: t(`shares.toasts.${key}`, { name: saved.name }), variant: 'success' });
    onClose();
  };
  const onError = (e: unknown) => failed(e);
  const onSave = () => {
    if (!valid()) return;
    if (folder === null) create.mutate({ params: { id: inventoryId }, body: { name, parentId: parent } }, { onSuccess: (f) => done(f, 'folderCreated'), onError });
    else update.mutate({ params: { id: folder.id }, body: { name, parentId: parent, version: folder.version } }, { onSuccess: (f) => done(f, 'folderUpdated'), onError });
  };

  return (
    <Modal opened onClose={onClose} title={folder === null ? t('shares.folders.createTitle') : t('shares.folders.editTitle', { name: folder.name })} data-testid="folder-modal">
      <Stack gap="sm">
        <TextInput
          label={t('shares.fields.name')}
          withAsterisk
          data-autofocus
          value={name}
          onChange={(e) => change({ name: e.currentTarget.value })}
          error={fieldError('name')}
          data-testid="folder-name"
        />
        <Select
          label={t('shares.fields.parentFolder')}
          data={parents}
          value={parent}
          onChange={(v) => v !== null && change({ parent: v })}
          allowDeselect={false}
          error={fieldError('parentId')}
          comboboxProps={{ withinPortal: true }}
          data-testid="folder-parent"
        />
        {failure && Object.keys(serverFieldErrors(failure)).length === 0 && <ErrorNote testId="folder-save-error" message={errorText(failure)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="folder-cancel">
            {t('shares.actions.cancel')}
          </Button>
          <Button onClick={onSave} loading={create.isPending || update.isPending} data-testid="folder-save">
            {t('shares.actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
