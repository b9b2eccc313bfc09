/** Delete a software version after a confirmation (DELETE v2/softwareVersions/{id}); a refusal (an upgrade targets it) shows in the dialog. */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SoftwareVersion } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation } from '../../api/hooks';
import { useToast } from '../../toast/useToast';
import { ConfirmDeleteModal } from '../audio-rooms/ConfirmDeleteModal';

export default function DeleteSoftwareVersionModal({ version, onClose }: { readonly version: SoftwareVersion; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const remove = useEndpointMutation('deleteSoftwareVersion');

  const onConfirm = () =>
    remove.mutate(
      { params: { id: version.id } },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: endpointPrefix('listSoftwareVersions') });
          toast.show({ message: t('softwareVersions.toasts.deleted', { number: version.number }), variant: 'success' });
          onClose();
        },
      },
    );

  return (
    <ConfirmDeleteModal
      title={t('softwareVersions.delete.title')}
      question={t('softwareVersions.delete.question', { number: version.number })}
      cancelLabel={t('softwareVersions.actions.cancel')}
      deleteLabel={t('softwareVersions.actions.delete')}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={onConfirm}
      onClose={onClose}
      testIdPrefix="sw-version-delete"
    />
  );
}
