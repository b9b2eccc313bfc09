/**
 * /audio_rooms: the inventory's room count (GET v2/inventories/{id}/audioRooms/count), read again
 * as rooms start and stop; the participants changed on their own from the list (PUT
 * v2/audioRooms/{id}/participants); the room's form (the §5 name rule and uniqueness before
 * anything is sent, create, an edit of the room read fresh at its version, the core's refusals).
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, VALIDATION } from '@fleet/contracts';
import type { AudioRoom, AudioRoomCandidates } from '@fleet/contracts';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import AudioRoomsPage from './AudioRooms.page';

const CANDIDATES: AudioRoomCandidates = {
  inventoryId: 'inv1',
  units: [{ id: 'LU800-0001', name: 'Camera_north' }],
  channels: [{ id: 'ch1', name: 'Channel_1' }],
  users: [{ id: 'u2', name: 'Anna Berg' }],
  servers: [{ id: 'srv1', name: 'Hub_1' }],
};

function room(overrides: Partial<AudioRoom> = {}): AudioRoom {
  const at = '2026-01-10T09:00:00.000Z';
  return {
    id: 'room1',
    inventoryId: 'inv1',
    name: 'Studio_talk',
    intercom: false,
    serverId: null,
    serverName: null,
    active: false,
    participants: [{ kind: 'unit', id: 'LU800-0001', name: 'Camera_north' }],
    participantCount: 1,
    version: 3,
    createdAt: at,
    updatedAt: at,
    ...overrides,
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
    // The list pages by the audio rooms' own page size (spec 001 §9: 100), not the search page size.
    expect(api.calls('listInventoryAudioRooms')[0]?.query.get('limit')).toBe('100');

    await user.click(screen.getByTestId('audio-room-toggle-room1'));
    await waitFor(() => expect(screen.getByTestId('audio-rooms-count')).toHaveTextContent('4 rooms, 2 active'));
  });

  it('replaces a room’s participants from the list, at the version listed', async () => {
    // The core keeps the room as saved: the list read again shows it.
    let kept = room();
    const api = roomsApi()
      .on('listInventoryAudioRooms', () => ({ items: [kept], total: 1, offset: 0, limit: 50 }))
      .on('setAudioRoomParticipants', ({ body }) => {
        kept = room({
          participants: [
            { kind: 'unit', id: 'LU800-0001', name: 'Camera_north' },
            { kind: 'user', id: 'u2', name: 'Anna Berg' },
          ],
          participantCount: body.participants.length,
          version: 4,
        });
        return kept;
      });
    const { user } = await openPage(api);

    await user.click(screen.getByTestId('audio-room-participants-open-room1'));
    await user.click(await screen.findByTestId('audio-room-participants-picker'));
    await user.click(await screen.findByRole('option', { name: 'Anna Berg' }));
    await user.click(screen.getByTestId('audio-room-participants-save'));

    await waitFor(() => expect(api.calls('setAudioRoomParticipants')).toHaveLength(1));
    const [call] = api.calls('setAudioRoomParticipants');
    expect(call?.url).toBe('/api/v2/audioRooms/room1/participants');
    expect(call?.body).toEqual({
      participants: [
        { kind: 'unit', id: 'LU800-0001' },
        { kind: 'user', id: 'u2' },
      ],
      version: 3,
    });
    expect(await screen.findByText('Studio_talk has 2 participants')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('audio-room-participants-open-room1')).toHaveTextContent('2'));
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

describe('Audio rooms page: the room form', () => {
  it('checks the name before sending: the spec 001 §5 characters, and unique among the inventory’s rooms', async () => {
    const api = roomsApi();
    const { user } = await openPage(api);
    await user.click(screen.getByTestId('audio-rooms-create'));
    await fill(user, await screen.findByTestId('audio-room-name'), 'Studio talk');
    await user.click(screen.getByTestId('audio-room-save'));
    expect(await screen.findByTestId('audio-room-error.name')).toHaveTextContent(VALIDATION.unitNameCharacters);

    // The rule follows what is typed.
    await fill(user, screen.getByTestId('audio-room-name'), 'Studio_talk');
    expect(screen.getByTestId('audio-room-error.name')).toHaveTextContent(VALIDATION.nameUnique);
    await user.click(screen.getByTestId('audio-room-save'));
    expect(api.calls('createAudioRoom')).toHaveLength(0);
  });

  it('creates a room with the participants picked among the inventory’s units, channels and users', async () => {
    const api = roomsApi().on('createAudioRoom', ({ body }) => room({ id: 'room2', name: body.name, version: 1 }));
    const { user } = await openPage(api);
    await user.click(screen.getByTestId('audio-rooms-create'));
    await fill(user, await screen.findByTestId('audio-room-name'), 'Field_talk');
    await user.click(screen.getByTestId('audio-room-intercom'));
    await user.click(screen.getByTestId('audio-room-participants'));
    await user.click(await screen.findByRole('option', { name: 'Camera_north' }));
    await user.click(await screen.findByRole('option', { name: 'Anna Berg' }));
    await user.click(screen.getByTestId('audio-room-save'));

    await waitFor(() => expect(screen.queryByTestId('audio-room-modal')).not.toBeInTheDocument());
    const [call] = api.calls('createAudioRoom');
    expect(call?.params).toEqual({ id: 'inv1' });
    expect(call?.body).toEqual({
      name: 'Field_talk',
      intercom: true,
      serverId: null,
      participants: [
        { kind: 'unit', id: 'LU800-0001' },
        { kind: 'user', id: 'u2' },
      ],
    });
    expect(screen.getByTestId('toasts')).toHaveTextContent('Audio room Field_talk created');
  });

  it('opens an edit on the room read fresh, saves at its version and shows a refusal of the core in its words', async () => {
    const api = roomsApi()
      .on(
        'getAudioRoom',
        room({ name: 'Studio_live', intercom: true, serverId: 'srv1', serverName: 'Hub_1', participants: [], participantCount: 0, version: 5 }),
      )
      .on('updateAudioRoom', apiError('INTERCOM_SERVER_MISMATCH'));
    const { user } = await openPage(api);
    await user.click(screen.getByTestId('audio-room-edit-room1'));
    expect(await screen.findByTestId('audio-room-name')).toHaveValue('Studio_live');
    expect(api.calls('getAudioRoom')[0]?.url).toBe('/api/v2/audioRooms/room1');

    await fill(user, screen.getByTestId('audio-room-name'), 'Studio_talkback');
    await user.click(screen.getByTestId('audio-room-save'));

    expect(await screen.findByTestId('audio-room-form-error')).toHaveTextContent('Intercom server missing or different from the audio room');
    expect(api.calls('updateAudioRoom')[0]).toMatchObject({
      params: { id: 'room1' },
      body: { name: 'Studio_talkback', intercom: true, serverId: 'srv1', participants: [], version: 5 },
    });
    expect(screen.getByTestId('audio-room-modal')).toBeInTheDocument();
  });

  it('says so when the room was deleted meanwhile', async () => {
    const api = roomsApi().on('getAudioRoom', apiError('NOT_FOUND'));
    const { user } = await openPage(api);
    await user.click(screen.getByTestId('audio-room-edit-room1'));
    // Spec 001 §8: the NOT_FOUND text as the catalogue words it.
    expect(await screen.findByTestId('audio-room-load-error')).toHaveTextContent('Items cannot be displayed. Please contact support');
    expect(screen.queryByTestId('audio-room-form')).not.toBeInTheDocument();
  });
});
