/**
 * "Save as a new group" in the group modal's general tab (POST groups/add_details): a new group of
 * the same inventory with the tab's auto-association flags and members as they stand, under the
 * name given (the §5 name rule and uniqueness inline).
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { GroupDetail, Role } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeGroupDetail, makeGroupRow } from '../../test-utils/fixtures';
import { fill, renderWithApp } from '../../test-utils/render';
import GroupModal from './GroupModal';

const row = makeGroupRow({ id: 'g1', name: 'News_desk', version: 4 });
const detail: GroupDetail = {
  ...makeGroupDetail(row),
  autoAssociation: { units: true, channels: false, vrChannels: false, users: true },
  members: { unitIds: ['LU800-0001'], channelIds: ['MMH-1-CH1'], vrChannelIds: [], userIds: ['u2'] },
  memberNames: {
    units: [{ id: 'LU800-0001', name: 'Camera_north' }],
    channels: [{ id: 'MMH-1-CH1', name: 'Studio_a' }],
    vrChannels: [],
    users: [{ id: 'u2', username: 'anna.berg', fullName: 'Anna Berg' }],
  },
};

async function openGeneral(api: FakeApi, roles: Role[] = ['luc_admin']) {
  const rendered = await renderWithApp(<GroupModal groupId="g1" onClose={() => undefined} />, {
    roles,
    route: '/groups?group=g1',
    api: api.on('fetchGroupDetails', [detail]).on('fetchGroups', [row]),
  });
  await screen.findByTestId('group-general');
  return rendered;
}

describe('Group modal: save as a new group', () => {
  it('creates a group of the same inventory with the tab’s flags and members, under the name given', async () => {
    const api = new FakeApi().on('addGroupDetails', ({ body }) => ({ ...detail, id: 'g9', name: body.name, version: 1 }));
    const { user } = await openGeneral(api);

    // The draft as it stands: one more flag ticked before copying.
    await user.click(screen.getByTestId('group-auto-channels'));
    await user.click(screen.getByTestId('group-general-copy'));
    expect(screen.getByTestId('group-name-input')).toHaveValue('News_desk_copy');
    expect(screen.getByTestId('group-copy-inventory')).toHaveValue('Inventory 1');
    await fill(user, screen.getByTestId('group-name-input'), 'News_desk_night');
    await user.click(screen.getByTestId('group-name-save'));

    await waitFor(() => expect(api.calls('addGroupDetails')).toHaveLength(1));
    expect(api.calls('addGroupDetails')[0]?.body).toEqual({
      name: 'News_desk_night',
      inventoryId: 'inv1',
      autoAssociation: { units: true, channels: true, vrChannels: false, users: true },
      members: { unitIds: ['LU800-0001'], channelIds: ['MMH-1-CH1'], vrChannelIds: [], userIds: ['u2'] },
    });
    expect(await screen.findByText('Group News_desk_night created')).toBeVisible();
    expect(api.calls('updateGroupDetails')).toHaveLength(0);
  });

  it('checks the name before sending: the §5 rule and a name the inventory already has', async () => {
    const api = new FakeApi();
    const { user } = await openGeneral(api);
    await user.click(screen.getByTestId('group-general-copy'));
    await fill(user, screen.getByTestId('group-name-input'), 'News_desk');
    await user.click(screen.getByTestId('group-name-save'));
    expect(await screen.findByText(VALIDATION.nameUnique)).toBeVisible();
    await fill(user, screen.getByTestId('group-name-input'), 'News desk!');
    await user.click(screen.getByTestId('group-name-save'));
    expect(await screen.findByText(VALIDATION.unitNameCharacters)).toBeVisible();
    expect(api.calls('addGroupDetails')).toHaveLength(0);
  });

  it('is not offered to users who may not create groups', async () => {
    await openGeneral(new FakeApi(), ['luc_regular']);
    expect(screen.queryByTestId('group-general-copy')).not.toBeInTheDocument();
  });
});
