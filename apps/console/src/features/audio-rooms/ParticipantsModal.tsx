/**
 * The participants of an audio room, changed on their own from the list (PUT
 * v2/audioRooms/{id}/participants: the list given replaces the room's, at the version listed; a
 * concurrent change answers the catalogue's conflict text). The room's other settings are the
 * edit form's.
 */
import { useState } from 'react';
import { Stack } from '@mantine/core';
import { Modal } from '../../components/Overlays';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AudioRoom } from '@fleet/contracts';
import { useSpecText } from '../../lib/forms/specText';
import { invalidateReads } from '../../realtime/systemEntities';
import { ErrorNote } from '../../kit/DialogParts';
import { participantValue, savedErrors, toParticipantRefs } from './audioRoomForm';
import { ParticipantsPicker, useRoomCandidates } from './ParticipantsPicker';
import { ModalFooter, MutedText, useToastMutation } from '../../kit';

export default function ParticipantsModal({ room, onClose }: { readonly room: AudioRoom; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const specText = useSpecText();
  const candidates = useRoomCandidates(room.inventoryId);
  const [value, setValue] = useState<readonly string[]>(() => room.participants.map((p) => participantValue(p.kind, p.id)));
  const save = useToastMutation('setAudioRoomParticipants', {
    success: (saved) => t('audioRooms.participants.saved', { name: saved.name, count: saved.participantCount }),
    onSuccess: () => {
      invalidateReads(queryClient, ['listInventoryAudioRooms']);
      onClose();
    },
    // The dialog shows the refusal.
    onError: () => undefined,
  });
  const fieldMessage = save.error ? savedErrors(save.error).participants : undefined;
  return (
    <Modal opened onClose={onClose} title={t('audioRooms.participants.title', { name: room.name })} data-testid="audio-room-participants-modal">
      <Stack gap="sm">
        <MutedText>{t('audioRooms.participants.hint')}</MutedText>
        <ParticipantsPicker
          candidates={candidates.data}
          saved={room.participants}
          value={value}
          onChange={setValue}
          error={fieldMessage === undefined ? undefined : <span data-testid="audio-room-participants-error">{specText(fieldMessage)}</span>}
          testId="audio-room-participants-picker"
        />
        {save.error && fieldMessage === undefined && <ErrorNote testId="audio-room-participants-save-error" error={save.error} />}
        <ModalFooter
          testId="audio-room-participants"
          onSave={() => save.mutate({ params: { id: room.id }, body: { participants: toParticipantRefs(value), version: room.version } })}
          onCancel={onClose}
          saving={save.isPending}
        />
      </Stack>
    </Modal>
  );
}
