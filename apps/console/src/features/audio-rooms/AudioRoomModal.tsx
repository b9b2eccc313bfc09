/**
 * Create an audio room (POST v2/inventories/{id}/audioRooms) or edit one (PUT v2/audioRooms/{id}
 * with the version of the room read fresh by id, GET v2/audioRooms/{id}, as the form opens): name (the §5 rule and "Name field has to be unique" inline, in the spec's
 * words, before anything is sent), intercom, participants picked among the inventory's units,
 * channels and users. The core's field errors come back onto the fields; other refusals show as a note.
 */
import { useState } from 'react';
import { Button, Group, Loader, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AudioRoom, AudioRoomPage } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { hasErrors, type FieldErrors } from '../../lib/forms/fieldErrors';
import { useSpecText } from '../../lib/forms/specText';
import { newest, op } from '../../kit';
import { useToast } from '../../toast/useToast';
import { ErrorNote } from '../dialogs/DialogParts';
import { applyAudioRoomEvent } from './audioRoomCache';
import { formErrors, initialValues, savedErrors, toBody, type AudioRoomFormValues } from './audioRoomForm';
import { ParticipantsPicker, useRoomCandidates } from './ParticipantsPicker';

/** The room read fresh by id before it is edited. */
const READ_ROOM = op('getAudioRoom', (id: string) => ({ params: { id } }));

interface AudioRoomModalProps {
  readonly inventoryId: string;
  /** The room to edit; null: a new room. */
  readonly room: AudioRoom | null;
  /** The inventory's rooms as listed (for the name's uniqueness). */
  readonly rooms: readonly AudioRoom[];
  readonly onClose: () => void;
}

function AudioRoomForm({ inventoryId, room, rooms, onClose }: AudioRoomModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const errorText = useApiErrorMessage();
  const specText = useSpecText();
  const [values, setValues] = useState<AudioRoomFormValues>(() => initialValues(room));
  const [errors, setErrors] = useState<FieldErrors>({});
  const candidates = useRoomCandidates(inventoryId);
  const create = useEndpointMutation('createAudioRoom');
  const update = useEndpointMutation('updateAudioRoom');
  const pending = create.isPending || update.isPending;
  const failure = create.error ?? update.error;

  const change = (next: Partial<AudioRoomFormValues>) => {
    const merged = { ...values, ...next };
    setValues(merged);
    // Once a save was tried, the name's rule follows what is typed.
    if (hasErrors(errors)) setErrors(formErrors(merged, rooms, room?.id ?? null));
  };

  const saved = (saved: AudioRoom, key: 'created' | 'updated') => {
    // The list shows it at once; the realtime event that follows is then a no-op.
    queryClient.setQueriesData<AudioRoomPage>({ queryKey: endpointPrefix('listInventoryAudioRooms') }, (page) =>
      page ? applyAudioRoomEvent(page, inventoryId, { type: 'audioRoom.changed', audioRoom: saved, at: Date.now() }) : page,
    );
    toast.show({ message: t(`audioRooms.toasts.${key}`, { name: saved.name }), variant: 'success' });
    onClose();
  };
  const onError = (e: unknown) => setErrors(savedErrors(e));

  const onSave = () => {
    const found = formErrors(values, rooms, room?.id ?? null);
    setErrors(found);
    if (hasErrors(found)) return;
    const body = toBody(values);
    if (room === null) create.mutate({ params: { id: inventoryId }, body }, { onSuccess: (r) => saved(r, 'created'), onError });
    else update.mutate({ params: { id: room.id }, body: { ...body, version: room.version } }, { onSuccess: (r) => saved(r, 'updated'), onError });
  };

  const fieldError = (field: string) => {
    const message = errors[field];
    return message === undefined ? undefined : <span data-testid={`audio-room-error.${field}`}>{specText(message)}</span>;
  };

  return (
    <Stack gap="sm" data-testid="audio-room-form">
      <TextInput
        label={t('audioRooms.fields.name')}
        description={t('audioRooms.fields.nameHint')}
        withAsterisk
        data-autofocus
        value={values.name}
        onChange={(e) => change({ name: e.currentTarget.value })}
        error={fieldError('name')}
        data-testid="audio-room-name"
      />
      <Switch
        label={t('audioRooms.fields.intercom')}
        checked={values.intercom}
        onChange={(e) => change({ intercom: e.currentTarget.checked })}
        data-testid="audio-room-intercom"
      />
      <Select
        label={t('audioRooms.fields.server')}
        description={t('audioRooms.fields.serverHint')}
        placeholder={t('audioRooms.fields.noServer')}
        data={(candidates.data?.servers ?? []).map((s) => ({ value: s.id, label: s.name }))}
        value={values.serverId}
        onChange={(serverId) => change({ serverId })}
        clearable
        error={fieldError('serverId')}
        comboboxProps={{ withinPortal: true }}
        data-testid="audio-room-server"
      />
      <ParticipantsPicker
        candidates={candidates.data}
        saved={room?.participants ?? []}
        value={values.participants}
        onChange={(participants) => change({ participants })}
        error={fieldError('participants')}
        testId="audio-room-participants"
      />
      {failure && Object.keys(savedErrors(failure)).length === 0 && <ErrorNote testId="audio-room-save-error" message={errorText(failure)} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-testid="audio-room-cancel">
          {t('audioRooms.actions.cancel')}
        </Button>
        <Button onClick={onSave} loading={pending} data-testid="audio-room-save">
          {t('audioRooms.actions.save')}
        </Button>
      </Group>
    </Stack>
  );
}

export default function AudioRoomModal(props: AudioRoomModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={props.onClose} title={props.room === null ? t('audioRooms.create.title') : t('audioRooms.edit.title', { name: props.room.name })} data-testid="audio-room-modal">
      {props.room === null ? <AudioRoomForm {...props} /> : <FreshRoomForm {...props} room={props.room} />}
    </Modal>
  );
}

/** The room read fresh by id before its form opens (the list row may be stale), so it saves with the version kept now. */
function FreshRoomForm(props: AudioRoomModalProps & { readonly room: AudioRoom }) {
  const { t } = useTranslation();
  const errorText = useApiErrorMessage();
  const { room } = props;
  const fresh = useQuery({ queryKey: READ_ROOM.key(room.id), queryFn: ({ signal }) => READ_ROOM.run(room.id, signal), staleTime: 0, gcTime: 0, refetchOnWindowFocus: false, retry: false });
  if (fresh.isError) return <ErrorNote testId="audio-room-fresh-error" message={errorText(fresh.error)} />;
  if (fresh.data === undefined) return <Loader size="sm" aria-label={t('common.loading')} data-testid="audio-room-fresh-loading" />;
  return <AudioRoomForm {...props} room={newest(room, fresh.data)} />;
}
