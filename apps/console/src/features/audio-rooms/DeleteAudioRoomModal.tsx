/** Delete an audio room after a confirmation (DELETE v2/audioRooms/{id}); a refusal (an active room) shows in the dialog. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AudioRoom, AudioRoomPage } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useToast } from '../../toast/useToast';
import { ErrorNote } from '../dialogs/DialogParts';
import { applyAudioRoomEvent } from './audioRoomCache';

export default function DeleteAudioRoomModal({ room, onClose }: { readonly room: AudioRoom; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const errorText = useApiErrorMessage();
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
    <Modal opened onClose={onClose} title={t('audioRooms.delete.title')} data-testid="audio-room-delete-modal">
      <Stack gap="sm">
        <Text data-testid="audio-room-delete-question">{t('audioRooms.delete.question', { name: room.name })}</Text>
        {remove.error && <ErrorNote testId="audio-room-delete-error" message={errorText(remove.error)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="audio-room-delete-cancel">
            {t('audioRooms.actions.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={remove.isPending} data-testid="audio-room-delete-confirm">
            {t('audioRooms.actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
