/** Delete a composition by its Singular app (DELETE inventory/{id}/app/{appId}) after a confirmation. */
import { useTranslation } from 'react-i18next';
import type { GraphicsComposition } from '@fleet/contracts';
import { useEndpointMutation } from '../../api/hooks';
import { useToast } from '../../toast/useToast';
import { ConfirmDeleteModal } from '../audio-rooms/ConfirmDeleteModal';

interface DeleteCompositionModalProps {
  readonly composition: GraphicsComposition;
  readonly onDeleted: () => void;
  readonly onClose: () => void;
}

export default function DeleteCompositionModal({ composition, onDeleted, onClose }: DeleteCompositionModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useEndpointMutation('deleteGraphicsApp');
  const onConfirm = () =>
    remove.mutate(
      { params: { id: composition.inventoryId, appId: composition.appId ?? '' } },
      {
        onSuccess: () => {
          toast.show({ message: t('graphics.toasts.deleted', { name: composition.name }), variant: 'success' });
          onDeleted();
          onClose();
        },
      },
    );
  return (
    <ConfirmDeleteModal
      title={t('graphics.delete.title')}
      question={t('graphics.delete.question', { name: composition.name })}
      cancelLabel={t('graphics.actions.cancel')}
      deleteLabel={t('graphics.actions.delete')}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={onConfirm}
      onClose={onClose}
      testIdPrefix="graphics-delete"
    />
  );
}
