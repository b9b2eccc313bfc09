/**
 * /audio_rooms: the inventory's room count (GET v2/inventories/{id}/audioRooms/count), read again
 * as rooms start and stop, and the participants changed on their own from the list (PUT
 * v2/audioRooms/{id}/participants).
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@fleet/contracts';
import type { AudioRoom, AudioRoomCandidates } from '@fleet/contracts';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import AudioRoomsPage from './AudioRooms.page';

const CANDIDATES: AudioRoomCandidates = {
  inventoryId: 'inv1',
  units: [{ id: 'LU800-0001', name: 'Camera_north' }],
  channels: [{ id: 'ch1', name: 'Channel_1' }],
  users: [{ id: 'u2', name: 'Anna Berg' }],
  servers: [],
};

function room(overrides: Partial<AudioRoom> = {}): AudioRoom {
  const at = '2026-01-10T09:00:00.000Z';
  return {
    id: 'room1', inventoryId: 'inv1', name: 'Studio_talk', intercom: false, serverId: null, serverName: null, active: false,
    participants: [{ kind: 'unit', id: 'LU800-0001', name: 'Camera_north' }], participantCount: 1, version: 3, createdAt: at, updatedAt: at, ...overrides,
  };
}

function roomsApi(): FakeApi {
  return new FakeApi()
    .on('listInventoryAudioRooms', { items: [room()], total: 1, offset: 0, limit: 100 })
    .on('countInventoryAudioRooms', { inventoryId: 'inv1', total: 4, active: 1 })
    .on('listAudioRoomCandidates', CANDIDATES);
}

async function openPage(api: FakeApi) {
  const rendered = await renderWithApp(<AudioRoomsPage />, { roles: ['luc_admin'], route: '/audio_rooms', api });
  await screen.findByTestId('audio-room-row-room1');
  return rendered;
}

describe('Audio rooms page', () => {
  it('shows how many rooms the inventory has and how many are active, and counts again when one starts', async () => {
    let active = 1;
    const api = roomsApi()
      .on('countInventoryAudioRooms', () => ({ inventoryId: 'inv1', total: 4, active }))
      .on('setAudioRoomActive', ({ body }) => {
        active = 2;
        return room({ active: body.active, version: 4 });
      });
    const { user } = await openPage(api);
    expect(await screen.findByTestId('audio-rooms-count')).toHaveTextContent('4 rooms, 1 active');
    expect(api.calls('countInventoryAudioRooms')[0]?.url).toBe('/api/v2/inventories/inv1/audioRooms/count');

    await user.click(screen.getByTestId('audio-room-toggle-room1'));
    await waitFor(() => expect(screen.getByTestId('audio-rooms-count')).toHaveTextContent('4 rooms, 2 active'));
  });

  it('replaces a room’s participants from the list, at the version listed', async () => {
    const api = roomsApi().on('setAudioRoomParticipants', ({ body }) =>
      room({ participants: [{ kind: 'unit', id: 'LU800-0001', name: 'Camera_north' }, { kind: 'user', id: 'u2', name: 'Anna Berg' }], participantCount: body.participants.length, version: 4 }),
    );
    const { user } = await openPage(api);

    await user.click(screen.getByTestId('audio-room-participants-open-room1'));
    await user.click(await screen.findByTestId('audio-room-participants-picker'));
    await user.click(await screen.findByRole('option', { name: 'Anna Berg' }));
    await user.click(screen.getByTestId('audio-room-participants-save'));

    await waitFor(() => expect(api.calls('setAudioRoomParticipants')).toHaveLength(1));
    const [call] = api.calls('setAudioRoomParticipants');
    expect(call?.url).toBe('/api/v2/audioRooms/room1/participants');
    expect(call?.body).toEqual({ participants: [{ kind: 'unit', id: 'LU800-0001' }, { kind: 'user', id: 'u2' }], version: 3 });
    expect(await screen.findByText('Studio_talk has 2 participants')).toBeVisible();
    expect(screen.getByTestId('audio-room-participants-open-room1')).toHaveTextContent('2');
  });

  it('shows a refusal of the core in its words and keeps the dialog open', async () => {
    const api = roomsApi().on('setAudioRoomParticipants', apiError('CONFLICT'));
    const { user } = await openPage(api);
    await user.click(screen.getByTestId('audio-room-participants-open-room1'));
    await user.click(await screen.findByTestId('audio-room-participants-save'));
    expect(await screen.findByTestId('audio-room-participants-save-error')).toHaveTextContent(ERROR_CATALOGUE.CONFLICT.message);
    expect(screen.getByTestId('audio-room-participants-modal')).toBeInTheDocument();
  });
});
