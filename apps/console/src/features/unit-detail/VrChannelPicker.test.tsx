/**
 * The unit's video return channel chosen by name: the video return channels of the unit's group in
 * natural order with hub and status by label, an offline one refused, the one chosen sent by id and
 * then shown by name.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeDetail, makeUnitConfiguration } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import { groupList, vrChannel } from '../../test-utils/vrChannels';
import UnitDetailPanel from './UnitDetailPanel';

const UNIT = 'LU800-0001';

describe('Unit detail: the video return channel picker', () => {
  it('offers the group’s video return channels by name, refuses an offline one, sends the one chosen and shows it by name', async () => {
    const unit = makeDetail({ uniqueId: UNIT, capabilities: { videoReturn: true } });
    const configuration = makeUnitConfiguration({ unitUniqueId: UNIT });
    const channels = [
      vrChannel('VR-10', { name: 'Return_10', status: 'idle', groupIds: ['g1'] }),
      vrChannel('VR-2', { name: 'Return_2', status: 'idle', groupIds: ['g1'] }),
      vrChannel('VR-3', { name: 'Return_3', status: 'offline', groupIds: ['g1'] }),
    ];
    let selected: string | null = null;
    const api = new FakeApi()
      .on('getUnit', unit)
      .on('getUnitEnhanced', () => ({
        ...unit,
        configuration: { ...configuration, videoReturn: { ...configuration.videoReturn, selectedVrChannelId: selected } },
        refreshIntervalMs: 60_000,
      }))
      .on('getDeviceLocation', { uniqueId: UNIT, location: null, live: false })
      .on('getUnitGroups', [{ id: 'g1', name: 'Newsroom', inventoryId: 'inv1', inventoryName: 'Newsroom' }])
      .on('listGroupVrChannels', groupList(channels, 'g1'))
      .on('updateUnitSelectedVrChannel', ({ body }) => {
        selected = body.vrChannelId ?? null;
        return { ...configuration, videoReturn: { ...configuration.videoReturn, selectedVrChannelId: selected } };
      });
    const { user } = await renderWithApp(<UnitDetailPanel unitId={UNIT} onClose={() => undefined} />, {
      roles: ['luc_regular'],
      route: `/list?unit=${UNIT}&tab=videoReturn`,
      api,
    });
    const input = await screen.findByTestId('unit-detail-videoreturn-input');
    await user.click(input);
    await waitFor(() => expect(screen.getAllByTestId('unit-detail-videoreturn-option')).toHaveLength(3));
    expect(screen.getAllByTestId('unit-detail-videoreturn-option').map((o) => o.getAttribute('data-channel'))).toEqual(['VR-2', 'VR-3', 'VR-10']);
    const offline = screen.getAllByTestId('unit-detail-videoreturn-option')[1]!.closest('[role="option"]');
    expect(offline).toHaveAttribute('data-combobox-disabled');
    expect(offline).toHaveTextContent('Offline');

    await user.click(await screen.findByRole('option', { name: /Return_2/ }));
    await user.click(screen.getByTestId('unit-detail-videoreturn-select'));
    await waitFor(() => expect(api.calls('updateUnitSelectedVrChannel')[0]?.body).toEqual({ vrChannelId: 'VR-2' }));
    await waitFor(() => expect(screen.getByTestId('unit-detail-videoreturn-selected')).toHaveTextContent('Return_2'));
  }, 20_000);
});
