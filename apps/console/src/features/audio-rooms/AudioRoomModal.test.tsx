import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { AudioRoom, AudioRoomCandidates } from '@fleet/contracts';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import AudioRoomModal from './AudioRoomModal';

const CANDIDATES: AudioRoomCandidates = {
  inventoryId: 'inv1',
  units: [{ id: 'LU800-0001', name: 'Camera_north' }],
  channels: [{ id: 'ch1', name: 'Channel_1' }],
  users: [{ id: 'u2', name: 'Anna Berg' }],
  servers: [{ id: 'srv1', name: 'Hub_1' }],
};

function room(overrides: Partial<AudioRoom> = {}): AudioRoom {
  return {
    id: 'room1',
    inventoryId: 'inv1',
    name: 'Studio_talk',
    intercom: false,
    serverId: null,
    serverName: null,
    active: false,
    participants: [],
    participantCount: 0,
    version: 3,
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

async function renderModal(api: FakeApi, editing: AudioRoom | null = null, rooms: AudioRoom[] = [room()]) {
  let closed = 0;
  // The room is read fresh as its form opens: unless a test answers otherwise, as listed.
  if (editing !== null && !api.hasHandler('getAudioRoom')) api.on('getAudioRoom', editing);
  const rendered = await renderWithApp(<AudioRoomModal inventoryId="inv1" room={editing} rooms={rooms} onClose={() => (closed += 1)} />, { api: api.on('listAudioRoomCandidates', CANDIDATES) });
  await screen.findByTestId('audio-room-form');
  return { ...rendered, closed: () => closed };
}

describe('AudioRoomModal', () => {
  it('checks the name before sending: the spec 001 §5 characters, and unique among the inventory’s rooms', async () => {
    const api = new FakeApi();
    const { user } = await renderModal(api);

    await fill(user, screen.getByTestId('audio-room-name'), 'Studio talk');
    await user.click(screen.getByTestId('audio-room-save'));
    expect(await screen.findByTestId('audio-room-error.name')).toHaveTextContent(VALIDATION.unitNameCharacters);

    // Once a save was tried, the rule follows what is typed.
    await fill(user, screen.getByTestId('audio-room-name'), 'Studio_talk');
    expect(screen.getByTestId('audio-room-error.name')).toHaveTextContent(VALIDATION.nameUnique);
    expect(api.calls('createAudioRoom')).toHaveLength(0);
  });

  it('creates a room with the participants picked among the inventory’s units, channels and users', async () => {
    const api = new FakeApi().on('createAudioRoom', ({ body }) => room({ id: 'room2', name: body.name, version: 1 }));
    const { user, closed } = await renderModal(api);

    await fill(user, screen.getByTestId('audio-room-name'), 'Field_talk');
    await user.click(screen.getByTestId('audio-room-intercom'));
    await user.click(screen.getByTestId('audio-room-participants'));
    await user.click(await screen.findByRole('option', { name: 'Camera_north' }));
    await user.click(await screen.findByRole('option', { name: 'Anna Berg' }));
    await user.click(screen.getByTestId('audio-room-save'));

    await waitFor(() => expect(closed()).toBe(1));
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

  it('saves an edit at the version read and shows a refusal of the core in its words', async () => {
    const api = new FakeApi().on('updateAudioRoom', apiError('INTERCOM_SERVER_MISMATCH'));
    const editing = room({ intercom: true, serverId: 'srv1', serverName: 'Hub_1' });
    const { user, closed } = await renderModal(api, editing, [editing]);
    expect(screen.getByTestId('audio-room-name')).toHaveValue('Studio_talk');

    await fill(user, screen.getByTestId('audio-room-name'), 'Studio_talkback');
    await user.click(screen.getByTestId('audio-room-save'));

    expect(await screen.findByTestId('audio-room-save-error')).toHaveTextContent('Intercom server missing or different from the audio room');
    expect(api.calls('updateAudioRoom')[0]).toMatchObject({ params: { id: 'room1' }, body: { name: 'Studio_talkback', intercom: true, serverId: 'srv1', participants: [], version: 3 } });
    expect(closed()).toBe(0);
  });
});

describe('AudioRoomModal: the room read fresh', () => {
  it('opens the form on the room as kept now and saves with its version', async () => {
    const api = new FakeApi().on('getAudioRoom', room({ name: 'Studio_live', version: 5 })).on('updateAudioRoom', ({ body }) => room({ name: body.name ?? 'Studio_live', version: 6 }));
    const { user } = await renderModal(api, room());
    expect(api.calls('getAudioRoom')[0]?.url).toBe('/api/v2/audioRooms/room1');
    expect(screen.getByTestId('audio-room-name')).toHaveValue('Studio_live');
    await user.click(screen.getByTestId('audio-room-save'));
    await waitFor(() => expect(api.calls('updateAudioRoom')).toHaveLength(1));
    expect(api.calls('updateAudioRoom')[0]?.body).toMatchObject({ name: 'Studio_live', version: 5 });
  });

  it('says so when the room was deleted meanwhile', async () => {
    const api = new FakeApi().on('listAudioRoomCandidates', CANDIDATES).on('getAudioRoom', apiError('NOT_FOUND'));
    await renderWithApp(<AudioRoomModal inventoryId="inv1" room={room()} rooms={[room()]} onClose={() => undefined} />, { api });
    expect(await screen.findByTestId('audio-room-fresh-error')).toBeVisible();
    // Spec 001 §8: the NOT_FOUND text as the catalogue words it.
    expect(screen.getByTestId('audio-room-fresh-error')).toHaveTextContent('Items cannot be displayed. Please contact support');
    expect(screen.queryByTestId('audio-room-form')).not.toBeInTheDocument();
  });
});
