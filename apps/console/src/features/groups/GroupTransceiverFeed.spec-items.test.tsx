/**
 * A group's channel shared as a transceiver feed (spec 001 §8 "Group or channel sharing as
 * transceiver feed cannot be removed"): the core's refusal of the change that takes it out of the
 * group shows in the catalogue's words on the general tab, the channel still listed as a member.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@fleet/contracts';
import { countChannels } from '@fleet/domain';
import { makeChannel } from '../../test-utils/channels';
import { apiError, FakeApi } from '../../test-utils/fakeApi';
import { makeGroupDetail, makeGroupRow } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import GroupModal from './GroupModal';

describe('Errors: group or channel sharing as transceiver feed cannot be removed', () => {
  it('shows the core refusing to take the feed channel out of the group in the spec words', async () => {
    const row = makeGroupRow({ id: 'g1', name: 'Studio', inventoryId: 'inv1', version: 4 });
    const base = makeGroupDetail(row);
    const detail = {
      ...base,
      members: { ...base.members, channelIds: ['feed-ch'] },
      memberNames: { ...base.memberNames, channels: [{ id: 'feed-ch', name: 'Feed_a' }] },
    };
    const channels = [makeChannel({ channelId: 'feed-ch', channelName: 'Feed_a' })];
    const api = new FakeApi()
      .on('fetchGroupDetails', [detail])
      .on('fetchGroups', [row])
      .on('fetchDevices', [])
      .on('fetchChannels', { channels, counters: countChannels(channels) })
      .on('updateGroupDetails', () => apiError('TRANSCEIVER_FEED_IN_USE'));
    const { user } = await renderWithApp(<GroupModal groupId="g1" onClose={() => undefined} />, { roles: ['luc_admin'], route: '/groups?group=g1', api });

    await user.click(await screen.findByTestId('group-member-remove-channels-feed-ch'));
    await user.click(screen.getByTestId('group-general-save'));

    expect(await screen.findByTestId('group-general-error')).toHaveTextContent(ERROR_CATALOGUE.TRANSCEIVER_FEED_IN_USE.message);
    await waitFor(() => expect(api.calls('updateGroupDetails')).toHaveLength(1));
    expect(api.calls('updateGroupDetails')[0]?.body).toMatchObject({ id: 'g1', version: 4, members: { channelIds: [] } });
  });
});
