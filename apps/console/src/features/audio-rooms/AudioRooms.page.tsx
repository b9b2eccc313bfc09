/**
 * /audio_rooms (spec 001 §2 "audio rooms", §3 Audio room; Audio Connect), declared on the resource
 * kit: the rooms of one of the user's inventories (the preferences' current one unless another is
 * picked), searched by name, kept current over /ws, with how many rooms the inventory has and how
 * many are active (GET v2/inventories/{id}/audioRooms/count); create and edit (the room read fresh
 * by id, GET v2/audioRooms/{id}, and saved at its version: name with the §5 rule and "Name field
 * has to be unique" inline, intercom, IFB server, participants of the inventory), the participants
 * alone (PUT v2/audioRooms/{id}/participants), start or stop, and delete with a confirmation. The
 * route is for MANAGE_ROLES, who may also write.
 */
import { useMemo, useState } from 'react';
import { Badge, Button, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUDIO_ROOM_SORT_KEYS, LIMITS, type AudioRoom, type EndpointId } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { defineResource, op, RowButtonsPage, searchQuery, useToastMutation, versionedUpdate, type CustomFieldProps, type Field } from '../../kit';
import { invalidateReads } from '../../realtime/systemEntities';
import { formErrors, initialValues, toBody, type AudioRoomFormValues } from './audioRoomForm';
import { InventoryScreen } from './InventoryPicker';
import ParticipantsModal from './ParticipantsModal';
import { ParticipantsPicker, useRoomCandidates } from './ParticipantsPicker';

/** The reads a room's change makes stale: the lists and the inventory's count (a room came, went, started or stopped). */
const ROOM_READS: readonly EndpointId[] = ['listInventoryAudioRooms', 'countInventoryAudioRooms'];

/** The form's fields; the IFB server and the participants are chosen among the inventory's. */
function roomFields(inventoryId: string): readonly Field<AudioRoomFormValues>[] {
  function ServerField({ form, label, testId, error, readOnly }: CustomFieldProps<AudioRoomFormValues>) {
    const { t } = useTranslation();
    const candidates = useRoomCandidates(inventoryId);
    return (
      <Select
        label={label}
        description={t('audioRooms.fields.serverHint')}
        placeholder={t('audioRooms.fields.noServer')}
        data={(candidates.data?.servers ?? []).map((s) => ({ value: s.id, label: s.name }))}
        value={form.values.serverId}
        onChange={(serverId) => form.set({ serverId })}
        clearable
        disabled={readOnly}
        error={error('serverId')}
        comboboxProps={{ withinPortal: true }}
        data-testid={testId}
      />
    );
  }
  function ParticipantsField({ form, testId, error }: CustomFieldProps<AudioRoomFormValues>) {
    const candidates = useRoomCandidates(inventoryId);
    // The core words a participant's problem at its path (participants.2.id): it shows under the picker.
    const path = Object.keys(form.errors).find((field) => field.startsWith('participants'));
    return (
      <ParticipantsPicker
        candidates={candidates.data}
        saved={form.values.saved}
        value={form.values.participants}
        onChange={(participants) => form.set({ participants })}
        error={path === undefined ? undefined : error(path)}
        testId={testId}
      />
    );
  }
  return [
    { name: 'name', kind: 'text', label: 'audioRooms.fields.name', description: 'audioRooms.fields.nameHint', required: true },
    { name: 'intercom', kind: 'switch', label: 'audioRooms.fields.intercom' },
    { name: 'serverId', kind: 'custom', label: 'audioRooms.fields.server', testId: 'server', render: ServerField },
    { name: 'participants', kind: 'custom', label: 'audioRooms.fields.participants', render: ParticipantsField },
  ];
}

