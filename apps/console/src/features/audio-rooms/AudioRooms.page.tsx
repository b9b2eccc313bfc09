import { lazy, Suspense, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AudioRoom, AudioRoomPage } from '@fleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { endpointKey, endpointPrefix, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useToast } from '../../toast/useToast';
import { applyAudioRoomEvent } from './audioRoomCache';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { QueryView } from '../../components/QueryView';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { InventoryPicker, useInventoryChoice } from './InventoryPicker';
import { useAudioRoomsLive } from './useAudioRoomsLive';

// Loaded when a room is created or edited, or its participants changed.
const AudioRoomModal = lazy(() => import('./AudioRoomModal'));
const ParticipantsModal = lazy(() => import('./ParticipantsModal'));

type Dialog = { readonly kind: 'create' } | { readonly kind: 'edit' | 'participants'; readonly room: AudioRoom };

/**
 * /audio_rooms (spec 001 §2 "audio rooms", §3 Audio room; Audio Connect): the rooms of one of the
 * user's inventories (the preferences' current one unless another is picked), searched by name,
 * kept current over /ws, with how many rooms the inventory has and how many are active (GET
 * v2/inventories/{id}/audioRooms/count); create and edit (name with the §5 rule inline, intercom,
 * participants of the inventory), the participants alone (PUT v2/audioRooms/{id}/participants)
 * and delete with a confirmation. The route is for MANAGE_ROLES, who may also write.
 */
