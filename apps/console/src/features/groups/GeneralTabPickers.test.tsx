/**
 * The group modal's general tab: the member pickers offer the objects of the group's inventory only
 * — the unit list's units narrowed to the inventory, the channels read for the inventory
 * (channels/fetch?inventory=) — here for a super user, who may read every inventory's.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../../test-utils/fakeApi';
import { countChannels } from '@fleet/domain';
import { makeChannel } from '../../test-utils/channels';
import { makeGroupDetail, makeGroupRow, makeUnit } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import GroupModal from './GroupModal';

const row = makeGroupRow({ id: 'g1', name: 'Studio', inventoryId: 'inv1', version: 4 });
const channelsOf: Record<string, ReturnType<typeof makeChannel>[]> = {
  inv1: [makeChannel({ channelId: 'own-ch', channelName: 'Studio_a' })],
  inv2: [makeChannel({ channelId: 'foreign-ch', channelName: 'Metro_a' })],
};

describe('Group modal: the member pickers', () => {
  it('offer a super user the channels and units of the group’s inventory only', async () => {
    const api = new FakeApi()
      .on('fetchGroupDetails', [makeGroupDetail(row)])
      .on('fetchGroups', [row])
      .on('fetchDevices', [
        makeUnit({ uniqueId: 'LU800-0003', name: 'Cam_own', inventoryIds: ['inv1'] }),
        makeUnit({ uniqueId: 'LU800-0005', name: 'Cam_foreign', inventoryIds: ['inv2'] }),
      ])
      .on('fetchChannels', ({ query }) => {
        const channels = query.inventory === undefined ? [...channelsOf.inv1!, ...channelsOf.inv2!] : (channelsOf[query.inventory] ?? []);
        return { channels, counters: countChannels(channels) };
      });
    const { user } = await renderWithApp(<GroupModal groupId="g1" onClose={() => undefined} />, { roles: ['super_user'], route: '/groups?group=g1', api });
    await screen.findByTestId('group-general');

    await user.click(await screen.findByTestId('group-member-add-channels'));
    expect(await screen.findByRole('option', { name: 'Studio_a' })).toBeVisible();
    expect(screen.queryByRole('option', { name: 'Metro_a' })).not.toBeInTheDocument();
    expect(api.calls('fetchChannels').map((call) => call.url)).toEqual(['/api/channels/fetch?inventory=inv1']);
    await user.keyboard('{Escape}');

    await user.click(await screen.findByTestId('group-member-add-units'));
    expect(await screen.findByRole('option', { name: 'Cam_own' })).toBeVisible();
    expect(screen.queryByRole('option', { name: 'Cam_foreign' })).not.toBeInTheDocument();
  }, 20_000);
});
