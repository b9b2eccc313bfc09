/** Delete an audio room after a confirmation (DELETE v2/audioRooms/{id}); a refusal (an active room) shows in the dialog. */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AudioRoom, AudioRoomPage } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation } from '../../api/hooks';
import { useToast } from '../../toast/useToast';
import { applyAudioRoomEvent } from './audioRoomCache';
import { ConfirmDeleteModal } from './ConfirmDeleteModal';

export default function DeleteAudioRoomModal({ room, onClose }: { readonly room: AudioRoom; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const remove = useEndpointMutation('deleteAudioRoom');

  const onConfirm = () =>
    remove.mutate(
      { params: { id: room.id } },
      {
        onSuccess: () => {
          queryClient.setQueriesData<AudioRoomPage>({ queryKey: endpointPrefix('listInventoryAudioRooms') }, (page) =>
            page ? applyAudioRoomEvent(page, room.inventoryId, { type: 'audioRoom.removed', audioRoomId: room.id, inventoryId: room.inventoryId, at: Date.now() }) : page,
          );
          toast.show({ message: t('audioRooms.toasts.deleted', { name: room.name }), variant: 'success' });
          onClose();
        },
      },
    );

  return (
    <ConfirmDeleteModal
      title={t('audioRooms.delete.title')}
      question={t('audioRooms.delete.question', { name: room.name })}
      cancelLabel={t('audioRooms.actions.cancel')}
      deleteLabel={t('audioRooms.actions.delete')}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={onConfirm}
      onClose={onClose}
      testIdPrefix="audio-room-delete"
    />
  );
}