export default function AudioRoomsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.audioRooms'));
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorText = useApiErrorMessage();
  const choice = useInventoryChoice();
  const inventoryId = choice.inventoryId;
  const query = search.trim() === '' ? {} : { searchValue: search.trim() };
  const list = useEndpointQuery('listInventoryAudioRooms', { params: { id: inventoryId ?? '' }, query }, { enabled: inventoryId !== null, staleTime: Number.POSITIVE_INFINITY });
  const count = useEndpointQuery('countInventoryAudioRooms', { params: { id: inventoryId ?? '' } }, { enabled: inventoryId !== null });
  useAudioRoomsLive();
  const rooms = list.data?.items ?? [];
  const setActive = useEndpointMutation('setAudioRoomActive');
  /** The count follows this console's own changes at once (their /ws events may come later). */
  const recount = () => void queryClient.invalidateQueries({ queryKey: endpointKey('countInventoryAudioRooms', { params: { id: inventoryId ?? '' } }), exact: true });
  // Start or stop on the room's IFB server; the list follows from the answer (and /ws).
  const toggle = (room: AudioRoom) =>
    setActive.mutate(
      { params: { id: room.id }, body: { active: !room.active, version: room.version } },
      {
        onSuccess: (saved) => {
          queryClient.setQueriesData<AudioRoomPage>({ queryKey: endpointPrefix('listInventoryAudioRooms') }, (page) =>
            page ? applyAudioRoomEvent(page, saved.inventoryId, { type: 'audioRoom.changed', audioRoom: saved, at: Date.now() }) : page,
          );
          recount();
        },
        onError: (e) => toast.show({ message: errorText(e), variant: 'error' }),
      },
    );
  // A deleted room leaves the cached lists at once (the /ws event may come later).
  const del = useConfirmedDelete(useEndpointMutation('deleteAudioRoom'), {
    variables: (room: AudioRoom) => ({ params: { id: room.id } }),
    deleted: (room) => t('audioRooms.toasts.deleted', { name: room.name }),
    onDeleted: (room) => {
      queryClient.setQueriesData<AudioRoomPage>({ queryKey: endpointPrefix('listInventoryAudioRooms') }, (page) =>
        page ? applyAudioRoomEvent(page, room.inventoryId, { type: 'audioRoom.removed', audioRoomId: room.id, inventoryId: room.inventoryId, at: Date.now() }) : page,
      );
      recount();
    },
  });

  return (
    <Stack gap="sm" data-testid="audio-rooms-page">
      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="sm" align="baseline">
          <Title order={2} data-testid="page-title">
            {t('routes.audioRooms')}
          </Title>
          {count.data !== undefined && (
            <Text size="sm" c="dimmed" data-testid="audio-rooms-count" data-total={count.data.total} data-active={count.data.active}>
              {t('audioRooms.count', { total: count.data.total, active: count.data.active })}
            </Text>
          )}
        </Group>
        <Group gap="sm" align="center">
          <InventoryPicker choice={choice} label={t('audioRooms.inventory')} testId="audio-rooms-inventory" />
          <TextInput
            aria-label={t('audioRooms.search')}
            placeholder={t('audioRooms.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            size="xs"
            w={200}
            data-testid="audio-rooms-search"
          />
          <Button size="xs" onClick={() => setDialog({ kind: 'create' })} disabled={inventoryId === null} data-testid="audio-rooms-create">
            {t('audioRooms.actions.create')}
          </Button>
        </Group>
      </Group>
      {inventoryId === null ? (
        <Text c="dimmed" data-testid="audio-rooms-no-inventory">
          {t('audioRooms.noInventory')}
        </Text>
      ) : (
        <QueryView query={list} testIdPrefix="audio-rooms" errorTitle={t('audioRooms.loadFailed')}>
          {() =>
            rooms.length === 0 ? (
              <Text c="dimmed" data-testid="audio-rooms-empty">
                {search.trim() === '' ? t('audioRooms.empty') : t('audioRooms.noMatch')}
              </Text>
            ) : (
              <Table striped highlightOnHover data-testid="audio-rooms-table" aria-label={t('routes.audioRooms')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('audioRooms.columns.name')}</Table.Th>
                    <Table.Th>{t('audioRooms.columns.participants')}</Table.Th>
                    <Table.Th>{t('audioRooms.columns.intercom')}</Table.Th>
                    <Table.Th>{t('audioRooms.columns.active')}</Table.Th>
                    <Table.Th aria-label={t('audioRooms.columns.actions')} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rooms.map((room) => (
                    <Table.Tr key={room.id} data-testid={`audio-room-row-${room.id}`} data-name={room.name}>
                      <Table.Td data-testid={`audio-room-name-${room.id}`}>{room.name}</Table.Td>
                      <Table.Td data-testid={`audio-room-participants-${room.id}`} title={room.participants.map((p) => p.name).join(', ')}>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          onClick={() => setDialog({ kind: 'participants', room })}
                          aria-label={t('audioRooms.participants.open', { name: room.name })}
                          data-testid={`audio-room-participants-open-${room.id}`}
                        >
                          {room.participantCount}
                        </Button>
                      </Table.Td>
                      <Table.Td data-testid={`audio-room-intercom-${room.id}`} data-value={String(room.intercom)}>
                        {room.intercom ? t('audioRooms.yes') : t('audioRooms.no')}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={room.active ? 'green' : 'gray'} variant="light" data-testid={`audio-room-active-${room.id}`} data-value={String(room.active)}>
                          {room.active ? t('audioRooms.active') : t('audioRooms.inactive')}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end">
                          <Button
                            size="compact-xs"
                            variant="light"
                            color={room.active ? 'orange' : 'green'}
                            onClick={() => toggle(room)}
                            loading={setActive.isPending && setActive.variables?.params?.id === room.id}
                            data-testid={`audio-room-toggle-${room.id}`}
                          >
                            {room.active ? t('audioRooms.actions.stop') : t('audioRooms.actions.start')}
                          </Button>
                          <Button size="compact-xs" variant="light" onClick={() => setDialog({ kind: 'edit', room })} data-testid={`audio-room-edit-${room.id}`}>
                            {t('audioRooms.actions.edit')}
                          </Button>
                          <Button size="compact-xs" variant="light" color="red" onClick={() => del.ask(room)} data-testid={`audio-room-delete-${room.id}`}>
                            {t('audioRooms.actions.delete')}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )
          }
        </QueryView>
      )}
      {list.data && list.data.total > list.data.items.length && (
        <Alert color="gray" data-testid="audio-rooms-more">
          {t('audioRooms.more', { shown: list.data.items.length, total: list.data.total })}
        </Alert>
      )}
      {dialog !== null && inventoryId !== null && (
        <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
          {dialog.kind === 'participants' ? (
            <ParticipantsModal room={dialog.room} onClose={() => setDialog(null)} />
          ) : (
            <AudioRoomModal inventoryId={inventoryId} room={dialog.kind === 'edit' ? dialog.room : null} rooms={rooms} onClose={() => setDialog(null)} />
          )}
        </Suspense>
      )}
      {del.target !== null && (
        <ConfirmDeleteModal title={t('audioRooms.delete.title')} question={t('audioRooms.delete.question', { name: del.target.name })} testIdPrefix="audio-room-delete" {...del.modalProps} />
      )}
    </Stack>
  );
}
