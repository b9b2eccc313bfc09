/**
 * Create a subscriber folder under a folder (POST v2/shares/inventories/{id}/folders) or rename /
 * move one (PUT v2/shares/folders/{id} with the version read), a form of the kit. The parent is any
 * folder of the inventory but the folder itself and those below it. The root folder never comes
 * here (§5).
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Modal } from '../../components/Overlays';
import { useTranslation } from 'react-i18next';
import type { SubscriberFolder } from '@fleet/contracts';
import { folderAndBelow } from '@fleet/domain';
import type { ApiError } from '../../api/ApiError';
import { FormPanel, op, type Field } from '../../kit';
import { useForm } from '../../lib/forms/useForm';
import { invalidateReads } from '../../realtime/systemEntities';
import { useToast } from '../../toast/useToast';
import { folderNameErrors, folderTree } from './shareForms';

interface FolderModalProps {
  readonly inventoryId: string;
  readonly folders: readonly SubscriberFolder[];
  /** The folder to rename or move; null: a new folder under `parentId`. */
  readonly folder: SubscriberFolder | null;
  readonly parentId: string;
  readonly onClose: () => void;
}

type FolderForm = Pick<SubscriberFolder, 'name' | 'parentId'>;

const CREATE = op('createSubscriberFolder', ({ inventoryId, values }: { inventoryId: string; values: FolderForm }) => ({
  params: { id: inventoryId },
  body: { name: values.name, parentId: values.parentId ?? '' },
}));
const UPDATE = op('updateSubscriberFolder', ({ folder, values }: { folder: SubscriberFolder; values: FolderForm }) => ({
  params: { id: folder.id },
  body: { name: values.name, parentId: values.parentId ?? '', version: folder.version },
}));

export default function FolderModal({ inventoryId, folders, folder, parentId, onClose }: FolderModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<FolderForm>({ name: folder?.name ?? '', parentId: folder?.parentId ?? parentId }, (v) => folderNameErrors(v.name));
  const save = useMutation<SubscriberFolder, ApiError, FolderForm>({
    mutationFn: (values) => (folder === null ? CREATE.run({ inventoryId, values }) : UPDATE.run({ folder, values })),
    onSuccess: (saved) => {
      invalidateReads(queryClient, ['listSubscriberFolders']);
      toast.show({ message: t(folder === null ? 'shares.toasts.folderCreated' : 'shares.toasts.folderUpdated', { name: saved.name }), variant: 'success' });
      onClose();
    },
    onError: (e) => form.failed(e),
  });
  const excluded = folder === null ? new Set<string>() : folderAndBelow(folders, folder.id);
  const parents = folderTree(folders)
    .filter((n) => !excluded.has(n.folder.id))
    .map((n) => ({ value: n.folder.id, label: `${'\u2003'.repeat(n.depth)}${n.folder.name}` }));
  const fields: readonly Field<FolderForm>[] = [
    { name: 'name', kind: 'text', label: 'shares.fields.name', required: true },
    { name: 'parentId', kind: 'select', label: 'shares.fields.parentFolder', testId: 'parent', options: () => parents },
  ];
  const onSave = () => {
    const values = form.submit();
    if (values) save.mutate(values);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={folder === null ? t('shares.folders.createTitle') : t('shares.folders.editTitle', { name: folder.name })}
      data-testid="folder-modal"
    >
      <FormPanel form={form} fields={fields} testId="folder" isNew={folder === null} onSave={onSave} onCancel={onClose} saving={save.isPending} />
    </Modal>
  );
}