function audioRoomResource(inventoryId: string) {
  return defineResource<AudioRoom, AudioRoom, AudioRoomFormValues>({
    testId: 'audio-room',
    titles: { new: 'audioRooms.create.title', edit: 'audioRooms.edit.title', noun: 'audioRooms.noun' },
    rowKey: (r) => r.id,
    label: (r) => r.name,
    list: {
      op: op('listInventoryAudioRooms', (view) => ({
        params: { id: inventoryId },
        query: searchQuery(view, ['name'], AUDIO_ROOM_SORT_KEYS, LIMITS.audioRoomsDefaultPageSize),
      })),
      searchKeys: ['name'],
      pageSize: LIMITS.audioRoomsDefaultPageSize,
    },
    columns: (t) => [
      { id: 'name', header: t('audioRooms.columns.name'), sortKey: 'name', cellTestId: true, render: (r) => r.name },
      { id: 'participants', header: t('audioRooms.columns.participants'), cellTestId: true, render: (r) => <ParticipantsButton room={r} /> },
      {
        id: 'intercom',
        header: t('audioRooms.columns.intercom'),
        render: (r) => (
          <span data-testid={`audio-room-intercom-${r.id}`} data-value={String(r.intercom)}>
            {r.intercom ? t('audioRooms.yes') : t('audioRooms.no')}
          </span>
        ),
      },
      {
        id: 'active',
        header: t('audioRooms.columns.active'),
        render: (r) => (
          <Badge color={r.active ? 'green' : 'gray'} variant="light" data-testid={`audio-room-active-${r.id}`} data-value={String(r.active)}>
            {r.active ? t('audioRooms.active') : t('audioRooms.inactive')}
          </Badge>
        ),
      },
    ],
    get: op('getAudioRoom', (id: string) => ({ params: { id } })),
    form: {
      fields: roomFields(inventoryId),
      initial: initialValues,
      check: (values, room, listed) => formErrors(values, listed ?? [], room?.id ?? null),
    },
    create: op('createAudioRoom', (values: AudioRoomFormValues) => ({ params: { id: inventoryId }, body: toBody(values) })),
    update: versionedUpdate('updateAudioRoom', toBody),
    remove: op('deleteAudioRoom', (r: AudioRoom) => ({ params: { id: r.id } })),
    stale: ['countInventoryAudioRooms'],
  });
}

/** The participant count (its title lists their names), opening the participants dialog. */
function ParticipantsButton({ room }: { readonly room: AudioRoom }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => setOpen(true)}
        title={room.participants.map((p) => p.name).join(', ')}
        aria-label={t('audioRooms.participants.open', { name: room.name })}
        data-testid={`audio-room-participants-open-${room.id}`}
      >
        {room.participantCount}
      </Button>
      {open && <ParticipantsModal room={room} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Start or stop the room on its IFB server; the list and the count follow (and /ws). */
function ToggleButton({ room }: { readonly room: AudioRoom }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setActive = useToastMutation('setAudioRoomActive', { onSuccess: () => invalidateReads(queryClient, ROOM_READS) });
  return (
    <Button
      size="compact-sm"
      variant="light"
      color={room.active ? 'orange' : 'green'}
      onClick={() => setActive.mutate({ params: { id: room.id }, body: { active: !room.active, version: room.version } })}
      loading={setActive.isPending}
      data-testid={`audio-room-toggle-${room.id}`}
    >
      {room.active ? t('audioRooms.actions.stop') : t('audioRooms.actions.start')}
    </Button>
  );
}

function RoomCount({ inventoryId }: { readonly inventoryId: string }) {
  const { t } = useTranslation();
  const count = useEndpointQuery('countInventoryAudioRooms', { params: { id: inventoryId } });
  if (count.data === undefined) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="audio-rooms-count" data-total={count.data.total} data-active={count.data.active}>
      {t('audioRooms.count', { total: count.data.total, active: count.data.active })}
    </Text>
  );
}

function InventoryRooms({ inventoryId }: { readonly inventoryId: string }) {
  const { t } = useTranslation();
  const resource = useMemo(() => audioRoomResource(inventoryId), [inventoryId]);
  return (
    <RowButtonsPage
      key={inventoryId}
      resource={resource}
      addTestId="audio-rooms-create"
      rowActions={(room) => <ToggleButton room={room} />}
      rowData={(room) => ({ 'data-name': room.name })}
      deleteQuestion={(room) => t('audioRooms.delete.question', { name: room.name })}
      emptyText={(view) => (view.searchValue.trim() === '' ? t('audioRooms.empty') : t('audioRooms.noMatch'))}
    />
  );
}

export default function AudioRoomsPage() {
  const { t } = useTranslation();
  return (
    <InventoryScreen
      testId="audio-rooms"
      title={t('routes.audioRooms')}
      pickerLabel={t('audioRooms.inventory')}
      noInventory={t('audioRooms.noInventory')}
      beside={(inventoryId) => <RoomCount inventoryId={inventoryId} />}
    >
      {(inventoryId) => <InventoryRooms inventoryId={inventoryId} />}
    </InventoryScreen>
  );
}
