/**
 * The intercom's audio room is chosen by name from the rooms of the unit's inventories (natural
 * order, id and IFB server in grey, a room without the intercom flag greyed with the reason), and
 * its id is what is saved; a user who may not read the rooms' list types the room's name or id,
 * told why.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AudioRoom, Role } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeDetail, makeUnitConfiguration } from '../../test-utils/fixtures';
import { fill, renderWithApp } from '../../test-utils/render';
import UnitDetailPanel from './UnitDetailPanel';

const UNIT = 'LU800-0001';
const AT = '2026-01-10T09:00:00.000Z';

const room = (id: string, name: string, intercom = true): AudioRoom => ({
  id,
  inventoryId: 'inv1',
  name,
  intercom,
  serverId: 'srv-1',
  serverName: 'Hub Paris',
  active: false,
  participants: [],
  participantCount: 0,
  version: 1,
  createdAt: AT,
  updatedAt: AT,
});
const ROOMS = [room('AUD-10', 'Studio_10'), room('AUD-2', 'Studio_2'), room('AUD-7', 'Lobby', false)];

function core(): FakeApi {
  const configuration = makeUnitConfiguration({
    unitUniqueId: UNIT,
    intercoms: [
      { mode: 'audioRoom', audioRoomId: 'AUD-2', targetChannelId: null, destinationAccount: null },
      { mode: 'targetChannel', audioRoomId: null, targetChannelId: null, destinationAccount: null },
    ],
  });
  const unit = makeDetail({ uniqueId: UNIT, status: 'online', inventoryIds: ['inv1'] });
  return new FakeApi()
    .on('getUnit', unit)
    .on('getUnitEnhanced', { ...unit, configuration, refreshIntervalMs: 60_000 })
    .on('getUnitSipAccount', { uniqueId: UNIT, sipAccount: null })
    .on('getDeviceLocation', { uniqueId: UNIT, location: null, live: false })
    .on('listInventoryAudioRooms', { items: ROOMS, total: ROOMS.length, offset: 0, limit: 1000 })
    .on('updateUnitIntercom', configuration);
}

async function openIntercom(roles: Role[], api: FakeApi) {
  const rendered = await renderWithApp(<UnitDetailPanel unitId={UNIT} onClose={() => undefined} />, { roles, route: `/list?unit=${UNIT}&tab=intercom`, api });
  await screen.findByTestId('unit-detail-intercom-1');
  return rendered;
}

describe('Unit detail, Intercom tab: the audio room', () => {
  it('shows the saved room by name, offers the unit’s rooms by name in natural order, and saves the picked room’s id', async () => {
    const api = core();
    const { user } = await openIntercom(['luc_admin'], api);
    const field = screen.getByTestId('unit-detail-intercom-1-room');
    await waitFor(() => expect(field).toHaveValue('Studio_2'));

    await user.click(field);
    const options = await screen.findAllByTestId('unit-detail-intercom-1-room-option');
    expect(options.map((o) => o.getAttribute('data-room'))).toEqual(['AUD-7', 'AUD-2', 'AUD-10']);
    expect(options[2]).toHaveTextContent('AUD-10 · Hub Paris');
    expect(options[0]).toHaveTextContent('Not an intercom room');
    expect(within(options[0]?.closest('[role="option"]') as HTMLElement).getByText('Lobby')).toBeVisible();
    expect(options[0]?.closest('[role="option"]')).toHaveAttribute('data-combobox-disabled', 'true');

    await fill(user, field, 'Studio_10');
    await waitFor(() => expect(screen.getAllByTestId('unit-detail-intercom-1-room-option')).toHaveLength(1));
    await user.click(screen.getAllByTestId('unit-detail-intercom-1-room-option')[0] as HTMLElement);
    expect(field).toHaveValue('Studio_10');
    await user.click(screen.getByTestId('unit-detail-intercom-1-save'));
    await waitFor(() => expect(api.calls('updateUnitIntercom')).toHaveLength(1));
    expect(api.calls('updateUnitIntercom')[0]?.body).toMatchObject({ intercom: 1, mode: 'audioRoom', audioRoomId: 'AUD-10' });
  }, 30_000);

  it('lets a user who may not read the rooms’ list type the room, saying why, and reads no list', async () => {
    const api = core();
    await openIntercom(['luc_regular'], api);
    const field = screen.getByTestId('unit-detail-intercom-1-room');
    expect(field).toHaveValue('AUD-2');
    expect(screen.getByText("The room's name or id (the list of audio rooms is for administrators)")).toBeVisible();
    expect(api.calls('listInventoryAudioRooms')).toHaveLength(0);
  }, 30_000);
});
