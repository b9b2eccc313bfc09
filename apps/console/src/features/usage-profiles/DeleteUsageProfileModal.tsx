/** Delete a usage profile after a confirmation (DELETE v2/usageProfiles/{id}); a refusal (a default profile, one with devices) shows in the dialog. */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UsageProfile, UsageProfilePage } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation } from '../../api/hooks';
import { useToast } from '../../toast/useToast';
import { ConfirmDeleteModal } from '../audio-rooms/ConfirmDeleteModal';
import { applyUsageProfileEvent } from './usageProfileCache';

export default function DeleteUsageProfileModal({ inventoryId, profile, onClose }: { readonly inventoryId: string; readonly profile: UsageProfile; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const remove = useEndpointMutation('deleteUsageProfile');

  const onConfirm = () =>
    remove.mutate(
      { params: { id: profile.id } },
      {
        onSuccess: () => {
          queryClient.setQueriesData<UsageProfilePage>({ queryKey: endpointPrefix('listInventoryUsageProfiles') }, (page) =>
            page ? applyUsageProfileEvent(page, inventoryId, { type: 'usageProfile.removed', usageProfileId: profile.id, inventoryId, at: Date.now() }) : page,
          );
          toast.show({ message: t('usageProfiles.toasts.deleted', { name: profile.name }), variant: 'success' });
          onClose();
        },
      },
    );

  return (
    <ConfirmDeleteModal
      title={t('usageProfiles.delete.title')}
      question={t('usageProfiles.delete.question', { name: profile.name })}
      cancelLabel={t('usageProfiles.actions.cancel')}
      deleteLabel={t('usageProfiles.actions.delete')}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={onConfirm}
      onClose={onClose}
      testIdPrefix="usage-profile-delete"
    />
  );
}
